// SPDX-License-Identifier: BSD-2-Clause
// The page (web/index.html): a record dropped, opened or pasted is read,
// replayed and shown as bgconv -T html shows it, in a frame; its
// diagnostics are listed beside it, each a link to its position; the
// record can be saved as .mat, SGF or JSON.  When the record holds the
// engine's analysis, the page shows the candidates and the cube decision
// at the frame's position, a table of the decisions (bggrep
// --decisions), filtered by player and error, each a link to its
// position, and the players' statistics (bgscore --statistics).
// eXtreme Gammon's files are inflated and a .gz gunzipped by fflate
// (web/build.mjs bundles it), which the package is given; a .zip is
// opened here, its members listed to choose from, each read as its own
// record named ARCHIVE:MEMBER as bgcheck names it.  Nothing leaves the
// page.
const $ = (id) => document.getElementById(id);
let bg = null, current = null, pageURL = null;
// The analysis of the first match: its decisions by "game:turn", each
// analysed record by the same, the rows of the table.
let an = null;

function status(text) {
  $("status").textContent = text;
}

function download(fmt, ext) {
  if (!current) return;
  const r = bg.convertFull(current.bytes, fmt, { name: current.name,
    force: true, bytes: true });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([r.output],
    { type: "application/octet-stream" }));
  a.download = current.name.replace(/\.[^./]*$/, "") + ext;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function goTo(game, turn) {
  // The frame's page follows its address's fragment (hashchange).
  $("match").src = `${pageURL}#g${game}t${turn}`;
  $("match").focus();
  showHere(game, turn);
}

// A number with d decimals and a true minus sign; "+" before an
// equity: "+0.127", "\u22120.048", as the frame's page writes them.
function num(x, d, plus = "") {
  if (x === null || x === undefined) return "";
  const t = Math.abs(x).toFixed(d);
  return (x < 0 && Number(t) !== 0 ? "\u2212" : plus) + t;
}
const eq = (x) => num(x, 3, "+");

const MARKS = { doubtful: "doubtful", bad: "bad", very_bad: "very bad" };
const RANK = { doubtful: 1, bad: 2, very_bad: 3 };
const PROPER = { no_double: "no double", double_take: "double, take",
  double_pass: "double, pass", too_good: "too good to double, pass" };

// The worse of a decision's marks, or null.
function markOf(d) {
  return (RANK[d.cube_mark] ?? 0) > (RANK[d.mark] ?? 0) ? d.cube_mark :
    d.mark ?? null;
}

function cell(tr, text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

function table(head, caption) {
  const t = document.createElement("table");
  const c = document.createElement("caption");
  c.textContent = caption;
  t.appendChild(c);
  const tr = document.createElement("tr");
  for (const h of head) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = h;
    tr.appendChild(th);
  }
  t.createTHead().appendChild(tr);
  t.appendChild(document.createElement("tbody"));
  return t;
}

// The candidates and the cube decision at the frame's position: those
// of the record that led to it (game and turn as the frame counts).
function showHere(game, turn) {
  if (!an) return;
  const key = `${game}:${turn}`, d = an.byTurn.get(key);
  const a = an.records.get(key);
  const body = $("here-body");
  body.replaceChildren();
  for (const tr of document.querySelectorAll("#decisions tr.cur"))
    tr.classList.remove("cur");
  const row = an.rows.get(key);
  if (row) row.classList.add("cur");
  if (!d && !a) {
    $("here-where").textContent = `Game ${game}, turn ${turn}: ` +
      "no analysed decision";
    return;
  }
  const who = d ? d.player ?? `side ${d.side}` : "";
  const what = d ? (d.action === "move" ? `${d.dice ? d.dice.join("") :
    ""}: ${d.play ?? ""}` : d.action) : "";
  const mark = d && markOf(d);
  $("here-where").textContent = `Game ${game}, turn ${turn}: ${who} ` +
    `${what}` + (d && d.error !== null ? `, error ${eq(d.error)}` : "") +
    (mark ? ` (${MARKS[mark]})` : "");
  if (a && a.has.includes("cube")) {
    // The cubeful equities, or when the analysis has only those, the
    // match-winning chances of no double and double, take.
    const nd = a.no_double_outputs?.mwc, dt = a.double_take_outputs?.mwc;
    const pc = (x) => `${(100 * x).toFixed(1)}%`;
    const text = a.no_double !== undefined ? `no double ${eq(a.no_double)}` +
      ` \u00b7 double, take ${eq(a.double_take)} \u00b7 double, pass ` +
      eq(a.double_pass) + (a.proper ? ` \u00b7 proper: ${PROPER[a.proper]}` :
        "") : nd !== undefined && dt !== undefined ? "match-winning " +
      `chances: no double ${pc(nd)} \u00b7 double, take ${pc(dt)}` : "";
    const mark = a.cube_mark ?? (d && d.action !== "move" ? a.mark : null);
    if (text) {
      const p = document.createElement("p");
      p.className = "cube";
      p.textContent = `Cube: ${text}` + (mark ? ` (${MARKS[mark]})` : "");
      body.appendChild(p);
    }
  }
  if (a && a.candidates) {
    const t = table(["#", "Play", "Equity", "Error"],
      "Candidates, best first");
    const best = a.candidates[0].equity;
    a.candidates.forEach((c, i) => {
      const tr = document.createElement("tr");
      const made = a.played === i;
      if (made) tr.className = "made";
      cell(tr, `${i + 1}.`);
      cell(tr, (c.play ?? "?") + (made ? " (played" + (a.mark ?
        `, ${MARKS[a.mark]})` : ")") : ""), made && a.mark ? a.mark : "");
      cell(tr, eq(c.equity), "num");
      cell(tr, i > 0 && c.equity !== undefined && best !== undefined ?
        eq(c.equity - best) : "", "num");
      t.tBodies[0].appendChild(tr);
    });
    const div = document.createElement("div");
    div.className = "scroll";
    div.appendChild(t);
    body.appendChild(div);
  }
  if (a && a.luck !== undefined) {
    const p = document.createElement("p");
    const lm = { 2: "very lucky", 1: "lucky", "-1": "unlucky",
      "-2": "very unlucky" }[a.luck_mark];
    p.textContent = `Luck of the roll: ${eq(a.luck)}` +
      (lm ? ` (${lm})` : "");
    body.appendChild(p);
  }
}

// The rows of the decisions table the filters let through.
function filterDecisions() {
  if (!an) return;
  const who = $("f-player").value, size = $("f-size").value;
  const min = Math.abs(Number($("f-min").value) || 0);
  let n = 0;
  for (const [d, tr] of an.list) {
    const m = RANK[markOf(d)] ?? 0;
    const ok = (who === "" || String(d.side) === who) &&
      (size === "all" || (size === "error" ? d.error < 0 :
        m >= RANK[size])) && (min === 0 || -(d.error ?? 0) >= min);
    tr.hidden = !ok;
    n += ok;
  }
  $("dec-count").textContent = `${n} of ${an.list.length}`;
}

// The analysis of the first match of the record, or the section hidden.
function showAnalysis(bytes, name) {
  let match;
  try {
    [match] = bg.read(bytes, { name });
  } catch (e) {
    return;
  }
  if (!match) return;
  const decisions = match.decisions().filter((d) => d.error !== null ||
    d.mark || d.cube_mark || d.best !== null);
  const records = new Map();
  match.games().forEach((g, i) => {
    const turn = new Map(g.positions.map((p, k) => [p, k]));
    for (const r of g.records)
      if (r.analysis && turn.get(r.after) > 0)
        records.set(`${i + 1}:${turn.get(r.after)}`, r.analysis);
  });
  if (!decisions.length && !records.size) return;
  an = { byTurn: new Map(), records, rows: new Map(), list: [] };
  const players = match.players.map((p, s) => p ?? `side ${s}`);
  const sel = $("f-player");
  sel.replaceChildren(new Option("both", ""));
  players.forEach((p, s) => sel.appendChild(new Option(p, String(s))));
  const tbody = $("decisions").tBodies[0];
  tbody.replaceChildren();
  for (const d of decisions) {
    const key = `${d.game}:${d.move}`;
    an.byTurn.set(key, d);
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${d.game}`;
    b.setAttribute("aria-label", `Game ${d.game}, turn ${d.move}: show`);
    b.addEventListener("click", () => goTo(d.game, d.move));
    td.appendChild(b);
    tr.appendChild(td);
    cell(tr, String(d.move), "num");
    cell(tr, d.player ?? `side ${d.side}`);
    // The error and the mark first, for a narrow screen.
    cell(tr, eq(d.error), "num");
    const m = markOf(d);
    cell(tr, m ? MARKS[m] : "", m ?? "");
    cell(tr, d.dice ? d.dice.join("") : "");
    cell(tr, d.action === "move" ? d.play ?? "" : d.action);
    cell(tr, d.best ?? "");
    tbody.appendChild(tr);
    an.rows.set(key, tr);
    an.list.push([d, tr]);
  }
  showStatistics(match, players);
  $("here").hidden = $("analysis").hidden = false;
  filterDecisions();
  showHere(1, 0);
}

// The players' figures of the match's statistics (bgscore --statistics).
function showStatistics(match, players) {
  const tbody = $("stats").tBodies[0];
  tbody.replaceChildren();
  let st;
  try {
    st = match.statistics().at(-1);
  } catch (e) {
    $("stats-cap").textContent = e.message;
    return;
  }
  const unit = match.length > 0 ? "match" : "money session";
  $("stats-cap").textContent = `The ${unit}, as gnubg's statistics ` +
    "count it";
  players.forEach((p, s) => {
    const o = st.overall[s], l = st.luck[s];
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = p;
    tr.appendChild(th);
    cell(tr, num(o.rate_memg, 1), "num");
    cell(tr, o.rating ?? "");
    cell(tr, num(o.pr, 2), "num");
    cell(tr, eq(l.total_emg), "num");
    cell(tr, l.rating ?? "");
    tbody.appendChild(tr);
  });
}

// The frame's page marks its position on its board (data-at="g1t5"):
// the analysis follows it when the frame's document can be reached.
function watchFrame(frame) {
  let doc = null;
  try {
    doc = frame.contentDocument;
  } catch (e) {
    doc = null;
  }
  const board = doc && doc.getElementById("board");
  if (!board) return;
  const follow = () => {
    const r = /^g(\d+)t(\d+)$/.exec(board.getAttribute("data-at") ?? "");
    if (r) showHere(+r[1], +r[2]);
  };
  new MutationObserver(follow).observe(board, { attributes: true,
    attributeFilter: ["data-at"] });
  follow();
}

function showDiagnostics(list) {
  const ol = $("diags");
  ol.replaceChildren();
  $("diag-count").textContent = list.length ? `${list.length}` : "none";
  for (const d of list) {
    const li = document.createElement("li");
    li.className = d.severity;
    if (d.game > 0 && d.turn !== null) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = String(d);
      // The page counts the games of the input from 1.
      const game = d._at[1] >= 0 ? d._at[1] + 1 : d.game;
      b.dataset.game = game;
      b.dataset.turn = d.turn;
      b.addEventListener("click", () => goTo(game, d.turn));
      li.appendChild(b);
    } else {
      li.textContent = String(d);
    }
    ol.appendChild(li);
  }
}

// t0: when the record came (the drop, the click).
function show(bytes, name, t0 = performance.now()) {
  current = { bytes, name };
  an = null;
  $("here").hidden = $("analysis").hidden = true;
  let r;
  try {
    // One pass: the page and the diagnostics bgcheck prints.
    r = bg.convertFull(bytes, "html", { name, force: true });
  } catch (e) {
    status(`${name}: ${e.message}`);
    return;
  }
  const diags = r.diagnostics;
  const read = performance.now() - t0;
  showDiagnostics(diags);
  const frame = $("match");
  if (!r.written || !r.output) {
    // The last record's handler would take the blank frame's load for
    // its own, and say it was shown.
    frame.onload = null;
    frame.removeAttribute("src");
    status(`${name}: ${diags.length ? String(diags[0]) : "nothing read"}`);
    return;
  }
  frame.onload = () => {
    watchFrame(frame);
    const ms = performance.now() - t0;
    window.bgkitShown = { name, ms, read };
    status(`${name}: ${diags.filter((d) => d.severity !== "warning")
      .length} errors, ${diags.filter((d) => d.severity === "warning")
      .length} warnings; shown in ${Math.round(ms)} ms`);
  };
  // A blob: address, not srcdoc: the writer's page keeps its place in
  // its address, which about:srcdoc cannot have.
  if (pageURL) URL.revokeObjectURL(pageURL);
  pageURL = URL.createObjectURL(new Blob([r.output], { type: "text/html" }));
  showAnalysis(bytes, name);
  frame.src = pageURL;
  for (const b of document.querySelectorAll("#downloads button"))
    b.disabled = false;
}

// A zip archive's members ("PK\3\4"), or null for any other input.
function zipMembers(bytes, name) {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 &&
      bytes[3] === 4)) return null;
  const files = fflate.unzipSync(bytes, { filter: (f) =>
    !f.name.endsWith("/") });
  return Object.entries(files).map(([m, b]) => ({ name: `${name}:${m}`,
    bytes: b }));
}

async function openFile(file, t0) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const pick = $("member");
  let members;
  try {
    members = zipMembers(bytes, file.name);
  } catch (e) {
    status(`${file.name}: the zip archive cannot be read: ${e.message}`);
    return;
  }
  $("members").hidden = !members;
  pick.replaceChildren();
  if (!members) {
    show(bytes, file.name, t0);
    return;
  }
  if (members.length === 0) {
    status(`${file.name}: the zip archive holds no file`);
    return;
  }
  for (const [i, m] of members.entries())
    pick.append(new Option(m.name, String(i)));
  pick.onchange = () => {
    const m = members[Number(pick.value)];
    show(m.bytes, m.name);
  };
  show(members[0].bytes, members[0].name, t0);
}

async function start() {
  status("loading bgkit...");
  // fflate has no CRC-32 of its own to give: a gzip stream's trailer
  // holds its data's (gzipCrc, js/bgkit.mjs).
  bg = await init({ wasmBinary: wasmBinary(),
    inflate: (d) => fflate.unzlibSync(d), gunzip: (d) => fflate.gunzipSync(d),
    crc32: (d) => gzipCrc(fflate.gzipSync(d, { level: 0 })) });
  // A first record read, so that the engine has compiled the code a
  // drop runs before the first drop.
  bg.convertFull(" 1 point match\n\n Game 1\n A : 0   B : 0\n" +
    "  1) 31: 8/5 6/5   64: 24/18 13/9\n", "html", { force: true });
  status(`bgkit ${bg.version}: drop a record here, open one or paste it`);
  $("file").addEventListener("change", (e) => {
    if (e.target.files[0]) openFile(e.target.files[0], performance.now());
  });
  $("paste-form").addEventListener("submit", (e) => {
    e.preventDefault();
    $("members").hidden = true;
    show($("paste").value, "pasted.txt");
  });
  document.addEventListener("dragover", (e) => {
    e.preventDefault();
    document.body.classList.add("dragging");
  });
  document.addEventListener("dragleave", () =>
    document.body.classList.remove("dragging"));
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    const f = e.dataTransfer.files[0];
    if (f) openFile(f, performance.now());
  });
  for (const [id, fmt, ext] of [["dl-mat", "mat", ".mat"],
    ["dl-sgf", "sgf", ".sgf"], ["dl-json", "json", ".json"]])
    $(id).addEventListener("click", () => download(fmt, ext));
  for (const id of ["f-player", "f-size", "f-min"])
    $(id).addEventListener("input", filterDecisions);
  $("dec-filter").addEventListener("submit", (e) => e.preventDefault());
  window.bgkitReady = true;
}

start();
