// SPDX-License-Identifier: BSD-2-Clause
// The page in Debian's chromium, driven by playwright-core, from
// file://: a record dropped on it is shown, stepped through by keys and
// buttons, a diagnostic clicked shows its position, a download equals
// bgconv's conversion, nothing is loaded from elsewhere, a 25 point
// match is shown whole (its time printed), and screenshots at desktop
// and phone width are written to web/test/out/ (the references kept
// are web/test/reference/*.png).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
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

// A file dropped on the page, as a drag from the desktop gives it.
async function drop(page, rel) {
  const bytes = [...readFileSync(path.isAbsolute(rel) ? rel :
    path.join(top, rel))];
  const name = path.basename(rel);
  await page.evaluate(() => { window.bgkitShown = null; });
  await page.evaluate(([b, n]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(b)], n));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt,
      bubbles: true, cancelable: true }));
  }, [bytes, name]);
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
    await context.close();
  }
});
