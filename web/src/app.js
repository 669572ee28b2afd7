// SPDX-License-Identifier: BSD-2-Clause
// The page (web/index.html): a record dropped, opened or pasted is read,
// replayed and shown as bgconv -T html shows it, in a frame; its
// diagnostics are listed beside it, each a link to its position; the
// record can be saved as .mat, SGF or JSON.  Nothing leaves the page.
const $ = (id) => document.getElementById(id);
let bg = null, current = null, pageURL = null;

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
    frame.removeAttribute("src");
    status(`${name}: ${diags.length ? String(diags[0]) : "nothing read"}`);
    return;
  }
  frame.onload = () => {
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
  frame.src = pageURL;
  for (const b of document.querySelectorAll("#downloads button"))
    b.disabled = false;
}

async function openFile(file, t0) {
  show(new Uint8Array(await file.arrayBuffer()), file.name, t0);
}

async function start() {
  status("loading bgkit...");
  bg = await init({ wasmBinary: wasmBinary() });
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
  window.bgkitReady = true;
}

start();
