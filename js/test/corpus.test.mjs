// SPDX-License-Identifier: BSD-2-Clause
// Every match of tests/corpus/gnubg/matches read by the package and by
// the C tools: the same positions (bgshow -a), diagnostics (bgcheck)
// and conversions (bgconv), byte for byte.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bg, bytes, corpus, lines, sameDiagnostics, toolOut } from
  "./helpers.mjs";

test("the corpus is there", () => {
  assert.ok(corpus.length >= 24, `${corpus.length} files`);
});

for (const f of corpus) {
  test(`${f}: positions as bgshow -a gives them`, () => {
    const games = bg.read(bytes(f), { name: f }).flatMap((m) => m.games());
    const pos = games.flatMap((g) => g.positions);
    assert.ok(pos.length > 0);
    assert.deepEqual(pos.map((p) => p.xgid),
      lines(toolOut("bgshow", ["-a", "-T", "xgid", f])));
    assert.deepEqual(pos.map((p) => p.gnubgId),
      lines(toolOut("bgshow", ["-a", "-T", "gnubgid", f])));
    // Each record's position after it is one the replay passed.
    const recs = games.flatMap((g) => g.records);
    assert.ok(recs.every((r) => pos.includes(r.after)));
  });

  test(`${f}: diagnostics as bgcheck's`, () => sameDiagnostics(f));

  test(`${f}: decisions as bggrep --decisions`, () => {
    const want = lines(toolOut("bggrep", ["--decisions", "-T", "json", f]))
      .map((l) => JSON.parse(l));
    assert.ok(want.length > 0);
    assert.deepEqual(bg.decisions(bytes(f), { name: f }), want);
  });

  for (const to of ["mat", "sgf", "json", "snowie", "html"]) {
    test(`${f}: converted to ${to} as bgconv -T ${to}`, () => {
      const want = toolOut("bgconv", ["-T", to, f]);
      const got = bg.convert(bytes(f), to, { name: f, bytes: true });
      assert.ok(Buffer.from(got).equals(want), `${f} -T ${to} differs`);
    });
  }

  test(`${f}: each game to .gam as bgconv --directory`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bgkit-js-"));
    try {
      toolOut("bgconv", ["-T", "gam", "--directory", dir, f]);
      const base = path.basename(f).replace(/\.[a-z]+$/, "");
      const n = bg.read(bytes(f)).flatMap((m) => m.games()).length;
      for (let k = 1; k <= n; k++) {
        const want = readFileSync(path.join(dir, n > 1 ?
          `${base}.g${k}.gam` : `${base}.gam`));
        const got = bg.convert(bytes(f), "gam", { name: f, game: k,
          bytes: true });
        assert.ok(Buffer.from(got).equals(want), `game ${k} differs`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
