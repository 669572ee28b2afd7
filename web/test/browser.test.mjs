// SPDX-License-Identifier: BSD-2-Clause
// The page in Debian's chromium, driven by playwright-core, from
// file://: a record dropped on it is shown, stepped through by keys and
// buttons, a diagnostic clicked shows its position, a download equals
// bgconv's conversion, nothing is loaded from elsewhere, a 25 point
// match is shown whole (its time printed), and screenshots at desktop
// and phone width are written to web/test/out/, of the page and of an
// analysed match (the references kept are web/test/reference/*.png).  An analysed match (gnubg's SGF)
// shows its decisions as bggrep --decisions gives them, filtered by
// player and error, each a link to its position, the candidates at the
// frame's position and the players' statistics as bgscore's.  An XG
// file, a damaged one and a .gz are shown as bgconv and bgcheck read
// them, and a .zip of two records lists its members, each shown and
// saved as bgconv gives ARCHIVE:MEMBER.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from
  "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { gunzipSync, gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const top = path.resolve(here, "../..");
const url = pathToFileURL(path.join(top, "web/index.html")).href;
const out = path.join(here, "out");
// Debian's chromium, found on the PATH (CHROMIUM=path for another).
const chrome = process.env.CHROMIUM ?? spawnSync("sh", ["-c",
  "command -v chromium || command -v chromium-browser"]).stdout.toString()
  .trim();
const m1 = "tests/corpus/gnubg/matches/m0001.mat";
const mutant = "fixtures/bgcheck/mutants/garbage_lines.mat";
let browser, tmp;

function tool(name, args, cwd = top) {
  return spawnSync(path.join(top, "bin", name), args, { cwd,
    maxBuffer: 1 << 26 }).stdout;
}

before(async () => {
  mkdirSync(out, { recursive: true });
  tmp = mkdtempSync(path.join(tmpdir(), "bgkit-web-"));
  browser = await chromium.launch({ executablePath: chrome,
    args: ["--no-sandbox", "--allow-file-access-from-files"] });
});

after(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function open(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.bgkitReady === true);
  return { page, context, requests, errors };
}

// A file dropped on the page, as a drag from the desktop gives it: a
// path, or { bytes, name }; with wait, what bgkitShown says once it is
// shown.
async function drop(page, rel, wait = true) {
  const bytes = [...(rel.bytes ?? readFileSync(path.isAbsolute(rel) ? rel :
    path.join(top, rel)))];
  const name = rel.name ?? path.basename(rel);
  await page.evaluate(() => { window.bgkitShown = null; });
  await page.evaluate(([b, n]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(b)], n));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt,
      bubbles: true, cancelable: true }));
  }, [bytes, name]);
  if (!wait) return null;
  await page.waitForFunction(() => window.bgkitShown);
  return page.evaluate(() => window.bgkitShown);
}

function frameHash(page) {
  return page.frame({ url: /^blob:/ }).evaluate(() => location.hash);
}

test("a dropped record is shown and stepped through", async () => {
  const { page, context, requests, errors } = await open();
  const shown = await drop(page, m1);
  assert.equal(shown.name, "m0001.mat");
  const frame = page.frame({ url: /^blob:/ });
  assert.ok(frame, "the match's frame");
  assert.equal(await frame.locator("section").count(), 3, "3 games");
  // The writer's page starts at the first position, its address as it was.
  assert.equal(await frameHash(page), "");
  await page.locator("#match").focus();
  await frame.locator("body").press("ArrowRight");
  await frame.locator("body").press("ArrowRight");
  assert.equal(await frameHash(page), "#g1t2");
  await frame.locator("#next").click();
  assert.equal(await frameHash(page), "#g1t3");
  await frame.locator("body").press("PageDown");
  assert.equal(await frameHash(page), "#g2t0");
  assert.match(await page.locator("#status").textContent(),
    /m0001\.mat: 0 errors, 0 warnings; shown in \d+ ms/);
  assert.deepEqual(errors, []);
  assert.ok(requests.every((u) => /^(file|data|blob|about):/.test(u)),
    requests.join(" "));
  await context.close();
});

test("the diagnostics are bgcheck's, each a link to its position",
  async () => {
    const { page, context } = await open();
    await drop(page, mutant);
    const want = tool("bgcheck", ["-T", "json",
      path.basename(mutant)], path.join(top, path.dirname(mutant)))
      .toString().split("\n").filter(Boolean).map((l) => JSON.parse(l))
      .filter((o) => !o.summary);
    const items = page.locator("#diags li");
    assert.equal(await items.count(), want.length);
    const text = spawnSync(path.join(top, "bin/bgcheck"),
      [path.basename(mutant)], { cwd: path.join(top, path.dirname(mutant)) })
      .stderr.toString().split("\n").filter(Boolean)
      .map((l) => l.replace(/^bgcheck: /, ""));
    assert.deepEqual(await items.allTextContents(), text);
    await items.nth(1).locator("button").click();
    assert.equal(await frameHash(page), `#g${want[1].game}t${want[1].turn}`);
    // The writer's page lists it at that position too.
    const frame = page.frame({ url: /^blob:/ });
    assert.match(await frame.locator("#note").textContent(),
      /more than four checker moves/);
    await context.close();
  });

test("a download equals bgconv's conversion", async () => {
  const { page, context } = await open();
  await drop(page, m1);
  for (const [id, fmt] of [["#dl-sgf", "sgf"], ["#dl-mat", "mat"],
    ["#dl-json", "json"]]) {
    const [dl] = await Promise.all([page.waitForEvent("download"),
      page.click(id)]);
    const file = path.join(tmp, dl.suggestedFilename());
    await dl.saveAs(file);
    const want = tool("bgconv", ["-T", fmt, path.basename(m1)],
      path.join(top, path.dirname(m1)));
    assert.ok(readFileSync(file).equals(want), `${fmt} differs`);
    assert.equal(dl.suggestedFilename(), `m0001.${fmt}`);
  }
  await context.close();
});

// Each download of the record shown equals bgconv -F's conversion of
// file, run in dir (file may be ARCHIVE:MEMBER).
async function sameDownloads(page, dir, file) {
  for (const [id, fmt] of [["#dl-sgf", "sgf"], ["#dl-mat", "mat"],
    ["#dl-json", "json"]]) {
    const [dl] = await Promise.all([page.waitForEvent("download"),
      page.click(id)]);
    const got = path.join(tmp, `got.${fmt}`);
    await dl.saveAs(got);
    const want = tool("bgconv", ["-F", "-T", fmt, file], dir);
    assert.ok(want.length > 0, `bgconv -T ${fmt} ${file}`);
    assert.ok(readFileSync(got).equals(want), `${file}: ${fmt} differs`);
  }
}

// The diagnostics listed are bgcheck's text of file, run in dir.
async function sameDiagnostics(page, dir, file) {
  const text = spawnSync(path.join(top, "bin/bgcheck"), [file], { cwd: dir })
    .stderr.toString().split("\n").filter(Boolean)
    .map((l) => l.replace(/^bgcheck: /, ""));
  assert.deepEqual(await page.locator("#diags li").allTextContents(), text);
}

test("an XG file and a .gz dropped are shown as bgconv writes them",
  async () => {
    const { page, context, errors } = await open();
    const xg = "fixtures/demo/match.xg";
    const shown = await drop(page, xg);
    assert.equal(shown.name, "match.xg");
    const frame = page.frame({ url: /^blob:/ });
    assert.equal(await frame.locator("section").count(), 3, "3 games");
    assert.equal(await page.locator("#members").isHidden(), true);
    await sameDiagnostics(page, path.join(top, "fixtures/demo"), "match.xg");
    await sameDownloads(page, path.join(top, "fixtures/demo"), "match.xg");
    // An XG file made damaged: its error as bgcheck's.
    const bad = path.join(tmp, "bad-crc.xg");
    writeFileSync(bad, execFileSync("python3", [path.join(top,
      "tests/xgmake.py"), path.join(top, "tests/xg/bad-crc.txt")]));
    await drop(page, bad, false);
    await page.waitForFunction(() => /^bad-crc\.xg: /.test(
      document.getElementById("status").textContent));
    const want = spawnSync(path.join(top, "bin/bgcheck"), ["bad-crc.xg"],
      { cwd: tmp }).stderr.toString().trim().replace(/^bgcheck: /, "");
    assert.match(want, /checksum does not match/);
    assert.ok((await page.locator("#status").textContent()).endsWith(want));
    await sameDiagnostics(page, tmp, "bad-crc.xg");
    // A .gz of the corpus's first match.
    const gz = path.join(tmp, "m0001.mat.gz");
    writeFileSync(gz, gzipSync(readFileSync(path.join(top, m1))));
    assert.equal((await drop(page, gz)).name, "m0001.mat.gz");
    await sameDownloads(page, tmp, "m0001.mat.gz");
    assert.deepEqual(errors, []);
    await context.close();
  });

test("a .zip of two records: each member shown, named ARCHIVE:MEMBER",
  async () => {
    const { page, context, errors } = await open();
    const zip = path.join(tmp, "two.zip");
    execFileSync("python3", [path.join(top, "tests/archmake.py"), "zip", zip,
      path.join(top, "fixtures/bgcheck/valid/money-session.mat"),
      path.join(top, mutant)]);
    const shown = await drop(page, zip);
    assert.equal(shown.name, "two.zip:money-session.mat");
    assert.equal(await page.locator("#members").isVisible(), true);
    assert.deepEqual(await page.locator("#member option").allTextContents(),
      ["two.zip:money-session.mat", "two.zip:garbage_lines.mat"]);
    await sameDiagnostics(page, tmp, "two.zip:money-session.mat");
    await sameDownloads(page, tmp, "two.zip:money-session.mat");
    await page.evaluate(() => { window.bgkitShown = null; });
    await page.selectOption("#member", "1");
    await page.waitForFunction(() => window.bgkitShown);
    assert.equal((await page.evaluate(() => window.bgkitShown)).name,
      "two.zip:garbage_lines.mat");
    await sameDiagnostics(page, tmp, "two.zip:garbage_lines.mat");
    assert.ok(await page.locator("#diags li").count() > 0);
    await sameDownloads(page, tmp, "two.zip:garbage_lines.mat");
    assert.deepEqual(errors, []);
    await context.close();
  });

test("the keyboard reaches every control, each with a label", async () => {
  const { page, context } = await open();
  const seen = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    seen.push(await page.evaluate(() => document.activeElement.id));
  }
  // The downloads are disabled until a record is read: skipped.
  assert.deepEqual(seen, ["file", "paste", "read", "match"]);
  for (const id of ["file", "paste"])
    assert.equal(await page.locator(`label[for=${id}]`).count(), 1);
  await page.fill("#paste", readFileSync(path.join(top, m1), "utf8"));
  await page.click("#paste-form button");
  await page.waitForFunction(() => window.bgkitShown);
  assert.equal(await page.locator("#match").getAttribute("title"),
    "The match, move by move");
  await context.close();
});

// The time from the drop to the match shown is a measurement, not a
// test (a shared machine's wall time says nothing): it is printed as a
// "#" line, and doc/performance.md records it.  The test holds the
// long match to being shown whole.
test("a 25 point match of 30 games is shown whole (and timed)", async () => {
  execFileSync("cc", ["-std=c99", "-O2", "-D_POSIX_C_SOURCE=200809L",
    "-Ilib", "-o", path.join(tmp, "gen"), "tests/bench/gen.c",
    "lib/libbgkit.a", "-ldl"], { cwd: top });
  const long = path.join(tmp, "long.mat");
  execFileSync(path.join(tmp, "gen"), ["-l", "25", "-n", "30", long]);
  const { page, context } = await open();
  await drop(page, m1);
  const times = [], reads = [];
  for (let i = 0; i < 3; i++) {
    const r = await drop(page, long);
    times.push(r.ms);
    reads.push(r.read);
  }
  const frame = page.frame({ url: /^blob:/ });
  assert.ok(frame, "the match's frame");
  assert.equal(await frame.locator("section").count(), 30, "30 games");
  console.log(`# a 25 point match of 30 games (${readFileSync(long)
    .length} bytes): shown in ${times.map((t) => t.toFixed(1))
    .join(", ")} ms, of which read, replayed and written as HTML in ${
    reads.map((t) => t.toFixed(1)).join(", ")} ms; load average ${
    loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  await context.close();
});

// The analysed fixture: gnubg's SGF, gunzipped here (the page reads no
// gzip), and what the C tools say of it, reading the .gz themselves.
const analysed = "tests/corpus/analysed/m0001.sgf.gz";
const sgf = { bytes: gunzipSync(readFileSync(path.join(top, analysed))),
  name: "m0001.sgf" };
function toolJSON(name, args) {
  return tool(name, args).toString().split("\n").filter(Boolean)
    .map((l) => JSON.parse(l));
}
// The rows the page lists: the decisions the analysis says something of.
const listed = (d) => d.error !== null || d.mark !== null ||
  d.cube_mark !== null || d.best !== null;
const RANK = { doubtful: 1, bad: 2, very_bad: 3 };
const worst = (d) => Math.max(RANK[d.mark] ?? 0, RANK[d.cube_mark] ?? 0);
// A number as the page writes it: d decimals, a true minus sign.
const num = (x, d, plus = "") => x === null ? "" : (x < 0 &&
  Number(Math.abs(x).toFixed(d)) !== 0 ? "\u2212" : plus) +
  Math.abs(x).toFixed(d);
const eq = (x) => num(x, 3, "+");

test("an analysed match: its decisions as bggrep's, filtered, linked",
  async () => {
    const { page, context, errors } = await open();
    await drop(page, sgf);
    const want = toolJSON("bggrep", ["--decisions", "-T", "json", analysed])
      .filter(listed);
    assert.ok(want.length > 100, `${want.length} analysed decisions`);
    const rows = page.locator("#decisions tbody tr");
    assert.equal(await rows.count(), want.length);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) =>
      [...tr.cells].map((td) => td.textContent)));
    assert.deepEqual(cells, want.map((d) => [String(d.game),
      String(d.move), d.player, eq(d.error),
      ["", "doubtful", "bad", "very bad"][worst(d)],
      d.dice ? d.dice.join("") : "",
      d.action === "move" ? d.play ?? "" : d.action, d.best ?? ""]));
    const visible = () => rows.evaluateAll((trs) => trs.filter((tr) =>
      !tr.hidden).length);
    assert.equal(await visible(), want.length);
    // By player, by mark, by the equity lost.
    await page.selectOption("#f-player", "1");
    assert.equal(await visible(), want.filter((d) => d.side === 1).length);
    await page.selectOption("#f-size", "bad");
    const bad = want.filter((d) => d.side === 1 && worst(d) >= 2);
    assert.ok(bad.length > 0);
    assert.equal(await visible(), bad.length);
    assert.equal(await page.locator("#dec-count").textContent(),
      `${bad.length} of ${want.length}`);
    await page.selectOption("#f-player", "");
    await page.selectOption("#f-size", "all");
    await page.fill("#f-min", "0.1");
    const big = want.filter((d) => d.error !== null && d.error <= -0.1);
    assert.ok(big.length > 0 && big.length < want.length);
    assert.equal(await visible(), big.length);
    // A row clicked shows its position, and its candidates beside.
    const d = big[1];
    const first = page.locator("#decisions tbody tr:not([hidden])").nth(1);
    await first.locator("button").click();
    const frame = page.frame({ url: /^blob:/ });
    await frame.waitForFunction((at) => location.hash === at,
      `#g${d.game}t${d.move}`);
    assert.equal(await frameHash(page), `#g${d.game}t${d.move}`);
    assert.equal(await frame.locator("#board").getAttribute("data-at"),
      `g${d.game}t${d.move}`);
    assert.match(await page.locator("#here-where").textContent(),
      new RegExp(`^Game ${d.game}, turn ${d.move}: ${d.player} .*` +
        `error ${eq(d.error)}`));
    assert.equal(await first.getAttribute("class"), "cur");
    if (d.action === "move") {
      const cand = page.locator("#here-body tbody tr");
      assert.equal(await cand.first().locator("td").nth(1).textContent(),
        d.best);
      assert.match(await page.locator("#here-body tr.made").textContent(),
        new RegExp(d.play.replace(/[()*]/g, "\\$&") + " \\(played"));
    }
    // A double: its cube decision, as bgconv -T json has its analysis.
    await page.fill("#f-min", "0");
    const dbl = want.find((x) => x.action === "double");
    const a = toolJSON("bgconv", ["-T", "json", analysed]).find((o) =>
      o.type === "record" && o.game === dbl.game && o.turn === dbl.move)
      .analysis;
    await page.locator(`#decisions button[aria-label="Game ${dbl.game}, ` +
      `turn ${dbl.move}: show"]`).click();
    await frame.waitForFunction((at) => location.hash === at,
      `#g${dbl.game}t${dbl.move}`);
    const pc = (x) => `${(100 * x).toFixed(1)}%`;
    assert.equal(await page.locator("#here-body p.cube").textContent(),
      a.no_double !== undefined ? `Cube: no double ${eq(a.no_double)}` +
        ` \u00b7 double, take ${eq(a.double_take)} \u00b7 double, pass ` +
        eq(a.double_pass) : "Cube: match-winning chances: no double " +
        `${pc(a.no_double_outputs.mwc)} \u00b7 double, take ` +
        pc(a.double_take_outputs.mwc) + (a.mark ? ` (${a.mark.replace("_",
          " ")})` : ""));
    // Stepping in the frame moves the analysis with it.
    await page.locator(`#decisions button[aria-label="Game ${d.game}, ` +
      `turn ${d.move}: show"]`).click();
    await frame.waitForFunction((at) => location.hash === at,
      `#g${d.game}t${d.move}`);
    await page.locator("#match").focus();
    await frame.locator("body").press("ArrowRight");
    await page.waitForFunction((t) => document.getElementById("here-where")
      .textContent.startsWith(t), `Game ${d.game}, turn ${d.move + 1}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

test("an analysed match: the players' statistics as bgscore's", async () => {
  const { page, context } = await open();
  await drop(page, sgf);
  const st = toolJSON("bgscore", ["--statistics", "-T", "json", analysed])
    .at(-1);
  assert.equal(st.scope, "match");
  const cells = await page.locator("#stats tbody tr").evaluateAll((trs) =>
    trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(cells, [0, 1].map((s) => [st.players[s],
    num(st.overall[s].rate_memg, 1), st.overall[s].rating,
    num(st.overall[s].pr, 2), eq(st.luck[s].total_emg),
    st.luck[s].rating]));
  // A record without analysis shows none of it.
  await drop(page, m1);
  assert.equal(await page.locator("#analysis").isHidden(), true);
  assert.equal(await page.locator("#here").isHidden(), true);
  await context.close();
});

test("an analysed match: its controls by keyboard, each labelled",
  async () => {
    const { page, context } = await open();
    await drop(page, sgf);
    for (const id of ["f-player", "f-size", "f-min"])
      assert.equal(await page.locator(`label[for=${id}]`).count(), 1);
    await page.focus("#f-player");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.id),
      "f-size");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.id),
      "f-min");
    // The first row's link is next; Enter shows its position.
    await page.keyboard.press("Tab");
    const label = await page.evaluate(() =>
      document.activeElement.getAttribute("aria-label"));
    const [, g, t] = /^Game (\d+), turn (\d+): show$/.exec(label);
    await page.keyboard.press("Enter");
    const frame = page.frame({ url: /^blob:/ });
    await frame.waitForFunction((at) => location.hash === at, `#g${g}t${t}`);
    await context.close();
  });

test("screenshots at desktop and phone width", async () => {
  for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }]]) {
    const { page, context } = await open(viewport);
    await drop(page, mutant);
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    const png = readFileSync(path.join(out, `${name}.png`));
    assert.equal(png.readUInt32BE(16), viewport.width);
    assert.equal(png.readUInt32BE(20), viewport.height);
    // The phone's layout puts the match below the input, no wider.
    const box = await page.locator("#match").boundingBox();
    assert.ok(box.x + box.width <= viewport.width + 1);
    // An analysed match: the candidates at a bad play, the statistics
    // and the decisions, none wider than the screen.
    await drop(page, sgf);
    await page.selectOption("#f-size", "bad");
    await page.locator("#decisions tbody tr:not([hidden]) button").first()
      .click();
    await page.locator("#here").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `${name}-analysis.png`) });
    await page.locator("#analysis").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out,
      `${name}-decisions.png`) });
    for (const id of ["#here", "#analysis", "#stats-scroll", "#dec-filter",
      "#dec-scroll"]) {
      const b = await page.locator(id).boundingBox();
      assert.ok(b.x + b.width <= viewport.width + 1, id);
    }
    await context.close();
  }
});
