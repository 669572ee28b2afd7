// SPDX-License-Identifier: BSD-2-Clause
// npm pack makes the tarball; installed into an empty folder with npm
// install (offline: the package has no dependencies), the example of
// README.md runs with node and prints what README.md shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { top } from "./helpers.mjs";

test("npm pack, npm install, README's example", () => {
  const js = path.join(top, "js");
  const dir = mkdtempSync(path.join(tmpdir(), "bgkit-pack-"));
  try {
    const env = { ...process.env, npm_config_cache: path.join(dir, "cache"),
      npm_config_offline: "true", npm_config_audit: "false",
      npm_config_fund: "false", npm_config_update_notifier: "false" };
    const tgz = execFileSync("npm", ["pack", "--silent", "--pack-destination",
      dir], { cwd: js, env }).toString().trim().split("\n").pop();
    const app = path.join(dir, "app");
    execFileSync("mkdir", [app]);
    writeFileSync(path.join(app, "package.json"), "{}\n");
    execFileSync("npm", ["install", "--silent", path.join(dir, tgz)],
      { cwd: app, env });
    const readme = readFileSync(path.join(js, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```(\w*)\n([\s\S]*?)```/g)];
    const code = blocks.find((b) => b[1] === "js")[2];
    const shown = blocks[blocks.indexOf(blocks.find((b) => b[1] === "js")) +
      1][2];
    writeFileSync(path.join(app, "example.mjs"), code);
    const out = execFileSync("node", ["example.mjs"], { cwd: app }).toString();
    assert.equal(out, shown);
    const files = execFileSync("tar", ["tzf", path.join(dir, tgz)])
      .toString().split("\n").filter(Boolean).sort();
    assert.deepEqual(files, ["package/README.md", "package/bgkit-core.mjs",
      "package/bgkit.mjs", "package/bgkit.wasm", "package/index.d.ts",
      "package/package.json"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
