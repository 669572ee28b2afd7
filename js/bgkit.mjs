// SPDX-License-Identifier: BSD-2-Clause
// bgkit for JavaScript: the C library bgkit compiled to WebAssembly
// (js/src/bgkit_wasm.c, built by `make js`), with the Python package's
// API in JavaScript's style.  Every call into the module runs the
// library from start to end and frees what it made, but a read, which
// the package steps one game at a time and frees at its end or when its
// iteration is left; what the package returns is plain JavaScript,
// which needs no care.
//
//   import { init } from "bgkit";
//   const bg = await init();
//   for (const match of bg.read(bytes))
//     for (const game of match.games())
//       for (const rec of game.records) console.log(rec.text, rec.after.xgid);
import createBgkitCore from "./bgkit-core.mjs";

export const VARIANTS = ["standard", "nackgammon", "hyper1", "hyper2",
  "hyper3", "tavla"];
const KINDS = ["move", "double", "take", "drop", "beaver", "raccoon", "win",
  "loss", "illegal", "setpos", "comment", "unparsed"];
const ENDS = ["none", "bearoff", "drop", "resign"];
const LEVELS = ["drop", "single", "gammon", "backgammon"];
const STATES = ["none", "playing", "over", "resigned", "dropped"];
const WRITES = ["mat", "sgf", "json", "gam", "snowie", "html"];
const RD_COLLAPSE = 2, CV_FORCE = 1, CV_XG = 2;

/** A failure reported by the library: .code its stable name, .number. */
export class BgkitError extends Error {
  constructor(message, code = null, number = 0) {
    super(message);
    this.name = "BgkitError";
    this.code = code;
    this.number = number;
  }
}

/** Input that holds no record: .diagnostic says why, as bgcheck does. */
export class ReadError extends BgkitError {
  constructor(diagnostic, diagnostics) {
    super(diagnostic.toString(), diagnostic.code, diagnostic.number);
    this.name = "ReadError";
    this.diagnostic = diagnostic;
    this.diagnostics = diagnostics;
    this.file = diagnostic.file;
    this.line = diagnostic.line;
    this.column = diagnostic.column;
  }
}

/** A conversion refused: the input has errors (force writes it anyway). */
export class ConvertError extends BgkitError {
  constructor(diagnostics) {
    const first = diagnostics.find((d) => d.severity !== "warning");
    super(first ? first.toString() : "the conversion failed",
      first ? first.code : null, first ? first.number : 0);
    this.name = "ConvertError";
    this.diagnostics = diagnostics;
  }
}

/** A position text or an ID that cannot be read or written. */
export class PositionError extends BgkitError {
  constructor(message, code, number) {
    super(message, code, number);
    this.name = "PositionError";
  }
}

/**
 * A problem found reading or replaying a record, as bgcheck -T json
 * writes it; toString() is the line bgcheck prints, without "bgcheck: ".
 */
export class Diagnostic {
  constructor(o, text, codes) {
    this.file = o.file;
    this.line = o.line ?? 0;
    this.column = o.column ?? 0;
    this.game = o.game ?? 0;
    this.move = o.move ?? 0;
    this.turn = o.turn ?? null;
    this.side = o.side === 0 || o.side === 1 ? o.side : null;
    this.player = o.player ?? null;
    this.dice = o.dice ?? null;
    this.severity = o.severity;
    this.code = o.code;
    this.number = codes.indexOf(o.code);
    this.detail = o.detail ?? "";
    this.message = o.message + (this.detail ? ": " + this.detail : "");
    this.more = o.more ?? 0;
    this._text = text;
  }

  toString() { return this._text; }

  /** The object bgcheck -T json writes for it. */
  toJSON() { return this._json; }
}

export class Bgkit {
  constructor(core, codecs = {}) {
    this._m = core;
    this._codecs = codecs;
    this._missing = false;
    // bgkit_wasm.c's hooks for XG's zlib streams (bg_reader_set_inflate).
    core.bgkitInflate = (p, n, out, size) => this._inflateAt(p, n, out, size);
    core.bgkitCrc32 = (p, n) => this._crc32At(p, n);
    const info = this._call(core._bgjs_formats()).json;
    this.version = info.version;
    this._codes = info.codes.map((c) => (c ? c[0] : null));
    this._messages = info.codes.map((c) => (c ? c[1] : null));
    /** The formats: {name, extensions, description, read, write}. */
    this.formats = info.formats.map((f) => ({ name: f.name,
      extensions: f.extensions, description: f.description,
      read: !!f.read, write: !!f.write }));
    const bg = this;
    /** Positions of this module: Position.parse(text), .start(). */
    this.Position = class extends Position {
      static parse(text, variant = "standard") {
        return Position._parse(bg, text, variant);
      }
      static start(variant = "standard", length = 0) {
        if (!VARIANTS.includes(variant))
          throw new BgkitError(`unknown variant: ${variant}`, "einval", 2);
        return Position._parse(bg, variant === "standard" ? "start" :
          variant, variant, length);
      }
    };
  }

  // -- memory
  _alloc(bytes) {
    const p = this._m._malloc(bytes.length + 1);
    if (!p) throw new BgkitError("out of memory", "nomem", 1);
    this._m.HEAPU8.set(bytes, p);
    this._m.HEAPU8[p + bytes.length] = 0;
    return p;
  }

  _with(values, fn) {
    const ptrs = [];
    try {
      for (const v of values) {
        if (v === null || v === undefined) ptrs.push(0);
        else if (v instanceof Int32Array) {
          const p = this._m._malloc(v.length * 4);
          new Int32Array(this._m.HEAPU8.buffer, p, v.length).set(v);
          ptrs.push(p);
        } else ptrs.push(this._alloc(bytesOf(v)));
      }
      return fn(...ptrs);
    } finally {
      for (const p of ptrs) if (p) this._m._free(p);
    }
  }

  // A struct bgjs_result: out, outlen, json, jsonlen, rc (wasm32).
  _call(r, wantBytes = false) {
    if (!r) throw new BgkitError("out of memory", "nomem", 1);
    try {
      const u32 = new Uint32Array(this._m.HEAPU8.buffer, r, 5);
      const [out, outlen, json, jsonlen] = u32;
      const rc = new Int32Array(this._m.HEAPU8.buffer, r + 16, 1)[0];
      const heap = this._m.HEAPU8;
      if (this._missing) {
        this._missing = false;
        throw new BgkitError("eXtreme Gammon files (.xg, .xgp) need an " +
          "inflate and a crc32 function: init({ inflate, crc32 }) (in " +
          "Node, node:zlib's are used)", "einval", 2);
      }
      const o = { rc, json: jsonlen ?
        JSON.parse(decoder.decode(heap.subarray(json, json + jsonlen))) :
        null };
      if (out) {
        const b = heap.slice(out, out + outlen);
        o.out = wantBytes ? b : decoder.decode(b);
      } else o.out = wantBytes ? new Uint8Array(0) : "";
      return o;
    } finally {
      this._m._bgjs_result_free(r);
    }
  }

  // Inflate the zlib stream at p (n bytes) into the size bytes at out:
  // 0, BG_INFLATE_FEWER (1), _MORE (2) or _DAMAGED (3).
  _inflateAt(p, n, out, size) {
    const f = this._codecs.inflate;
    if (!f || !this._codecs.crc32) {
      this._missing = true;
      return 3;
    }
    let b;
    try {
      b = bytesOf(f(this._m.HEAPU8.slice(p, p + n), size));
    } catch (e) {
      return e?.code === "ERR_BUFFER_TOO_LARGE" ? 2 : 3;
    }
    if (b.length > size) return 2;
    this._m.HEAPU8.set(b, out);
    return b.length < size ? 1 : 0;
  }

  _crc32At(p, n) {
    const f = this._codecs.crc32;
    if (!f || !this._codecs.inflate) {
      this._missing = true;
      return 0;
    }
    return f(this._m.HEAPU8.subarray(p, p + n)) | 0;
  }

  // input's bytes, gunzipped when they are gzip's and a gunzip is given
  // (node:zlib's in Node): the library reads gzip through libarchive,
  // which the module has not.
  _plain(input) {
    const b = bytesOf(input);
    return b[0] === 0x1f && b[1] === 0x8b && this._codecs.gunzip ?
      bytesOf(this._codecs.gunzip(b)) : b;
  }

  _error(rc, Kind = BgkitError) {
    return new Kind(this._messages[-rc] ?? `error ${-rc}`,
      this._codes[-rc] ?? null, -rc);
  }

  _diags(list) {
    return list.map((d) => {
      const o = new Diagnostic(d.json, d.text, this._codes);
      o._json = d.json;
      o._at = d.at;
      return o;
    });
  }

  // A read for its diagnostics only (check()).
  _read(input, opts, flags) {
    const name = opts.name ?? "<string>";
    const r = this._call(this._with([input, name, opts.format ?? "",
      opts.rules ?? ""], (buf, nm, fmt, rules) => this._m._bgjs_read(buf,
      bytesOf(input).length, nm, fmt, rules, flags)));
    if (r.json.diagnostics === undefined) throw this._badRead(opts, r.rc);
    r.json.diagnostics = this._diags(r.json.diagnostics);
    return r.json;
  }

  _badRead(opts, rc) {
    if (rc === -1) return new BgkitError("out of memory", "nomem", 1);
    return new BgkitError(`unknown format or bad rules: ` +
      `${opts.format ?? ""} ${opts.rules ?? ""}`, "einval", -rc);
  }

  // The events of a read of bytes, stepped in the module
  // (bgjs_reader_next): {ev, match} when a match starts, {ev, game}
  // for each game, its records and positions, then {ev: 0, count, rc}
  // at the end, each with the diagnostics it brought.  No JSON text is
  // bigger than one game's; the module's reader (and its copy of the
  // bytes) is freed at the end, or when the iteration is abandoned
  // (return() runs the finally).
  *_events(bytes, opts) {
    const m = this._m;
    let h = 0, rc = 0, buf = 0, rcp = 0;
    try {
      if (!(rcp = m._malloc(4)))
        throw new BgkitError("out of memory", "nomem", 1);
      buf = this._alloc(bytes);
      h = this._with([opts.name ?? "<string>", opts.format ?? "",
        opts.rules ?? ""], (nm, fmt, rules) => {
        const b = buf;
        buf = 0;        // the reader's now, which frees it
        return m._bgjs_reader_new(b, bytes.length, nm, fmt, rules, rcp);
      });
      rc = new Int32Array(m.HEAPU8.buffer, rcp, 1)[0];
    } finally {
      if (buf) m._free(buf);
      if (rcp) m._free(rcp);
    }
    if (!h) throw this._badRead(opts, rc);
    try {
      for (;;) {
        const e = this._call(m._bgjs_reader_next(h)).json;
        e.diagnostics = this._diags(e.diagnostics);
        yield e;
        if (e.ev === 0) return;
      }
    } finally {
      m._bgjs_reader_free(h);
    }
  }

  /**
   * Read and replay input (a Uint8Array or a string) in any format the
   * library reads; the matches, each with its games, records and
   * positions.  Options: name (the file name messages give), format,
   * rules.  Input that holds no record throws ReadError.  Everything
   * is kept: games() reads a large input one game at a time instead.
   */
  read(input, opts = {}) {
    const src = { bytes: this._plain(input), opts };
    const heads = [], diags = [];
    for (const e of this._events(src.bytes, opts)) {
      for (const d of e.diagnostics) diags.push(d);
      if (e.ev === 1) heads.push(Object.assign(e.match, { games: [] }));
      else if (e.ev === 2) heads[heads.length - 1].games.push(e.game);
    }
    const matches = heads.map((m, i) => new Match(this, m, i, diags, src));
    if (matches.length === 0) {
      const d = diags.find((x) => x.severity !== "warning");
      if (d) throw new ReadError(d, diags);
    }
    return matches;
  }

  /**
   * The games of input, one at a time as the iteration asks for them
   * (a generator): each read, replayed and turned into JavaScript when
   * it is reached, and nothing of it kept after, so that an input of
   * any size is read in the memory of its largest game.  game.match is
   * its match's header (length, players, tags, comments, diagnostics
   * and result so far, decisions(), statistics(); not games()).  The
   * module's memory is freed at the end, or when the loop is left
   * (break, throw: the generator's return()).  Input that holds no
   * record throws ReadError at the first step.
   */
  *games(input, opts = {}) {
    const src = { bytes: this._plain(input), opts };
    let match = null, index = -1, pending = null, ordinal = 0;
    const early = [];
    // A game is given once the next event is read: the diagnostics of
    // its end may come with it.
    const ready = (diags) => {
      const g = pending;
      pending = null;
      if (g === null) return null;
      const game = new Game(this, g.g, g.diags.concat(diags.filter((d) =>
        d._at[0] === index && d._at[1] === g.i)), g.match, g.ordinal);
      g.match._played(game);
      return game;
    };
    for (const e of this._events(src.bytes, opts)) {
      const done = ready(e.diagnostics);
      if (done) yield done;
      if (e.ev === 0 && index < 0) {
        const all = early.concat(e.diagnostics);
        const d = all.find((x) => x.severity !== "warning");
        if (d) throw new ReadError(d, all);
      }
      if (e.ev === 1) {
        index++;
        ordinal = 0;
        match = new Match(this, Object.assign(e.match, { games: [] }),
          index, [], src);
        match._stream = true;
      }
      if (match) {
        for (const d of e.diagnostics)
          if (d._at[0] === index) match.diagnostics.push(d);
      } else for (const d of e.diagnostics) early.push(d);
      if (e.ev === 2) {
        pending = { g: e.game, i: ordinal, ordinal: ordinal + 1, match,
          diags: e.diagnostics.filter((d) => d._at[0] === index &&
            d._at[1] === ordinal) };
        ordinal++;
      }
    }
  }

  /**
   * Every problem of input as Diagnostic objects, in bgcheck's order:
   * those of bgcheck -T json (each warning in its place), or with
   * {collapse: true} those of bgcheck's text (a repeated warning once).
   */
  check(input, opts = {}) {
    return this._read(this._plain(input), opts,
      opts.collapse ? RD_COLLAPSE : 0)
      .diagnostics;
  }

  /**
   * The decisions of every game: one object per checker play and cube
   * action, with the position and match state before it, as bggrep
   * --decisions -T json writes them (the keys of bgkit-json(5)'s
   * decision objects: game, move, side, player, action, length, score,
   * away, crawford, cube, cube_owner, dice, xgid, gnubg_id, play,
   * pips).  Input that holds no record throws ReadError.
   */
  decisions(input, opts = {}) {
    return this._rows("_bgjs_decisions", this._plain(input), opts, -1).rows;
  }

  /**
   * gnubg's statistics of the analysis in input, as bgscore
   * --statistics -T json writes them (bg_stats_init(3), gnubg's
   * default match equity table): for each match one object per game
   * ("scope" "game", "game" its ordinal), then the match's ("scope"
   * "match"), each with "players" and "checker", "luck", "cube" and
   * "overall", a list of two objects, one per player.  A game whose
   * score is beyond the table throws BgkitError (bgscore warns and
   * leaves it out).  Input that holds no record throws ReadError.
   */
  statistics(input, opts = {}) {
    return this._stats(this._plain(input), opts, -1);
  }

  _stats(bytes, opts, match) {
    const r = this._rows("_bgjs_statistics", bytes, opts, match);
    if (r.json.beyond.length) {
      const [m, g] = r.json.beyond[0];
      throw new BgkitError(`${opts.name ?? "<string>"}: ` +
        (match < 0 ? `match ${m + 1}, ` : "") + `game ${g}: the score is ` +
        `beyond the match equity table (${r.json.table} points)`,
      "einval", 2);
    }
    return r.rows;
  }

  // A call that writes JSON Lines (decisions, statistics) of the
  // matches of bytes, or of match number match only (from 0): {rows,
  // json}.
  _rows(fn, bytes, opts, match) {
    const name = opts.name ?? "<string>";
    const r = this._call(this._with([bytes, name, opts.format ?? "",
      opts.rules ?? ""], (buf, nm, fmt, rules) => this._m[fn](buf,
      bytes.length, nm, fmt, rules, match)));
    if (r.json.diagnostics === undefined)
      throw this._error(r.json.rc);
    const diags = this._diags(r.json.diagnostics);
    if (r.json.matches === 0) {
      const d = diags.find((x) => x.severity !== "warning");
      if (d) throw new ReadError(d, diags);
    }
    return { json: r.json, rows: r.out.split("\n").filter((l) => l !== "")
      .map((l) => JSON.parse(l)) };
  }

  /**
   * input converted to format to ("mat", "sgf", "json", "gam",
   * "snowie", "html"), as bgconv -T to writes it: a string, or with
   * {bytes: true} a Uint8Array.  Input with errors throws ConvertError
   * unless {force: true}.  Options: name, format, rules, style ("xg"
   * for XG's .mat), game (the game a .gam holds, from 1).
   */
  convert(input, to, opts = {}) {
    if (!WRITES.includes(to))
      throw new BgkitError(`cannot write ${to} (${WRITES.join(", ")})`,
        "einval", 2);
    const r = this.convertFull(input, to, opts);
    if (!r.written) throw new ConvertError(r.diagnostics);
    return r.output;
  }

  /** convert() with all it says: {output, written, diagnostics}. */
  convertFull(input, to, opts = {}) {
    const name = opts.name ?? "<string>";
    const flags = (opts.force ? CV_FORCE : 0) |
      (opts.style === "xg" ? CV_XG : 0);
    const bytes = this._plain(input);
    const r = this._call(this._with([bytes, name, opts.format ?? "",
      opts.rules ?? "", to], (buf, nm, fmt, rules, t) =>
      this._m._bgjs_convert(buf, bytes.length, nm, fmt, rules, t,
        flags, opts.game ?? 0)), !!opts.bytes);
    // Refused before reading (an unknown format, bad rules): no
    // diagnostic says why.
    if (r.json.diagnostics === undefined ||
        (r.rc < 0 && r.json.diagnostics.length === 0))
      throw this._error(r.json.rc);
    return { output: r.out, written: !!r.json.written,
      diagnostics: this._diags(r.json.diagnostics) };
  }
}

/** The result of a game, as the replay computed it. */
function result(r) {
  const won = r.winner >= 0;
  return { winner: won ? r.winner : null,
    level: won ? LEVELS[r.level] ?? null : null,
    endedBy: ENDS[r.endedBy] ?? "none", cube: r.cube,
    points: won ? r.points : 0, score: r.score, crawford: !!r.crawford,
    records: r.records };
}

/** A match (or a money session): its header and its games. */
export class Match {
  constructor(bg, m, index, diags, src) {
    this._bg = bg;
    this._index = index;
    this._src = src;
    this._dec = null;
    this.length = m.length;
    this.line = m.line;
    this.players = m.players;
    this.source = m.source;
    this.tags = {};
    for (const [k, v] of m.tags) if (!(k in this.tags)) this.tags[k] = v;
    this.comments = m.comments;
    this.diagnostics = diags.filter((d) => d._at[0] === index);
    this._games = m.games.map((g, i) => new Game(bg, g,
      diags.filter((d) => d._at[0] === index && d._at[1] === i), this,
      i + 1));
    this._stream = false;
    this._setResult(this._games.length, this._games[this._games.length - 1]);
  }

  _setResult(games, last) {
    const score = last ? last.result.score : [0, 0];
    this.result = { length: this.length, games, score,
      winner: this.length > 0 && Math.max(...score) >= this.length ?
        (score[0] >= this.length ? 0 : 1) : null };
  }

  // bg.games() gave game, the match's next.
  _played(game) { this._setResult(this.result.games + 1, game); }

  /** The games, in order (an array); not of a match of bg.games(). */
  games() {
    if (this._stream)
      throw new BgkitError("a match of bg.games() keeps no games: " +
        "each comes from the iteration", "einval", 2);
    return this._games;
  }

  /**
   * The decisions of its games as bg.decisions() gives them (bggrep
   * --decisions -T json's objects), the analysis' error, best play,
   * equities, marks and luck among them: the input read again.
   */
  decisions() {
    if (this._dec === null)
      this._dec = this._bg._rows("_bgjs_decisions", this._src.bytes,
        this._src.opts, this._index).rows;
    return this._dec;
  }

  /**
   * gnubg's statistics of its analysis, as bg.statistics() gives them
   * (bgscore --statistics -T json's objects): one per game, then the
   * match's ("scope" "match"); the input read again.
   */
  statistics() {
    return this._bg._stats(this._src.bytes, this._src.opts, this._index);
  }

  [Symbol.iterator]() { return this._games[Symbol.iterator](); }
}

/** A game, read and replayed. */
export class Game {
  constructor(bg, g, diags, match, ordinal) {
    this._match = match;
    /** Its match (of bg.games(): the header, its result so far). */
    this.match = match;
    this._ordinal = ordinal;
    this.number = g.number;
    this.line = g.line;
    this.players = g.players;
    this.ratings = g.ratings;
    this.scores = g.scores;
    this.variant = VARIANTS[g.variant] ?? "standard";
    this.result = result(g.result);
    this.diagnostics = diags;
    // A position text export's analysis of its position (bgkit-json(5)'s
    // analysis objects without "type" and "game") and its diagram's XGID.
    const lines = g.json ?? [];
    this.analysis = lines.filter((o) => o.type === "analysis")
      .map(({ type, game, ...rest }) => rest);
    this.diagram = lines.find((o) => o.type === "diagram")?.xgid ?? null;
    this._bg = bg;
    this._g = g;
    this._pos = null;
    this._recs = null;
  }

  /** Every position: the start, then one after each action. */
  get positions() {
    if (this._pos === null) {
      const names = this._g.names.map((n) => n || null);
      this._pos = this._g.positions.map((p) => new Position(this._bg,
        p[4], p[5], this.variant, names, !!p[3]));
    }
    return this._pos;
  }

  /** The records, each with .before, .after, .play and .analysis. */
  get records() {
    if (this._recs === null) this._recs = link(this);
    return this._recs;
  }

  /** Its decisions: those of Match.decisions() of this game. */
  decisions() {
    return this._match.decisions().filter((d) => d.game === this._ordinal);
  }

  [Symbol.iterator]() { return this.records[Symbol.iterator](); }
}

/** One entry of a game: a move, a cube action, a result, a comment. */
export class Record {
  constructor(r) {
    this.kind = KINDS[r[0]] ?? "unparsed";
    this.side = r[1] === 0 || r[1] === 1 ? r[1] : null;
    this.line = r[2];
    this.column = r[3];
    this.moveno = r[4];
    this.dice = r[5][0] ? r[5] : null;
    this.value = r[6];
    this._code = r[7];
    this.text = r[9] ?? "";
    this.before = this.after = null;
    this.play = null;
    this.analysis = null;
  }
}

// The records of a game linked to the positions around them.
function link(game) {
  const recs = game._g.records.map((r) => new Record(r));
  for (const r of recs)
    r.code = r._code ? game._bg._codes[r._code] ?? null : null;
  // The engine's analysis: each record's "analysis" member of the game
  // as JSON Lines, which the module gives for an analysed game.
  if (game._g.json) {
    const lines = game._g.json.filter((o) => o.type === "record");
    lines.forEach((o, i) => {
      if (o.analysis && recs[i]) recs[i].analysis = o.analysis;
    });
  }
  const raw = game._g.positions, pos = game.positions;
  let cur = pos.length ? pos[0] : null, k = 1;
  recs.forEach((rec, i) => {
    rec.before = cur;
    while (k < raw.length && raw[k][1] === i) {
      if (raw[k][6] !== null) rec.play = raw[k][6];
      cur = pos[k++];
    }
    rec.after = cur;
  });
  return recs;
}

/** A board with its match state. */
export class Position {
  constructor(bg, board, ms, variant = "standard", names = [null, null],
    lost = false) {
    this._bg = bg;
    this._b = board;
    this._ms = ms;
    this.variant = variant;
    this.names = names;
    this.lost = lost;
  }

  static _parse(bg, text, variant, length) {
    const r = bg._call(bg._with([String(text), variant],
      (t, v) => bg._m._bgjs_position(t, v)));
    if (r.rc < 0)
      throw new PositionError(`not a position: ${text}`, bg._codes[-r.rc],
        -r.rc);
    const ms = r.json.ms;
    if (length !== undefined) ms[0] = length;
    return new bg.Position(bg, r.json.board, ms,
      VARIANTS[r.json.variant] ?? variant);
  }

  _show(what, o = {}) {
    const bg = this._bg;
    const names = o.names ?? this.names;
    const r = bg._call(bg._with([this._b, Int32Array.from(this._ms),
      this.variant, what, names[0] ?? "", names[1] ?? ""],
    (b, ms, v, w, n0, n1) => bg._m._bgjs_show(b, ms, v, w,
      o.bottom ?? 1, o.clockwise ? 1 : 0, n0, n1)));
    if (r.rc < 0)
      throw new PositionError(`cannot write ${what}`, bg._codes[-r.rc],
        -r.rc);
    return r.out;
  }

  /** The XGID with every field, "XGID=" included. */
  get xgid() { return this._show("xgid"); }
  /** gnubg's Position ID. */
  get positionId() { return this._show("posid"); }
  /** gnubg's Match ID. */
  get matchId() { return this._show("matchid"); }
  /** "PositionID:MatchID". */
  get gnubgId() { return this.positionId + ":" + this.matchId; }
  /** The OGID (OpenGammon). */
  get ogid() { return this._show("ogid"); }
  /** A FIBS board: line. */
  get fibs() { return this._show("fibs"); }

  /** board[s][p]: side s's checkers on point p (0 off, 25 the bar). */
  get board() {
    const b = [[], []];
    for (let s = 0; s < 2; s++)
      for (let p = 0; p < 26; p++)
        b[s].push(parseInt(this._b.substr((s * 26 + p) * 2, 2), 16));
    return b;
  }

  /** Pip counts [side 0, side 1]; the bar counts 25. */
  get pips() {
    return this.board.map((pts) => pts.reduce((t, n, p) => t + n * p, 0));
  }

  get length() { return this._ms[0]; }
  get score() { return [this._ms[1], this._ms[2]]; }
  get cube() { return this._ms[3]; }
  get cubeOwner() { return this._ms[4] < 0 ? null : this._ms[4]; }
  get onRoll() { return this._ms[5]; }
  get turn() { return this._ms[6]; }
  get crawford() { return !!this._ms[7]; }
  get state() { return STATES[this._ms[8]] ?? String(this._ms[8]); }
  get doubled() { return !!this._ms[9]; }
  get dice() { return this._ms[11] ? [this._ms[11], this._ms[12]] : null; }

  /** A text diagram in gnubg's layout; {bottom, clockwise, names}. */
  text(o) { return this._show("text", o); }
  /** A standalone SVG picture; the options of text(). */
  svg(o) { return this._show("svg", o); }

  /**
   * Every legal play of the side on roll with dice ([6, 4], "64"; the
   * position's roll when not given): [{text, after}], after a Position.
   */
  legalPlays(dice) {
    const d = typeof dice === "string" ? [...dice.replace(/\D/g, "")]
      .map(Number) : dice ?? this.dice;
    if (!d || d.length !== 2 || !d.every((x) => x >= 1 && x <= 6))
      throw new BgkitError("no dice: give two numbers from 1 to 6",
        "einval", 2);
    const bg = this._bg;
    const r = bg._call(bg._with([this._b, Int32Array.from(this._ms),
      this.variant], (b, ms, v) => bg._m._bgjs_legal(b, ms, v, d[0],
      d[1])));
    if (r.rc < 0)
      throw new PositionError("cannot list the plays", bg._codes[-r.rc],
        -r.rc);
    return r.json.plays.map(([text, after]) => {
      const ms = this._ms.slice();
      ms[5] = ms[6] = 1 - this.onRoll;
      ms[11] = ms[12] = 0;
      return { text, after: new Position(bg, after, ms, this.variant,
        this.names) };
    });
  }

  toString() { return this.text(); }
}

const decoder = new TextDecoder("utf-8");
const encoder = new TextEncoder();

function bytesOf(v) {
  if (typeof v === "string") return encoder.encode(v);
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v))
    return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  throw new TypeError("expected a Uint8Array or a string");
}

async function wasmBytes(opts) {
  if (opts.wasmBinary) return opts.wasmBinary;
  const url = opts.wasmURL ?? new URL("./bgkit.wasm", import.meta.url);
  if (typeof process === "object" && process.versions?.node &&
      String(url).startsWith("file:")) {
    // Node's fetch takes no file: URL: read the file.
    const fs = await import("node:fs/promises");
    return fs.readFile(url);
  }
  const res = await fetch(url);
  if (!res.ok) throw new BgkitError(`cannot load ${url}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

// The CRC-32 of a gzip stream's data: its trailer's first word (RFC 1952).
function gzipCrc(gz) {
  return new DataView(gz.buffer, gz.byteOffset + gz.length - 8, 4)
    .getUint32(0, true);
}

// The functions the module has not: the caller's, or in Node
// node:zlib's (imported only there, and only when one is missing).
async function codecs(opts) {
  const c = { inflate: opts.inflate ?? null, crc32: opts.crc32 ?? null,
    gunzip: opts.gunzip ?? null };
  if (typeof process === "object" && process.versions?.node &&
      !(c.inflate && c.crc32 && c.gunzip)) {
    const zlib = await import("node:zlib");
    c.inflate ??= (d, size) => zlib.inflateSync(d,
      { maxOutputLength: size + 1 });
    // zlib.crc32 is Node 20.15's and 22.2's; before, gzip's trailer.
    c.crc32 ??= zlib.crc32 ? (d) => zlib.crc32(d) :
      (d) => gzipCrc(zlib.gzipSync(d, { level: 0 }));
    c.gunzip ??= (d) => zlib.gunzipSync(d);
  }
  return c;
}

/**
 * Load the WebAssembly module and return a Bgkit.  Options: wasmBinary
 * (the .wasm's bytes), wasmURL (where to fetch it; by default beside
 * this file); the functions the module has not, which Node's zlib
 * gives by default (elsewhere, without them, XG files throw BgkitError
 * and gzip is binary data): inflate(bytes, size), a zlib stream
 * (RFC 1950) inflated, size the bytes it should give; crc32(bytes), its
 * CRC-32 as a number; gunzip(bytes), a gzip file's data.
 */
export async function init(opts = {}) {
  const core = await createBgkitCore({ wasmBinary: await wasmBytes(opts) });
  return new Bgkit(core, await codecs(opts));
}
