// SPDX-License-Identifier: BSD-2-Clause
// bg.games(): a long match (tests/bench/gen.c, the benchmark's
// generator) read one game at a time, against bgshow -a and bgcheck,
// with the module's heap and each step's JSON bounded; the games of the
// corpus and of inputs with errors as read() gives them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ReadError } from "../bgkit.mjs";
import { bg, bytes, corpus, files, lines, tool, toolOut, top } from
  "./helpers.mjs";

// The JSON length of each step of a read the module hands over while fn
// runs (a JSON text that starts {"ev":).
function stepSizes(fn) {
  const call = bg._call;
  const sizes = [];
  bg._call = function (r, wantBytes) {
    const heap = this._m.HEAPU8;
    const [, , json, len] = r ? new Uint32Array(heap.buffer, r, 4) : [];
    if (len && new TextDecoder().decode(heap.subarray(json, json + 6)) ===
        '{"ev":')
      sizes.push(len);
    return call.call(this, r, wantBytes);
  };
  try {
    fn();
  } finally {
    delete bg._call;
  }
  return sizes;
}

// What a game of read() or games() says, positions as XGIDs.
function summary(g) {
  return { number: g.number, players: g.players, scores: g.scores,
    result: g.result, diagnostics: g.diagnostics.map(String),
    records: g.records.map((r) => [r.kind, r.line, r.column, r.text,
      r.play, r.before.xgid, r.after.xgid]) };
}

test("games(): 2,000 games of one match in bounded memory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bgkit-js-"));
  try {
    execFileSync(process.env.CC || "cc", ["-std=c99", "-O2",
      "-D_POSIX_C_SOURCE=200809L", "-Ilib", "-o", path.join(dir, "gen"),
      "tests/bench/gen.c", "lib/libbgkit.a", "-ldl"], { cwd: top });
    const file = path.join(dir, "long.mat");
    execFileSync(path.join(dir, "gen"), ["-l", "9999", "-n", "2000", file]);
    const input = readFileSync(file);
    const want = lines(toolOut("bgshow", ["-a", "-T", "xgid", file]));
    const check = lines(tool("bgcheck", ["-T", "json", file]).out)
      .map((l) => JSON.parse(l));
    const summ = check.find((o) => o.summary);
    assert.ok(summ, "bgcheck's summary");
    const base = bg._m._bgjs_allocated();
    const heap = [];
    let got = [], games = 0, diags = [], match = null;
    const sizes = stepSizes(() => {
      for (const g of bg.games(input, { name: file })) {
        games++;
        match = g.match;
        got = got.concat(g.positions.map((p) => p.xgid));
        diags = diags.concat(g.diagnostics);
        if (games % 100 === 0) heap.push(bg._m._bgjs_allocated() - base);
      }
    });
    assert.equal(games, 2000);
    assert.equal(summ.games, 2000);
    assert.equal(match.result.games, 2000);
    assert.equal(got.length, want.length);
    assert.deepEqual(got, want);
    assert.deepEqual(diags.map((d) => d.toJSON()),
      check.filter((o) => !o.summary));
    // The module holds the input and one game: what it holds after 100
    // games it holds after 2,000, within a game's worth.
    assert.ok(Math.max(...heap) - heap[0] < 1 << 18,
      `heap ${heap[0]} to ${Math.max(...heap)}`);
    assert.equal(bg._m._bgjs_allocated(), base);
    // No step's JSON is more than a small part of the whole.
    const total = sizes.reduce((a, b) => a + b, 0);
    const big = sizes.reduce((a, b) => Math.max(a, b), 0);
    // A step a match, a game, its end, the input's end.
    assert.equal(sizes.length, 2000 + 4);
    assert.ok(big * 200 < total, `largest step ${big} of ${total}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("games() gives the games of read(), each in its match", () => {
  const inputs = corpus.concat(files("fixtures/bgcheck/mutants",
    /\.mat$/).slice(0, 20));
  for (const f of inputs) {
    let eager;
    try {
      eager = bg.read(bytes(f), { name: f });
    } catch (e) {
      assert.ok(e instanceof ReadError);
      assert.throws(() => [...bg.games(bytes(f), { name: f })], ReadError);
      continue;
    }
    const flat = eager.flatMap((m) => m.games());
    const streamed = [...bg.games(bytes(f), { name: f })];
    assert.equal(streamed.length, flat.length, f);
    streamed.forEach((g, i) => {
      assert.deepEqual(summary(g), summary(flat[i]), `${f} game ${i + 1}`);
      assert.equal(g.match._index, flat[i].match._index);
    });
    // The last game of each match leaves its match complete.
    for (const m of eager) {
      const last = streamed.filter((g) => g.match._index === m._index)
        .at(-1);
      if (!last) continue;
      assert.deepEqual(last.match.result, m.result, f);
      assert.deepEqual(last.match.diagnostics.map(String),
        m.diagnostics.map(String), f);
      assert.deepEqual(last.match.players, m.players);
      assert.throws(() => last.match.games(), /keeps no games/);
    }
  }
});

test("games() left early frees the module's reader", () => {
  const input = bytes(corpus[0]);
  const base = bg._m._bgjs_allocated();
  let n = 0;
  for (const g of bg.games(input)) {
    assert.ok(bg._m._bgjs_allocated() > base);
    if (++n === 1) break;
  }
  assert.equal(n, 1);
  assert.equal(bg._m._bgjs_allocated(), base);
  assert.throws(() => {
    for (const g of bg.games(input)) throw new Error(`stop at ${g.number}`);
  }, /stop at/);
  assert.equal(bg._m._bgjs_allocated(), base);
  assert.throws(() => bg.games(input, { format: "nosuch" }).next(),
    /unknown format/);
  assert.throws(() => bg.games("hello world\n").next(), ReadError);
  assert.equal(bg._m._bgjs_allocated(), base);
});
