// SPDX-License-Identifier: BSD-2-Clause
// What the tests share: the module, the tree's C tools, the corpus.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { init } from "../bgkit.mjs";

export const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)),
  "../..");
export const bg = await init();

/* Run a tool of bin/ from the top of the tree: {out, err, rc}. */
export function tool(name, args) {
  const r = spawnSync(path.join(top, "bin", name), args, { cwd: top,
    maxBuffer: 1 << 28 });
  return { out: r.stdout, err: r.stderr, rc: r.status };
}

export function toolOut(name, args) {
  return execFileSync(path.join(top, "bin", name), args, { cwd: top,
    maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
}

/* The files of a folder of the tree, relative to the top, sorted. */
export function files(dir, re = /./) {
  return readdirSync(path.join(top, dir)).filter((f) => re.test(f)).sort()
    .map((f) => path.join(dir, f));
}

export function bytes(rel) {
  return readFileSync(path.join(top, rel));
}

export const corpus = files("tests/corpus/gnubg/matches", /\.(mat|sgf)$/);

export function lines(buf) {
  return buf.toString().split("\n").filter((l) => l !== "");
}

/*
 * The diagnostics of the file rel by the package are bgcheck's: its
 * JSON objects (each warning in its place) and its text lines (a
 * repeated warning once).
 */
export function sameDiagnostics(rel) {
  const json = lines(tool("bgcheck", ["-T", "json", rel]).out)
    .map((l) => JSON.parse(l)).filter((o) => !o.summary);
  assert.deepEqual(bg.check(bytes(rel), { name: rel })
    .map((d) => d.toJSON()), json);
  const text = lines(tool("bgcheck", [rel]).err)
    .map((l) => l.replace(/^bgcheck: /, ""));
  assert.deepEqual(bg.check(bytes(rel), { name: rel, collapse: true })
    .map(String), text);
}
