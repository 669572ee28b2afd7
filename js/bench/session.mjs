// SPDX-License-Identifier: BSD-2-Clause
// The package's speed against bgcheck's (doc/performance.md): node
// session.mjs FILE [RUNS] reads and replays FILE with check(), as
// `bgcheck -e -j 1 FILE` does, and reads it whole into objects with
// games() (every game's records and positions, one game at a time),
// RUNS times each (3 by default), and prints the CPU time (user +
// system) of each, their means and the ratios.  FILE is make bench's
// money session (tests/bench/gen.c).  A report, not a test.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { init } from "../bgkit.mjs";

const [file, runs = "3"] = process.argv.slice(2);
const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)),
  "../..");
const bg = await init();
const bytes = readFileSync(file);
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const js = [], c = [], gs = [];
for (let i = 0; i < Number(runs); i++) {
  const t = process.cpuUsage(), w = performance.now();
  const d = bg.check(bytes, { name: file });
  const u = process.cpuUsage(t);
  js.push((u.user + u.system) / 1e6);
  console.log(`node check(): ${js[i].toFixed(2)} s CPU, ` +
    `${((performance.now() - w) / 1000).toFixed(2)} s wall, ` +
    `${d.length} diagnostics`);
  const t2 = process.cpuUsage(), w2 = performance.now();
  let games = 0, positions = 0;
  for (const g of bg.games(bytes, { name: file })) {
    games++;
    for (const rec of g.records) if (rec.after) positions++;
  }
  const u2 = process.cpuUsage(t2);
  gs.push((u2.user + u2.system) / 1e6);
  console.log(`node games(): ${gs[i].toFixed(2)} s CPU, ` +
    `${((performance.now() - w2) / 1000).toFixed(2)} s wall, ` +
    `${games} games, ${positions} positions`);
  const r = spawnSync("sh", ["-c", '"$1" -e -j 1 "$2"; echo $?; times', "sh",
    path.join(top, "bin/bgcheck"), file]);
  const lines = r.stdout.toString().trim().split("\n");
  // times: the shell's, then its children's user and system time.
  const [cu, cs] = lines[lines.length - 1].split(/\s+/).map((x) => {
    const m = /(\d+)m([\d.]+)s/.exec(x);
    return Number(m[1]) * 60 + Number(m[2]);
  });
  c.push(cu + cs);
  console.log(`bgcheck -e -j 1: ${c[i].toFixed(2)} s CPU (exit ${
    lines[lines.length - 3]})`);
}
console.log(`${(bytes.length / 1048576).toFixed(1)} MB: node ${
  mean(js).toFixed(2)} s, bgcheck ${mean(c).toFixed(2)} s CPU (means of ${
  runs}); node takes ${(mean(js) / mean(c)).toFixed(2)} times bgcheck's ` +
  "time");
console.log(`games(): ${mean(gs).toFixed(2)} s CPU, ${
  (mean(gs) / mean(c)).toFixed(2)} times bgcheck's time`);
