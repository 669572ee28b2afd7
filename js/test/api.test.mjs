// SPDX-License-Identifier: BSD-2-Clause
// Positions, legal plays, errors and memory: the package against
// bgshow and bgmove, and the module's heap over many reads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bg, bytes, corpus, toolOut } from "./helpers.mjs";
import { gunzipSync } from "node:zlib";
import { BgkitError, ReadError, ConvertError, PositionError } from
  "../bgkit.mjs";

const ids = [
  "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
  "XGID=aA-a--D-DA--cC--abbe---AA-:0:0:-1:00:0:4:1:5:10",
  "XGID=-a---aD-D---dD---cae----BA:1:-1:1:00:2:4:0:5:10",
  "4HPwATDgc/ABMA:cIkKAAAAAAAE",
];

for (const id of ids) {
  test(`${id}: IDs and pictures as bgshow's`, () => {
    const p = bg.Position.parse(id);
    const show = (t) => toolOut("bgshow", ["-T", t, "-p", id]).toString();
    assert.equal(p.xgid + "\n", show("xgid"));
    assert.equal(p.gnubgId + "\n", show("gnubgid"));
    assert.equal(p.ogid + "\n", show("ogid"));
    assert.equal(p.svg(), show("svg"));
    assert.equal(p.fibs + "\n", show("fibs"));
  });
}

test("legal plays as bgmove -a lists them", () => {
  for (const id of ids.slice(0, 2))
    for (const d of ["52", "66", "31"]) {
      const want = toolOut("bgmove", ["-a", "-T", "json", "-d", d, "-p",
        id]).toString().split("\n").filter(Boolean).map((l) =>
        JSON.parse(l));
      const got = bg.Position.parse(id).legalPlays(d);
      assert.deepEqual(got.map((p) => [p.text, p.after.xgid]),
        want.map((o) => [o.move, o.xgid]), `${id} ${d}`);
    }
});

test("a position's numbers", () => {
  const p = bg.Position.parse(ids[0]);
  assert.deepEqual(p.pips, [167, 167]);
  assert.deepEqual(p.dice, [5, 2]);
  assert.equal(p.cube, 1);
  assert.equal(p.cubeOwner, null);
  assert.equal(p.length, 0);
  assert.equal(p.board[1].reduce((a, b) => a + b), 15);
  const std = bg.Position.start();
  assert.equal(std.xgid, toolOut("bgshow", ["-T", "xgid", "-p", "start"])
    .toString().trim());
  assert.throws(() => bg.Position.start("chess"));
  const s = bg.Position.start("nackgammon", 7);
  assert.equal(s.length, 7);
  assert.equal(s.variant, "nackgammon");
  assert.equal(s.board[0][24], 2);
});

test("errors", () => {
  assert.throws(() => bg.Position.parse("XGID=nonsense"), PositionError);
  assert.throws(() => bg.read("hello world\n", { name: "notes.txt" }),
    (e) => e instanceof ReadError && e.code === "no_match_line" &&
      e.message.startsWith("notes.txt:1: error: no 'N point match' line"));
  assert.throws(() => bg.read(""), ReadError);
  assert.throws(() => bg.decisions("hello world\n"), ReadError);
  const bad = bytes("fixtures/bgcheck/mutants/garbage_lines.mat");
  assert.throws(() => bg.convert(bad, "sgf"), (e) =>
    e instanceof ConvertError && e.diagnostics.length === 3);
  assert.ok(bg.convert(bad, "sgf", { force: true }).startsWith("(;FF[4]"));
  assert.throws(() => bg.convert(bad, "pdf"));
  assert.throws(() => bg.read(bad, { format: "nosuch" }));
  // An unknown format or bad rules: the call's error, the module whole
  // (convert() freed its pipeline twice).
  for (const opts of [{ format: "nosuch" }, { rules: "nosuch=on" }])
    for (const call of [() => bg.convert(bad, "sgf", opts),
      () => bg.convert(bad, "sgf", { force: true, ...opts }),
      () => bg.decisions(bad, opts), () => bg.statistics(bad, opts)])
      assert.throws(call, (e) => e instanceof BgkitError &&
        e.code === "invalid_argument");
  assert.ok(bg.convert(bytes(corpus[0]), "sgf").startsWith("(;FF[4]"));
});

test("records and positions", () => {
  const [m] = bg.read(bytes(corpus[0]), { name: corpus[0] });
  const games = m.games();
  assert.equal(m.length, 5);
  assert.deepEqual(m.result.score, games[games.length - 1].result.score);
  const g = games[0];
  assert.equal(g.records[0].before, g.positions[0]);
  assert.equal(g.records[0].kind, "move");
  assert.equal(g.records[0].play, "13/7 8/7");
  assert.equal(g.records[0].after.positionId, "4NvgATDgc/ABMA");
  assert.equal(g.positions.length, 1 + g.records.filter((r) =>
    r.before !== r.after).length);
});

test("10,000 reads, and games() ended or left, leave the heap as it was", () => {
  const input = bytes(corpus[0]);
  const bad = bytes("fixtures/bgcheck/mutants/garbage_lines.mat");
  const round = () => {
    bg.read(input);
    // games() to the end, and left at its first game (its return()).
    for (const g of bg.games(input)) g.positions.map((p) => p.xgid);
    for (const g of bg.games(input)) if (g.records.length) break;
    bg.check(bad, { collapse: true });
    bg.convert(input, "sgf");
    bg.Position.parse(ids[0]).legalPlays().map((p) => p.after.xgid);
  };
  round();
  const heap = bg._m.HEAPU8.length, used = bg._m._bgjs_allocated();
  for (let i = 0; i < 10000; i++) bg.read(input);
  for (let i = 0; i < 500; i++) round();
  // The analysis, the decisions and the statistics of an analysed match.
  const sgf = gunzipSync(bytes("tests/corpus/analysed/m0003.sgf.gz"));
  for (let i = 0; i < 20; i++) {
    const [m] = bg.read(sgf);
    m.decisions();
    m.statistics();
  }
  assert.equal(bg._m._bgjs_allocated(), used);
  assert.equal(bg._m.HEAPU8.length, heap);
});
