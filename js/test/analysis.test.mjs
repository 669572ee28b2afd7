// SPDX-License-Identifier: BSD-2-Clause
// The engine's analysis of the gnubg-analysed matches of
// tests/corpus/analysed (gzipped SGF, which the module does not
// gunzip: node:zlib does it here): each record's analysis as bgconv
// -T json writes it, the decisions as bggrep --decisions -T json and
// the statistics as bgscore --statistics -T json, the tools reading the
// gzipped files themselves; the analysis and diagram of position text
// exports (fixtures/bgcheck/xgtext) as bgconv -T json writes them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { bg, bytes, files, lines, tool, toolOut } from "./helpers.mjs";

const analysed = files("tests/corpus/analysed", /\.sgf\.gz$/);
const sgf = (f) => gunzipSync(bytes(f));
const jsonLines = (buf) => lines(buf).map((l) => JSON.parse(l));

test("the analysed corpus is there", () => {
  assert.equal(analysed.length, 12);
});

for (const f of analysed) {
  test(`${f}: each record's analysis as bgconv -T json`, () => {
    const want = jsonLines(toolOut("bgconv", ["-T", "json", f]))
      .filter((o) => o.type === "record").map((o) => o.analysis ?? null);
    const got = bg.read(sgf(f), { name: f }).flatMap((m) => m.games())
      .flatMap((g) => g.records).map((r) => r.analysis);
    assert.equal(got.length, want.length);
    assert.ok(got.filter(Boolean).length > 10, "records with analysis");
    assert.deepEqual(got, want);
  });

  test(`${f}: decisions as bggrep --decisions -T json`, () => {
    const want = jsonLines(toolOut("bggrep", ["--decisions", "-T", "json",
      f]));
    assert.ok(want.some((d) => d.error !== null), "some analysed");
    const [match] = bg.read(sgf(f), { name: f });
    assert.deepEqual(match.decisions(), want);
    assert.deepEqual(match.games().flatMap((g) => g.decisions()), want);
    assert.deepEqual(bg.decisions(sgf(f), { name: f }), want);
    // Game k's are those of its ordinal.
    for (const [i, g] of match.games().entries())
      assert.ok(g.decisions().every((d) => d.game === i + 1));
  });

  test(`${f}: statistics as bgscore --statistics -T json`, () => {
    const want = jsonLines(toolOut("bgscore", ["--statistics", "-T", "json",
      f]));
    const [match] = bg.read(sgf(f), { name: f });
    const got = match.statistics();
    assert.equal(got.length, match.games().length + 1);
    assert.equal(got[got.length - 1].scope, "match");
    assert.deepEqual(got, want);
    assert.deepEqual(bg.statistics(sgf(f), { name: f }), want);
  });
}

// Figures read by hand from the first two moves of m0001.sgf.gz:
// ;B[61lrqr]A[0][lrqr E ver 3 0.532691 ... 0.127301 ...]...LU[0.12730]
// ;W[52mkmh]DA[...]A[1][mhxv ... -0.188734 ...][mhmk ... -0.236683 ...]
//   ...LU[-0.05558]DO[]
test("m0001: the first moves' analysis, read by hand", () => {
  const f = "tests/corpus/analysed/m0001.sgf.gz";
  const [match] = bg.read(sgf(f), { name: f });
  const [first, second] = match.games()[0].records
    .filter((r) => r.kind === "move");
  const a = first.analysis;
  assert.deepEqual(a.has, ["move"]);
  assert.equal(a.played, 0);
  assert.equal(a.luck, 0.1273);
  assert.equal(a.candidates.length, 10);
  assert.equal(a.candidates[0].play, "13/7 8/7");
  assert.equal(a.candidates[0].equity, 0.127301);
  assert.equal(a.candidates[0].win, 0.532691);
  assert.equal(a.candidates[0].eval.type, "ply");
  assert.equal(a.candidates[0].eval.plies, 0);
  const b = second.analysis;
  assert.deepEqual(b.has, ["move", "cube"]);
  assert.equal(b.played, 1);
  assert.equal(b.mark, "doubtful");
  assert.equal(b.luck, -0.05558);
  assert.equal(b.candidates[0].play, "24/22 13/8");
  assert.equal(b.candidates[1].play, "13/11 13/8");
  assert.equal(b.candidates[1].equity, -0.236683);
  // bggrep's row of that move: the error is the difference.
  const row = match.decisions()[1];
  assert.equal(row.play, "13/11 13/8");
  assert.equal(row.best, "24/22 13/8");
  assert.equal(row.error, -0.047949);
  assert.equal(row.mark, "doubtful");
  // A record without analysis has none.
  const plain = bg.read(bytes(files("tests/corpus/gnubg/matches",
    /\.mat$/)[0]))[0];
  assert.ok(plain.games()[0].records.every((r) => r.analysis === null));
  assert.ok(plain.decisions().every((d) => d.error === null));
});

test("statistics of a record without analysis: of no move", () => {
  const f = files("tests/corpus/gnubg/matches", /\.mat$/)[0];
  const [m] = bg.read(bytes(f), { name: f });
  const st = m.statistics();
  assert.deepEqual(st, jsonLines(toolOut("bgscore", ["--statistics", "-T",
    "json", f])));
  assert.equal(st[st.length - 1].scope, "match");
  assert.ok(st.every((o) => o.checker.every((c) => c.moves === 0)));
});

const exports = files("fixtures/bgcheck/xgtext", /\.txt$/);

test("position text exports: the game's analysis and diagram", () => {
  let analysed = 0;
  for (const f of exports) {
    const want = jsonLines(tool("bgconv", ["-F", "-T", "json", f]).out);
    let games;
    try {
      games = bg.read(bytes(f), { name: f }).flatMap((m) => m.games());
    } catch (e) {
      assert.ok(!want.some((o) => o.type === "game"), `${f}: ${e.message}`);
      continue;
    }
    assert.equal(games.length, want.filter((o) => o.type === "game").length,
      f);
    games.forEach((g, i) => {
      const mine = want.filter((o) => o.game === i + 1);
      assert.deepEqual(g.analysis, mine.filter((o) => o.type === "analysis")
        .map(({ type, game, ...rest }) => rest), f);
      assert.equal(g.diagram, mine.find((o) => o.type === "diagram")?.xgid ??
        null, f);
      assert.deepEqual(g.records.map((r) => r.analysis), mine
        .filter((o) => o.type === "record").map((o) => o.analysis ?? null), f);
      analysed += g.analysis.length > 0;
    });
  }
  assert.ok(analysed >= 10, `${analysed} games with analysis`);
});

// Read by hand from fixtures/bgcheck/xgtext/cube-en.txt.
test("cube-en.txt: the cube decision, read by hand", () => {
  const [g] = bg.read(bytes("fixtures/bgcheck/xgtext/cube-en.txt"))[0]
    .games();
  assert.deepEqual(g.analysis, [{ kind: "cube", line: 22, side: 1,
    rank: null, proper_text: "Redouble / Pass", eval: "XG Roller+",
    equity: 1, no_double: 0.702, double_take: 1.215, double_pass: 1,
    proper: "double_pass", win: [21.6, 78.4], gammon: [1.3, 9.1],
    backgammon: [0.03, 0.2] }]);
  assert.equal(g.diagram,
    "XGID=--BBBBB-B---bC-----bbcbbb-:1:1:1:00:2:0:0:7:10");
});
