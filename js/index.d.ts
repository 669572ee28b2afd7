// SPDX-License-Identifier: BSD-2-Clause
// The types of the bgkit package (bgkit.mjs).

export type Variant = "standard" | "nackgammon" | "hyper1" | "hyper2" |
  "hyper3" | "tavla";
export type WriteFormat = "mat" | "sgf" | "json" | "gam" | "snowie" | "html";
export type Input = Uint8Array | ArrayBuffer | string;
export declare const VARIANTS: Variant[];

export interface ReadOptions {
  /** The name messages give the input (default "<string>"). */
  name?: string;
  /** The format to read ("mat", "sgf", ...); default: told from it. */
  format?: string;
  /** Rules that win over the record's: "crawford=on,jacoby=off". */
  rules?: string;
}

export interface CheckOptions extends ReadOptions {
  /** A repeated warning once, as bgcheck's text gives them. */
  collapse?: boolean;
}

export interface ConvertOptions extends ReadOptions {
  /** Write what has errors (bgconv -F). */
  force?: boolean;
  /** "xg": eXtreme Gammon's .mat layout (bgconv -s xg). */
  style?: "gnubg" | "xg";
  /** The game a .gam holds, from 1. */
  game?: number;
  /** A Uint8Array instead of a string. */
  bytes?: boolean;
}

export declare class BgkitError extends Error {
  code: string | null;
  number: number;
}
export declare class ReadError extends BgkitError {
  diagnostic: Diagnostic;
  diagnostics: Diagnostic[];
  file: string;
  line: number;
  column: number;
}
export declare class ConvertError extends BgkitError {
  diagnostics: Diagnostic[];
}
export declare class PositionError extends BgkitError {}

export declare class Diagnostic {
  file: string;
  line: number;
  column: number;
  game: number;
  move: number;
  /** The position before the action (Game.positions[turn]), or null. */
  turn: number | null;
  side: 0 | 1 | null;
  player: string | null;
  dice: [number, number] | null;
  severity: "warning" | "error" | "system";
  /** The stable name: "blocked_point". */
  code: string;
  number: number;
  /** The text, with the detail after ": ". */
  message: string;
  detail: string;
  /** How many more of its kind it stands for (collapse). */
  more: number;
  /** bgcheck's line, without "bgcheck: ". */
  toString(): string;
  /** bgcheck -T json's object. */
  toJSON(): object;
}

export interface Result {
  winner: 0 | 1 | null;
  level: "drop" | "single" | "gammon" | "backgammon" | null;
  endedBy: "none" | "bearoff" | "drop" | "resign";
  cube: number;
  points: number;
  score: [number, number];
  crawford: boolean;
  records: number;
}

export interface MatchResult {
  length: number;
  games: number;
  score: [number, number];
  winner: 0 | 1 | null;
}

export interface Play {
  /** The play in gnubg's notation: "13/8 13/11". */
  text: string;
  after: Position;
}

export declare class Position {
  readonly xgid: string;
  readonly positionId: string;
  readonly matchId: string;
  readonly gnubgId: string;
  readonly ogid: string;
  readonly fibs: string;
  /** board[s][p]: side s's checkers on point p (0 off, 25 the bar). */
  readonly board: number[][];
  readonly pips: [number, number];
  readonly length: number;
  readonly score: [number, number];
  readonly cube: number;
  readonly cubeOwner: 0 | 1 | null;
  readonly onRoll: 0 | 1;
  readonly turn: 0 | 1;
  readonly crawford: boolean;
  readonly doubled: boolean;
  readonly state: "none" | "playing" | "over" | "resigned" | "dropped";
  readonly dice: [number, number] | null;
  readonly variant: Variant;
  readonly names: [string | null, string | null];
  /** The replay lost track of the game before it. */
  readonly lost: boolean;
  text(o?: DrawOptions): string;
  svg(o?: DrawOptions): string;
  legalPlays(dice?: [number, number] | string): Play[];
  static parse(text: string, variant?: Variant): Position;
  static start(variant?: Variant, length?: number): Position;
}

export interface DrawOptions {
  bottom?: 0 | 1;
  clockwise?: boolean;
  names?: [string | null, string | null];
}

/** How a candidate or a cube decision was evaluated (bgkit-json(5)). */
export type Evaluation =
  { type: "ply"; plies: number; cubeful: boolean; deterministic: boolean;
    noise: number; prune: boolean } |
  { type: "rollout"; trials: number; settings: string } |
  { type: "named"; settings: string };

/** An evaluation's figures for the side on roll: those the file has. */
export interface Outputs {
  win?: number;
  win_gammon?: number;
  win_bg?: number;
  lose_gammon?: number;
  lose_bg?: number;
  cubeless?: number;
  cubeful?: number;
  mwc?: number;
  /** A rollout's standard errors: win .. lose_bg, cubeless, cubeful. */
  se?: number[];
}

/** One candidate play, best first. */
export interface Candidate extends Outputs {
  /** gnubg's notation, hits marked from the position before. */
  play: string | null;
  steps: [number, number][];
  equity?: number;
  equity2?: number;
  eval?: Evaluation;
  marked?: true;
}

export type Mark = "doubtful" | "bad" | "very_bad";

/**
 * The engine's analysis of a record, the "analysis" member of
 * bgkit-json(5)'s record objects: only the members the file has.
 */
export interface Analysis {
  has: ("move" | "cube")[];
  /** The index in candidates of the play made. */
  played?: number;
  /** The equity the play lost. */
  error?: number;
  luck?: number;
  /** 1 lucky, 2 very lucky, -1 unlucky, -2 very unlucky. */
  luck_mark?: -2 | -1 | 1 | 2;
  mark?: Mark;
  cube_mark?: Mark;
  candidates?: Candidate[];
  cube_eval?: Evaluation;
  no_double_outputs?: Outputs;
  double_take_outputs?: Outputs;
  cube_marked?: true;
  /** The cubeful equities of the cube decision. */
  no_double?: number;
  double_take?: number;
  double_pass?: number;
  proper?: "no_double" | "double_take" | "double_pass" | "too_good";
  doubler_error?: number;
  taker_error?: number;
}

/** A row of bggrep --decisions -T json (bgkit-json(5)'s decisions). */
export interface Decision {
  type: "decision";
  file: string;
  /** The game's ordinal in its match, from 1. */
  game: number;
  /** Game.positions[move] is the position after it. */
  move: number;
  side: 0 | 1;
  player: string | null;
  action: "move" | "double" | "take" | "drop" | "beaver" | "raccoon";
  length: number;
  score: [number, number];
  away: [number, number] | null;
  crawford: boolean;
  cube: number;
  cube_owner: number;
  dice: [number, number] | null;
  xgid: string;
  gnubg_id: string;
  play: string | null;
  pips: [number, number];
  /** What the analysis says of it; null when it says nothing. */
  error: number | null;
  best: string | null;
  best_equity: number | null;
  played_equity: number | null;
  mark: Mark | null;
  cube_mark: Mark | null;
  luck: number | null;
  luck_mark: "lucky" | "very_lucky" | "unlucky" | "very_unlucky" | null;
  eval: string | null;
  mwc: number | null;
}

/** One object of bgscore --statistics -T json (bgscore(1) lists the keys). */
export interface Statistics {
  type: "statistics";
  scope: "game" | "match";
  game: number | null;
  players: [string | null, string | null];
  checker: [StatisticsPart, StatisticsPart];
  luck: [StatisticsPart, StatisticsPart];
  cube: [StatisticsPart, StatisticsPart];
  overall: [StatisticsPart, StatisticsPart];
}
export type StatisticsPart =
  { [key: string]: number | string | null | number[] };

export declare class Record {
  kind: "move" | "double" | "take" | "drop" | "beaver" | "raccoon" | "win" |
    "loss" | "illegal" | "setpos" | "comment" | "unparsed";
  side: 0 | 1 | null;
  line: number;
  column: number;
  moveno: number;
  dice: [number, number] | null;
  value: number;
  text: string;
  code: string | null;
  before: Position;
  after: Position;
  /** The play the replay made, in gnubg's notation, or null. */
  play: string | null;
  /** The engine's analysis the record holds, or null. */
  analysis: Analysis | null;
}

export declare class Game {
  number: number;
  line: number;
  players: [string | null, string | null];
  ratings: [string | null, string | null];
  scores: [number, number];
  variant: Variant;
  result: Result;
  diagnostics: Diagnostic[];
  /**
   * A position text export's analysis of the position it sets up (the
   * ranked plays, or the cube decision): bgkit-json(5)'s analysis
   * objects without "type" and "game"; [] for other records.
   */
  analysis: { [key: string]: unknown }[];
  /** The XGID a position text export's diagram draws, or null. */
  diagram: string | null;
  readonly positions: Position[];
  readonly records: Record[];
  /**
   * Its match; for a game of Bgkit.games(), the match's header, its
   * result and diagnostics those of the games read so far.
   */
  match: Match;
  /** The rows of Match.decisions() of this game. */
  decisions(): Decision[];
  [Symbol.iterator](): Iterator<Record>;
}

export declare class Match {
  length: number;
  line: number;
  players: [string | null, string | null];
  source: string;
  tags: { [key: string]: string };
  comments: string[];
  diagnostics: Diagnostic[];
  result: MatchResult;
  /** The games; throws BgkitError for a match of Bgkit.games(). */
  games(): Game[];
  /** bggrep --decisions -T json's rows of this match. */
  decisions(): Decision[];
  /** bgscore --statistics -T json's objects: the games', the match's. */
  statistics(): Statistics[];
  [Symbol.iterator](): Iterator<Game>;
}

export interface FormatInfo {
  name: string;
  extensions: string;
  description: string;
  read: boolean;
  write: boolean;
}

export declare class Bgkit {
  version: string;
  formats: FormatInfo[];
  Position: typeof Position;
  /** Every match, game, record and position, kept. */
  read(input: Input, opts?: ReadOptions): Match[];
  /**
   * The games one at a time as the iteration asks for them, nothing of
   * one kept after it: an input of any size.  Leaving the loop (its
   * return()) frees the module's reader.
   */
  games(input: Input, opts?: ReadOptions): Generator<Game, void, undefined>;
  check(input: Input, opts?: CheckOptions): Diagnostic[];
  /** bggrep --decisions -T json's objects. */
  decisions(input: Input, opts?: ReadOptions): Decision[];
  /** bgscore --statistics -T json's objects. */
  statistics(input: Input, opts?: ReadOptions): Statistics[];
  convert(input: Input, to: WriteFormat, opts?: ConvertOptions & { bytes: true }): Uint8Array;
  convert(input: Input, to: WriteFormat, opts?: ConvertOptions): string;
  convertFull(input: Input, to: WriteFormat, opts?: ConvertOptions):
    { output: string | Uint8Array; written: boolean; diagnostics: Diagnostic[] };
}

export interface InitOptions {
  /** The bytes of bgkit.wasm. */
  wasmBinary?: Uint8Array | ArrayBuffer;
  /** Where to fetch bgkit.wasm (default: beside bgkit.mjs). */
  wasmURL?: string | URL;
  /**
   * A zlib stream (RFC 1950) inflated, for eXtreme Gammon's files
   * (.xg, .xgp); size is the number of bytes it should give.  In Node,
   * node:zlib's inflateSync by default; false for none.  Without it
   * (or crc32), reading an XG file throws BgkitError.
   */
  inflate?: ((data: Uint8Array, size: number) => Uint8Array) | false;
  /** The CRC-32 of data (zlib's crc32), for XG files; Node's zlib's by default. */
  crc32?: ((data: Uint8Array) => number) | false;
  /**
   * A gzip file's data: input starting 1f 8b is gunzipped before it is
   * read.  In Node, node:zlib's gunzipSync by default; without it, gzip
   * is binary data.
   */
  gunzip?: ((data: Uint8Array) => Uint8Array) | false;
}

export declare function init(opts?: InitOptions): Promise<Bgkit>;
