// SPDX-License-Identifier: BSD-2-Clause
// eXtreme Gammon's files, whose zlib streams the module inflates through
// node:zlib (bg_reader_set_inflate(3)), and gzip-compressed input, read
// by the package and by the C tools: every XG file of the tree (those of
// fixtures/ and those tests/xgmake.py makes of tests/xg/*.txt, damaged
// ones too) with the same diagnostics (bgcheck), positions (bgshow -a),
// decisions (bggrep --decisions) and conversions (bgconv -F), byte for
// byte.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync, inflateSync } from "node:zlib";
import { BgkitError, init } from "../bgkit.mjs";
import { bg, files, lines, top } from "./helpers.mjs";

const tmp = mkdtempSync(path.join(tmpdir(), "bgkit-js-xg-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

// The files made by tests/xgmake.py, named as tests/xg's description
// (an .xgp for a position's).
const made = files("tests/xg", /\.txt$/).map((d) => {
  const base = path.basename(d, ".txt");
  const out = path.join(tmp, base + (/position/.test(base) ? ".xgp" :
    ".xg"));
  writeFileSync(out, execFileSync("python3", [path.join(top,
    "tests/xgmake.py"), path.join(top, d)]));
  return out;
});
const inputs = ["fixtures/demo/match.xg", "fixtures/demo/position.xgp",
  "fixtures/bgcheck/quirks/money.xg"].map((f) => path.join(top, f))
  .concat(made);

// A tool of bin/ on an absolute path, run where the file is, so that it
// is named by its base name as the package is told: {out, err, rc}.
function run(name, args, f) {
  const r = spawnSync(path.join(top, "bin", name), [...args,
    path.basename(f)], { cwd: path.dirname(f), maxBuffer: 1 << 28 });
  return { out: r.stdout, err: r.stderr, rc: r.status };
}

test("the XG files are there", () => {
  assert.ok(made.length >= 21, `${made.length} made`);
  // money.xg is XG's text export, named .xg.
  assert.ok(made.concat(inputs.slice(0, 2)).every((f) => readFileSync(f)
    .subarray(0, 4).toString() === "RGMH"));
});

for (const f of inputs) {
  const name = path.basename(f);
  const input = () => readFileSync(f);

  test(`${name}: diagnostics as bgcheck's`, () => {
    const json = lines(run("bgcheck", ["-T", "json"], f).out)
      .map((l) => JSON.parse(l)).filter((o) => !o.summary);
    assert.deepEqual(bg.check(input(), { name }).map((d) => d.toJSON()),
      json);
    const text = lines(run("bgcheck", [], f).err)
      .map((l) => l.replace(/^bgcheck: /, ""));
    assert.deepEqual(bg.check(input(), { name, collapse: true })
      .map(String), text);
  });

  test(`${name}: positions as bgshow -a, decisions as bggrep`, () => {
    const shown = run("bgshow", ["-a", "-T", "xgid"], f);
    let games;
    try {
      games = bg.read(input(), { name }).flatMap((m) => m.games());
    } catch (e) {
      // No record read: bgshow shows none either.
      assert.ok(e instanceof BgkitError, String(e));
      assert.deepEqual(lines(shown.out), []);
      return;
    }
    const pos = games.flatMap((g) => g.positions);
    // bgshow stops at an error, the replay goes on: the positions it
    // showed come first.
    const upTo = shown.rc === 0 ? pos.length : lines(shown.out).length;
    assert.ok(shown.rc === 0 || upTo > 0 || pos.length === 0);
    assert.deepEqual(pos.slice(0, upTo).map((p) => p.xgid),
      lines(shown.out));
    assert.deepEqual(pos.slice(0, upTo).map((p) => p.gnubgId),
      lines(run("bgshow", ["-a", "-T", "gnubgid"], f).out));
    const dec = run("bggrep", ["--decisions", "-T", "json"], f);
    if (dec.rc === 0)
      assert.deepEqual(bg.decisions(input(), { name }),
        lines(dec.out).map((l) => JSON.parse(l)));
  });

  for (const to of ["mat", "sgf", "json"]) {
    test(`${name}: converted to ${to} as bgconv -F -T ${to}`, () => {
      const want = run("bgconv", ["-F", "-T", to], f).out;
      let got = Buffer.alloc(0);
      try {
        got = bg.convertFull(input(), to, { name, force: true,
          bytes: true }).output;
      } catch (e) {
        assert.ok(e instanceof BgkitError, String(e));
      }
      assert.ok(Buffer.from(got).equals(want), `${name} -T ${to} differs`);
    });
  }
}

test("the analysis of an XG file is read", () => {
  const f = made.find((m) => path.basename(m) === "analysis.xg");
  const dec = bg.decisions(readFileSync(f), { name: "analysis.xg" });
  assert.ok(dec.some((d) => d.eval === "rollout" && d.best_equity !== null),
    "an analysed decision");
});

test("gzip: a .gz is read as bgcheck and bgconv read it", () => {
  for (const src of [path.join(top, "fixtures/demo/match.xg"),
    path.join(top, "tests/corpus/gnubg/matches/m0001.mat")]) {
    const gz = path.join(tmp, path.basename(src) + ".gz");
    writeFileSync(gz, gzipSync(readFileSync(src)));
    const name = path.basename(gz);
    const json = lines(run("bgcheck", ["-T", "json"], gz).out)
      .map((l) => JSON.parse(l)).filter((o) => !o.summary);
    assert.deepEqual(bg.check(readFileSync(gz), { name })
      .map((d) => d.toJSON()), json);
    assert.ok(bg.read(readFileSync(gz), { name }).length > 0);
    for (const to of ["mat", "json"]) {
      const want = run("bgconv", ["-T", to], gz).out;
      assert.ok(want.length > 0);
      assert.ok(Buffer.from(bg.convert(readFileSync(gz), to,
        { name, bytes: true })).equals(want), `${name} -T ${to}`);
    }
  }
});

test("the caller's inflate and crc32 are the ones called", async () => {
  let inflates = 0, crcs = 0;
  const zlib = await import("node:zlib");
  const mine = await init({
    inflate: (d) => { inflates++; return inflateSync(d); },
    crc32: (d) => { crcs++; return zlib.crc32(d); },
  });
  const f = path.join(top, "fixtures/demo/match.xg");
  assert.equal(mine.convert(readFileSync(f), "mat", { name: "match.xg" }),
    bg.convert(readFileSync(f), "mat", { name: "match.xg" }));
  assert.ok(inflates > 0 && crcs > 0, `${inflates} inflates, ${crcs} crcs`);
  // Its whole output, longer or shorter than the index says: the errors
  // of node:zlib's bounded one (held to bgcheck's above).
  for (const base of ["size-more.xg", "size-less.xg"]) {
    const m = made.find((x) => path.basename(x) === base);
    const got = mine.check(readFileSync(m), { name: base }).map(String);
    assert.equal(got.length, 1);
    assert.deepEqual(got, bg.check(readFileSync(m), { name: base })
      .map(String));
  }
});

test("without inflate, an XG file throws BgkitError saying so", async () => {
  const none = await init({ inflate: false, crc32: false });
  const f = readFileSync(path.join(top, "fixtures/demo/match.xg"));
  for (const call of [() => none.read(f), () => none.check(f),
    () => none.convert(f, "mat")])
    assert.throws(call, (e) => e instanceof BgkitError &&
      /init\(\{ inflate, crc32 \}\)/.test(e.message));
  // Other records are read as before.
  assert.equal(none.read(readFileSync(path.join(top,
    "tests/corpus/gnubg/matches/m0001.mat"))).length, 1);
});
