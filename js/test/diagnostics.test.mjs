// SPDX-License-Identifier: BSD-2-Clause
// The diagnostics of every input of fixtures/bgcheck (but XG files,
// which xg.test.mjs reads, and archives, which the module reads only
// gunzipped: see README.md) word for word as bgcheck's: its JSON
// objects (each warning in its place) and its text lines (a repeated
// warning once).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { files, sameDiagnostics, top } from "./helpers.mjs";

const inputs = readdirSync(path.join(top, "fixtures/bgcheck")).sort()
  .filter((d) => d !== "xg" && d !== "archive")
  .flatMap((d) => files(`fixtures/bgcheck/${d}`,
    /\.(mat|txt|sgf|json|log|fibs|gam)$/));

test("there are fixtures", () => {
  assert.ok(inputs.length > 100, `${inputs.length} inputs`);
});

for (const f of inputs) {
  test(`${f}: bgcheck's diagnostics`, () => sameDiagnostics(f));
}
