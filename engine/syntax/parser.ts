// .payout.http text -> ParsedFile (types.ts). The syntax is the `.http` one of REST Client, httpYac
// and JetBrains; docs/syntax.md lists what is supported and the choices made.
//
// Never throws: every oddity becomes a SyntaxProblem that names the fix. Blocks are parsed from
// their own text only, so a block whose text did not change is reused as is after an edit.
import { intern, own, URL_MAX_LENGTH } from '../util/intern';
import { LastRead } from '../util/lru';
import { Block, BlockBody, Separator, parseDetailsWith, type Source } from './block';
import { PieceText } from './pieceText';
import { maskTemplates, parseJsonBody } from './json';
import { headerNameEnd, headerValueEnd, headerValueStart, isHeaderLine } from './headerLine';
import { scanTemplates } from './templates';
import { isBlank, report, type ProblemSink } from './lines';
import { blockComment, httpyacScript, responseLine, responseRef, savedResponseEnd, scriptLine } from './peerLines';
import type {
  Assertion,
  Body,
  Directive,
  Header,
  JsonBody,
  ParsedFile,
  RequestBlock,
  RequestLine,
  Span,
  TemplateRef,
  VariableDefinition,
} from './types';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT'] as const;
/**
 * Methods read without a warning: RFC 9110's, WebDAV's (RFC 4918, 3253, 4791, 3744, 5323) and
 * GRAPHQL (httpYac, kulala: sent as a POST of `{query, variables}`), the list httpYac accepts.
 */
export const KNOWN_METHODS = [
  ...HTTP_METHODS,
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'CHECKOUT',
  'CHECKIN',
  'REPORT',
  'MERGE',
  'MKACTIVITY',
  'MKWORKSPACE',
  'VERSION-CONTROL',
  'BASELINE-CONTROL',
  'MKCALENDAR',
  'ACL',
  'SEARCH',
  'GRAPHQL',
] as const;
const METHOD_SET = new Set<string>(KNOWN_METHODS);
/** An RFC 9110 method token. */
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A request line that starts a new request below a blank line (httpYac): a known method in capitals, then a target. */
const REQUEST_START = new RegExp(`^(?:${KNOWN_METHODS.join('|')})[ \\t]+(?:https?://|\\{\\{|/)`);

/** Operators of `?? subject [path] operator [expected]` lines (httpYac's, plus `valid`/`invalid` for signatures). */
export const ASSERTION_OPERATORS = [
  '==',
  '!=',
  '===',
  '!==',
  '>',
  '>=',
  '<',
  '<=',
  'contains',
  'includes',
  'startsWith',
  'endsWith',
  'matches',
  'exists',
  'isTrue',
  'isFalse',
  'isNumber',
  'isString',
  'isBoolean',
  'isArray',
  'valid',
  'invalid',
] as const;
const OPERATOR_SET = new Set<string>(ASSERTION_OPERATORS);
export const ASSERTION_SUBJECTS = ['status', 'body', 'header', 'signature', 'schema', 'duration'] as const;
const SUBJECT_SET = new Set<string>(ASSERTION_SUBJECTS);

const DIRECTIVE = /^(?:#|\/\/)[ \t]*@([\w.-]+)(?:[ \t]*=[ \t]*|[ \t]+|$)(.*?)[ \t]*$/;
const VARIABLE = /^@([^\s=]*)[ \t]*(=?)[ \t]*(.*?)[ \t]*$/;
const REQUEST_NAME = /^[A-Za-z_][\w-]*$/;
/** A status line starting a saved response (httpYac): `HTTP/1.1 200`, `HTTP/2.0 200 OK`. */
const SAVED_RESPONSE = /^HTTP\/\S+[ \t]+[1-5]\d\d(?:\s|$)/;
/** kulala's `import FILE` and `run #name` / `run FILE`, as kulala writes them (lower case). */
const KULALA_DIRECTIVE = /^(import|run)[ \t]+(\S.*)$/;
/** ` HTTP/1.1` ending a request target's continuation line. */
const TRAILING_VERSION = /[ \t]+(HTTP\/\d(?:\.\d)?)$/i;
/** A line that is only an HTTP version. */
const VERSION_LINE = /^HTTP\/\d(?:\.\d)?$/i;

/**
 * Characters of blocks per parse whose detail (headers, body, references...) is kept from the parse
 * until first read (the lint of the version reads each new block once), rather than parsed again
 * then: a keystroke's blocks and a whole file of a few MB (the 5,000-request file is 2 MB; its
 * details ~15 MB). Past it, a large file's details would outlive V8's young generation, to die in
 * the old one after the lint: the 20 MB document's RSS at open was 60 MB higher with all of them
 * kept, and parsing them again when read costs less than that. An object, so tests can set it to 0.
 */
export const AT_HAND = { chars: 4_000_000 };
let atHand = 0;

/**
 * Parse a whole file. With `previous` (the result for the text before an edit), every block whose
 * text is unchanged is the very same object as before, with only `start` updated; callers may keep
 * per-block caches keyed by the block object. The previous ParsedFile should not be used afterwards
 * (its reused blocks now carry the new starts).
 */
export function parseHttpFile(input: string | PieceText, previous?: ParsedFile): ParsedFile {
  const text: Text = typeof input === 'string' || input instanceof PieceText ? input : '';
  atHand = AT_HAND.chars;
  const edited = previous && previous.blocks.length ? reparseEdit(text, previous) : undefined;
  if (edited) return edited;
  const starts = blockStarts(text, 0, text.length);
  const ends = starts.slice(1).concat(text.length);
  const blocks = reuseOrParse(text, starts, ends, (previous?.blocks ?? []) as Block[], previous ? textOf(previous) : '');
  const variables: VariableDefinition[] = [];
  for (const b of blocks) {
    for (const v of b.variables) variables.push((v as NamedValue).shifted(b.start));
  }
  return fileOf(text, blocks, variables);
}

/** A file's text: a string, or the pieces an open document holds (then no string of the whole file is made). */
type Text = string | PieceText;

/** What a parse was made from: its pieces when it has them (reading `text` would join them). */
function textOf(file: ParsedFile): Text {
  return file.pieces ?? file.text;
}

function fileOf(text: Text, blocks: RequestBlock[], variables: VariableDefinition[]): ParsedFile {
  // The requests are made when read, once per version: a version's lists of every block were its
  // largest garbage on the 20 MB document (issue 28), and what a keystroke runs (the lint, the
  // lenses, the outline) reads the blocks.
  let requests: RequestBlock[] | undefined;
  if (typeof text === 'string') {
    return {
      text,
      blocks,
      get requests() {
        return (requests ??= requestsOf(blocks));
      },
      variables,
    };
  }
  return {
    // Made when read, once per version (PieceText caches it): nothing on a keystroke's path reads it.
    get text() {
      return text.toString();
    },
    pieces: text,
    blocks,
    get requests() {
      return (requests ??= requestsOf(blocks));
    },
    variables,
  };
}

/** The blocks that hold a request. */
export function requestsOf(blocks: readonly RequestBlock[]): RequestBlock[] {
  return blocks.filter((b) => b.requestLine !== undefined);
}

/**
 * The parse of `text` from the parse of the version before it, visiting only the segments around
 * the edit (issue 28: finding every block's start in a 20 MB file took 16-22 ms of a keystroke).
 * The text differs from the previous one in [prefix, end of the changed region); a `###` line start
 * depends on its four characters (the line break before it and `###`), so a segment start whose
 * four characters lie in the common prefix or suffix is a segment start of both versions. The
 * segments from the last such start before the edit to the first after it are found and reused
 * or parsed as a full parse would; the blocks before keep everything (their shared text holder
 * now holds the new text), those after move by the length the edit added. Undefined when the
 * previous parse is not the last made from its blocks (then the full path runs).
 */
function reparseEdit(text: Text, previous: ParsedFile): ParsedFile | undefined {
  const prev = previous.blocks as Block[];
  const prevText = textOf(previous);
  const count = prev.length;
  const source = prev[0].holder();
  if (source.text !== prevText || prev[count - 1].holder() !== source) return undefined;
  const { prefix, suffix } = difference(text, prevText);
  const oldEnd = prevText.length - suffix;
  const growth = text.length - prevText.length;
  // Old segments [pf, pb) are replaced: from the one holding the character 3 before the edit to
  // the first starting after the edit's end (its line break, the character before it, is unchanged).
  let pf = blockIndexAt(prev, Math.max(0, prefix - 3));
  while (pf > 0 && (prev[pf].separator === undefined || prev[pf].start === 0)) pf--; // the preamble, empty or not, included at 0
  let pb = blockIndexAt(prev, oldEnd) + 1;
  while (pb < count && prev[pb].separator === undefined) pb++;
  const from = prev[pf].start;
  const oldTo = pb < count ? prev[pb].start : prevText.length;
  const to = oldTo + growth;
  const starts = blockStarts(text, from, to);
  const ends = starts.slice(1);
  ends.push(to);
  // Variables before and after the replaced segments are those of the previous parse (the
  // variables after it moved). The requests are not spliced: fileOf makes them when read.
  const vars = previous.variables as NamedValue[];
  const varFrom = firstAtOrAfter(vars, from, (v) => v.from);
  const varTo = firstAtOrAfter(vars, oldTo, (v) => v.from);
  const middle: Block[] = [];
  // Segments written alike are reused as a full parse reuses them (a segment moved by cut and paste).
  const pool = new Map<string, number[]>();
  for (let q = pf; q < pb; q = segmentEnd(prev, q)) {
    const key = segmentText(prev, q, segmentEnd(prev, q));
    const list = pool.get(key);
    if (list) list.push(q);
    else pool.set(key, [q]);
  }
  source.text = text; // the blocks' views read the new text from here on
  for (let k = 0; k < starts.length; k++) {
    const segText = text.slice(starts[k], ends[k]);
    const reused = pool.get(segText)?.shift();
    if (reused !== undefined) moveSegment(prev, reused, segmentEnd(prev, reused), source, starts[k], middle);
    else parseSegment(segText, source, starts[k], middle);
  }
  for (const firsts of pool.values()) for (const q of firsts) detach(prev, q, segmentEnd(prev, q));
  if (growth !== 0) for (let j = pb; j < count; j++) prev[j].shiftBy(growth);
  const blocks: RequestBlock[] = spliced(prev, pf, pb, middle);
  const variables: VariableDefinition[] = vars.slice(0, varFrom);
  for (const b of middle) for (const v of b.variables) variables.push((v as NamedValue).shifted(b.start));
  for (let j = varTo; j < vars.length; j++) variables.push(growth === 0 ? vars[j] : vars[j].shifted(growth));
  return fileOf(text, blocks, variables);
}

/**
 * `list` with [from, to) replaced by `middle`, in one new array: each version of a 50,000-request
 * file needs its own list of blocks, but not the slices a `concat` is made from
 * (400 KB arrays, in V8's large-object space until a major GC: RSS grew by them per keystroke).
 */
function spliced<T>(list: readonly T[], from: number, to: number, middle: readonly T[]): T[] {
  const out = new Array<T>(list.length - (to - from) + middle.length);
  let n = 0;
  for (let k = 0; k < from; k++) out[n++] = list[k];
  for (const item of middle) out[n++] = item;
  for (let k = to; k < list.length; k++) out[n++] = list[k];
  return out;
}

/** Index of the last of `blocks` (in order, tiling a text) starting at or before `offset`. */
function blockIndexAt(blocks: readonly Block[], offset: number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Index of the first of `items` (ordered by `at`) at or after `offset`. */
function firstAtOrAfter<T>(items: readonly T[], offset: number, at: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(items[mid]) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The block holding absolute `offset` (the last one starting at or before it). */
export function blockAt(file: ParsedFile, offset: number): RequestBlock {
  const bs = file.blocks;
  let lo = 0;
  let hi = bs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (bs[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return bs[lo];
}

/** The request named `name` (`# @name` or a one-word `###` title); the first one when several share it. */
export function requestByName(file: ParsedFile, name: string): RequestBlock | undefined {
  return file.requests.find((b) => b.name === name);
}

/** A block-relative span made absolute. */
export function absoluteSpan(block: RequestBlock, span: Span): Span {
  return shift(span, block.start);
}

function shift(s: Span, by: number): Span {
  return { start: s.start + by, end: s.end + by };
}

/**
 * Offsets where segments start in [from, to): `from` (0, the preamble, possibly empty, or a segment
 * start) and every line starting with `###` after it.
 */
function blockStarts(text: Text, from: number, to: number): number[] {
  const starts = [from];
  let i = text.indexOf('###', from === 0 ? 0 : from + 1);
  while (i !== -1 && i < to) {
    const prev = i === 0 ? 10 : text.charCodeAt(i - 1);
    if (prev === 10 || prev === 13) starts.push(i);
    i = text.indexOf('###', i + 3);
  }
  return starts;
}

/**
 * Blocks for the segments [starts[k], ends[k]) (a `###` line and what follows up to the next one;
 * a segment is one block, or several when it holds several requests, see isRequestStart), reusing
 * previous blocks of segments with identical text. Unchanged segments at the front and at the back
 * are those inside the text's common prefix and suffix with the previous version (found with a few
 * native comparisons of large chunks: no slice per block, which was 50,000 slices per keystroke in
 * a 20 MB file); only the segments in between go through a text -> blocks map.
 */
function reuseOrParse(text: Text, starts: number[], ends: number[], prev: Block[], prevText: Text): Block[] {
  const source: Source = { text };
  const n = starts.length;
  const out = new Array<Block>(); // one per segment, or more where a segment splits
  const count = prev.length;
  const { prefix, suffix } = count ? difference(text, prevText) : { prefix: 0, suffix: 0 };
  // Previous segments tile the previous text: their offsets are sums of their lengths (their
  // blocks' `start` fields may already have been moved by another parse). A previous segment is a
  // block with a `###` separator (or the preamble) and the blocks without one that follow it.
  let front = 0;
  let pf = 0; // first previous block not reused at the front
  let oldStart = 0;
  while (front < n && pf < count) {
    let pe = pf + 1;
    let len = prev[pf].length;
    while (pe < count && prev[pe].separator === undefined) len += prev[pe++].length;
    if (oldStart !== starts[front] || ends[front] - starts[front] !== len || ends[front] > prefix) break;
    moveSegment(prev, pf, pe, source, starts[front], out);
    oldStart += len;
    front++;
    pf = pe;
  }
  // At the back: each segment's first block, scanning backwards (moved once the middle is done).
  const tail: number[] = [];
  let pb = count; // previous blocks [pb, count) are reused at the back
  let oldFromEnd = 0; // distance from the end of the previous text to the start of the segment
  while (tail.length < n - front && pb > pf) {
    let ps = pb - 1;
    let len = prev[ps].length;
    while (ps > pf && prev[ps].separator === undefined) len += prev[--ps].length;
    const k = n - 1 - tail.length;
    oldFromEnd += len;
    if (text.length - starts[k] !== oldFromEnd || ends[k] - starts[k] !== len || oldFromEnd > suffix) break;
    tail.push(ps);
    pb = ps;
  }
  const back = tail.length;
  let pool: Map<string, number[]> | undefined; // segment text -> first blocks of the segments
  for (let k = front; k < n - back; k++) {
    const segText = text.slice(starts[k], ends[k]);
    if (!pool) {
      pool = new Map();
      for (let q = pf; q < pb;) {
        let qe = q + 1;
        while (qe < pb && prev[qe].separator === undefined) qe++;
        const key = segmentText(prev, q, qe);
        const list = pool.get(key);
        if (list) list.push(q);
        else pool.set(key, [q]);
        q = qe;
      }
    }
    const reused = pool.get(segText)?.shift();
    if (reused !== undefined) moveSegment(prev, reused, segmentEnd(prev, reused), source, starts[k], out);
    else parseSegment(segText, source, starts[k], out);
  }
  // `tail` runs back to front: the segment starting at block tail[q] ends where tail[q - 1] starts.
  for (let q = back - 1; q >= 0; q--) moveSegment(prev, tail[q], q === 0 ? count : tail[q - 1], source, starts[n - 1 - q], out);
  // The previous blocks not reused leave the file; those a cache still holds keep their own text.
  if (pool) for (const firsts of pool.values()) for (const q of firsts) detach(prev, q, segmentEnd(prev, q));
  else detach(prev, pf, pb);
  return out;
}

function detach(blocks: Block[], from: number, to: number): void {
  for (let j = from; j < to; j++) blocks[j].detach();
}

/** The index after the last block of the segment starting at block `from`. */
function segmentEnd(blocks: Block[], from: number): number {
  let e = from + 1;
  while (e < blocks.length && blocks[e].separator === undefined) e++;
  return e;
}

function segmentText(blocks: Block[], from: number, to: number): string {
  if (to - from === 1) return blocks[from].view();
  let t = '';
  for (let j = from; j < to; j++) t += blocks[j].view();
  return t;
}

/** Blocks [from, to) of a previous parse, now starting at `start` of `text`, appended to `out`. */
function moveSegment(blocks: Block[], from: number, to: number, source: Source, start: number, out: Block[]): void {
  for (let j = from; j < to; j++) {
    blocks[j].moveTo(source, start);
    out.push(blocks[j]);
    start += blocks[j].length;
  }
}

/**
 * The blocks of a segment (`text`, at `start` of the file's `source`): one, or one per request when
 * requests follow each other without `###`.
 */
function parseSegment(text: string, source: Source, start: number, out: Block[]): void {
  let at = 0;
  for (;;) {
    const rest = at === 0 ? text : text.slice(at);
    // Within the parse's budget the whole block, its detail kept for the lint that follows; beyond
    // it the summary alone, the detail parsed from the block's text when read (block.ts).
    const whole = atHand > 0;
    const b = safeParseBlock(rest, start + at, source, !whole);
    if (whole) atHand -= b.length;
    b.settle(whole);
    out.push(b);
    // A block shorter than its text was split at a request line (never at its own start).
    if (b.length === 0 || b.length >= rest.length) return;
    at += b.length;
  }
}

/**
 * Where two versions differ: the lengths of their common prefix and suffix (not overlapping). Two
 * piece texts are compared piece by piece, the same string objects being unchanged pieces (an
 * edit shares every piece it does not touch): O(pieces), then the characters of the pieces that
 * differ only, not 20 MB.
 */
function difference(a: Text, b: Text): { prefix: number; suffix: number } {
  if (typeof a === 'string' || typeof b === 'string') {
    // A string against pieces: a document read both ways (rare: the whole text made once).
    const x = a.toString();
    const y = b.toString();
    const prefix = commonPrefix(x, y);
    return { prefix, suffix: commonSuffix(x, y, prefix) };
  }
  const pa = a.pieces;
  const pb = b.pieces;
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  if (i === pa.length && i === pb.length) return { prefix: a.length, suffix: 0 };
  let j = 0;
  while (j < pa.length - i && j < pb.length - i && pa[pa.length - 1 - j] === pb[pb.length - 1 - j]) j++;
  // Pieces before i and from the j-th last on are shared; the same pieces before i start at the same offsets.
  const from = i < pa.length ? a.pieceStart(i) : a.length;
  const aTo = j > 0 ? a.pieceStart(pa.length - j) : a.length;
  const bTo = j > 0 ? b.pieceStart(pb.length - j) : b.length;
  const x = a.slice(from, aTo);
  const y = b.slice(from, bTo);
  const prefix = commonPrefix(x, y);
  return { prefix: from + prefix, suffix: a.length - aTo + commonSuffix(x, y, prefix) };
}

/** First chunk compared by commonPrefix/commonSuffix; halved down to one character where they differ. */
const CHUNK = 1 << 16;

/** Length of the common prefix of `a` and `b`. */
function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let at = 0;
  let chunk = CHUNK;
  while (at < max) {
    const len = Math.min(chunk, max - at);
    if (a.slice(at, at + len) === b.slice(at, at + len)) at += len;
    else if (len === 1) return at;
    else chunk = len >> 1;
  }
  return max;
}

/** Length of the common suffix of `a` and `b`, not reaching into their first `prefix` characters. */
function commonSuffix(a: string, b: string, prefix: number): number {
  const max = Math.min(a.length, b.length) - prefix;
  let at = 0;
  let chunk = CHUNK;
  while (at < max) {
    const len = Math.min(chunk, max - at);
    if (a.slice(a.length - at - len, a.length - at) === b.slice(b.length - at - len, b.length - at)) at += len;
    else if (len === 1) return at;
    else chunk = len >> 1;
  }
  return max;
}

// A block's detail is its text parsed again (block.ts): the same function, so the same result.
parseDetailsWith((text, start) => safeParseBlock(text, start));

function safeParseBlock(text: string, start: number, source?: Source, summary = false): Block {
  try {
    return parseBlock(text, start, source, summary);
  } catch (e) {
    // A bug in the parser must not take the editor down: the block degrades to "not a request".
    const block = source === undefined ? new Block({ text }, 0, start, text.length) : new Block(source, start, start, text.length);
    block.problems.push({
      span: { start: 0, end: text.length },
      code: 'syntax/internal-error',
      message: `The parser failed on this block (${e instanceof Error ? e.message : String(e)}); please report it with the block's text. The block is ignored until then.`,
      severity: 'error',
    });
    return block;
  }
}

// Body lines of the block being parsed, five numbers each (start, end before the line break, first
// and past-last non-blank character, kind): a flat array reused for every block, because body lines
// are most lines of a file and an object per line was a large share of the parse's garbage.
const BODY_STRIDE = 5;
const [START, END, FROM, TO, KIND] = [0, 1, 2, 3, 4];
const CONTENT = 0;
const BLANK = 1;
const ASSERTION = 2;
// Both arrays only grow; their counts say how much of them belongs to the current block (emptying
// them per block gave back their storage, to be grown again for the next one).
const bodyLines: number[] = [];
let bodyLineCount = 0;
// Regions whose `{{...}}` are references (not comments), as start, end pairs; reused like bodyLines.
const active: number[] = [];
let activeCount = 0;

/** Sort orders (functions, not a closure per block). */
function byStart(x: { span: Span }, y: { span: Span }): number {
  return x.span.start - y.span.start;
}

function inOrder(list: readonly { span: Span }[]): boolean {
  for (let k = 1; k < list.length; k++) if (list[k - 1].span.start > list[k].span.start) return false;
  return true;
}

function addBodyLine(lineStart: number, lineEnd: number, from: number, to: number, kind: number): void {
  const at = bodyLineCount++ * BODY_STRIDE;
  bodyLines[at + START] = lineStart;
  bodyLines[at + END] = lineEnd;
  bodyLines[at + FROM] = from;
  bodyLines[at + TO] = to;
  bodyLines[at + KIND] = kind;
}

function addActive(start: number, end: number): void {
  active[activeCount++] = start;
  active[activeCount++] = end;
}

/**
 * The block `text`, at absolute offset `start` of the file. With `source` (the file's text, of which
 * `text` is the part at `start`), the block is a range of it; else of `text` itself. With `summary`,
 * what a block keeps for every version (block.ts) is exact and the rest (body, references) is left out.
 */
export function parseBlock(text: string, start: number, source?: Source, summary = false): Block {
  const b = source === undefined ? new Block({ text }, 0, start, text.length) : new Block(source, start, start, text.length);
  const problems = b.problems;
  bodyLineCount = 0;
  activeCount = 0;
  let pos = 0;
  if (text.startsWith('###')) {
    let end = 0;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    let f = 3;
    while (f < end && (isBlank(text.charCodeAt(f)) || text.charCodeAt(f) === 35)) f++;
    let t = end;
    while (t > f && isBlank(text.charCodeAt(t - 1))) t--;
    b.separator = t > f ? new Separator(end, own(text.slice(f, t)), f, t) : new Separator(end);
    pos = end;
  }

  // 'after': below a response handler or an output redirect, where only more of them, comments and
  // `??` lines belong.
  // 'response': a saved response (`HTTP/1.1 200 OK` and what follows, httpYac), never sent.
  let phase: 'pre' | 'headers' | 'body' | 'after' | 'response' = 'pre';
  let prevBlank = false; // the line above is blank
  let afterRequestLine = false; // the line right after the request line (or its continuations)
  let headerlessWarned = false;
  let requestLine: ParsedRequestLine | undefined; // b.requestLine, as the parser may extend it
  const length = text.length;

  for (let next = pos; next < length;) {
    // The line [lineStart, lineEnd), its non-blank part [from, to).
    const lineStart = next;
    let lineEnd = lineStart;
    while (lineEnd < length) {
      const c = text.charCodeAt(lineEnd);
      if (c === 10 || c === 13) break;
      lineEnd++;
    }
    let from = lineStart;
    while (from < lineEnd && isBlank(text.charCodeAt(from))) from++;
    let to = lineEnd;
    while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
    next = lineEnd < length && text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10 ? lineEnd + 2 : lineEnd + 1;
    if (pos !== 0 && lineStart === pos) continue; // the `###` line's own line break
    const isAssertion =
      text.charCodeAt(from) === 63 /* ? */ && text.charCodeAt(from + 1) === 63 && (to - from === 2 || isBlank(text.charCodeAt(from + 2)));

    const afterBlank = prevBlank;
    prevBlank = from === to;
    const lead = text.charCodeAt(from);
    if (requestLine && (afterBlank || phase === 'headers') && isRequestStart(text, from, to)) {
      // httpYac: a request line starts a new request, `###` or not. Among the headers nothing else
      // can be meant; in a body we ask for the blank line above it (docs/syntax.md). The rest of
      // the text is the next block's.
      b.length = lineStart;
      break;
    }
    if (phase === 'response') {
      savedResponseEnd(b, to);
      continue;
    }
    if (lead === 123 /* { */ && text.charCodeAt(from + 1) === 123 && phase !== 'headers') {
      // httpYac's `{{` … `}}` script block (its own API): read, never sent, not run.
      const end = httpyacScript(b, text, from, to, lineEnd);
      if (end !== -1) {
        next = end;
        prevBlank = false;
        if (requestLine) phase = 'after';
        continue;
      }
    }
    if (lead === 47 /* / */ && text.charCodeAt(from + 1) === 42 /* * */ && phase !== 'body') {
      // httpYac's `/* … */` comment, which may span lines.
      next = blockComment(b, text, from, problems);
      continue;
    }
    if (lead === 72 /* H */ && requestLine && (phase === 'body' || phase === 'after') && SAVED_RESPONSE.test(text.slice(from, to))) {
      // httpYac: a response saved below its request (status line, headers, body): shown, not sent.
      b.savedResponse = { start: from, end: to };
      phase = 'response';
      continue;
    }
    if (
      lead === 60 /* < */ &&
      text.charCodeAt(from + 1) === 62 /* > */ &&
      requestLine &&
      phase !== 'pre' &&
      isBlank(text.charCodeAt(from + 2))
    ) {
      // JetBrains: `<> ./previous-response.200.json`, the response a previous run saved, to compare.
      responseRef(b, text, from, to, problems);
      phase = 'after';
      afterRequestLine = false;
      continue;
    }
    if (lead === 62 /* > */ && requestLine && phase !== 'pre') {
      // `> {% … %}`, `> ./handler.js`, `>> file`, `>>! file`: what to do with the response. They
      // end the body: the lines below them are not sent.
      const after = responseLine(b, text, from, to, lineEnd, problems);
      if (after !== -1) {
        next = after;
        phase = 'after';
        afterRequestLine = false;
        continue;
      }
    } else if (lead === 60 /* < */ && phase === 'pre' && isBlank(text.charCodeAt(from + 1))) {
      // `< {% … %}` or `< ./pre.js` above the request line: a pre-request script.
      next = scriptLine(b, 'pre', text, from, from + 1, to, lineEnd, problems);
      continue;
    }
    if (phase === 'body') {
      // Body lines are most lines of a file: only assertions among them are sliced.
      const kind = isAssertion ? ASSERTION : from === to ? BLANK : CONTENT;
      addBodyLine(lineStart, lineEnd, from, to, kind);
      if (isAssertion) {
        b.assertions.push(parseAssertion(text.slice(from, to), { start: from, end: to }, problems));
        addActive(from, to);
      }
      continue;
    }
    if (from === to) {
      if (phase === 'headers') phase = 'body';
      afterRequestLine = false;
      continue;
    }
    const content = text.slice(from, to);
    const span = { start: from, end: to };
    if (isAssertion) {
      if (!b.requestLine) {
        report(
          problems,
          span,
          'syntax/assertion-before-request',
          'Assertions check the response: move this `??` line below the request line.',
          'warning',
        );
      }
      b.assertions.push(parseAssertion(content, span, problems));
      addActive(from, to);
      continue;
    }
    if (content.startsWith('#') || content.startsWith('//')) {
      const d = DIRECTIVE.exec(content);
      if (d) b.directives.push(directive(d, from));
      else b.addComment(from, to);
      continue;
    }

    if (phase === 'pre') {
      const kulala = KULALA_DIRECTIVE.exec(content);
      if (kulala) {
        // kulala's `import ./other.http` and `run #name` / `run ./other.http`: directives, not requests.
        b.directives.push(new NamedValue(intern(kulala[1]), own(kulala[2]), from, to, from, to - kulala[2].length));
        continue;
      }
      if (content.startsWith('@')) {
        const v = parseVariable(content, from, problems);
        if (v) {
          b.variables.push(v);
          addActive(v.valueSpan.start, v.valueSpan.end);
        }
        continue;
      }
      const nameEnd = headerNameEnd(content);
      const looksLikeHeader =
        nameEnd !== -1 && /^[\w-]+:([ \t]|$)/.test(content) && !METHOD_SET.has(content.slice(0, content.indexOf(':')).toUpperCase());
      if (looksLikeHeader || content.startsWith('{') || content.startsWith('[') || content.startsWith('<')) {
        report(
          problems,
          span,
          'syntax/no-request-line',
          looksLikeHeader
            ? 'This header has no request line above it: add `METHOD URL` first, e.g. `POST {{base_url}}/api/v2/account/verify`.'
            : 'This body has no request line: add `METHOD URL` and the headers above it, then a blank line, e.g. `POST {{base_url}}/api/v2/account/verify`.',
        );
        headerlessWarned = true;
        if (looksLikeHeader) {
          phase = 'headers';
          b.headers.push(header(content, nameEnd, from));
          addActive(from, to);
        } else {
          phase = 'body';
          addBodyLine(lineStart, lineEnd, from, to, CONTENT);
        }
        continue;
      }
      b.requestLine = requestLine = parseRequestLine(content, from, problems);
      addActive(from, to);
      phase = 'headers';
      afterRequestLine = true;
      continue;
    }

    if (phase === 'after') {
      report(
        problems,
        span,
        'syntax/text-after-handler',
        'This line is below the response handler, where it is neither sent nor run: move it above the handler (into the body), or start a new request with `###`.',
      );
      continue;
    }

    // phase === 'headers'
    if (
      afterRequestLine &&
      requestLine &&
      (lead === 63 /* ? */ || lead === 38 /* & */ || lead === 47 /* / */ || (from > lineStart && !isHeaderLine(content)))
    ) {
      // A request target continued on the lines below (REST Client's `?a=1` / `&b=2` query lines,
      // httpYac's `/path` lines, JetBrains' and kulala's indented lines of any part of the target,
      // each trimmed), possibly ending with ` HTTP/1.1`.
      const version = TRAILING_VERSION.exec(content);
      const partTo = version ? from + version.index : to;
      requestLine.continueUrl(text.slice(from, partTo), from, partTo, to, version?.[1]);
      addActive(from, partTo);
      continue;
    }
    if (afterRequestLine && requestLine && requestLine.continued && VERSION_LINE.test(content)) {
      // kulala: `HTTP/1.1` on a line of its own below a multi-line target.
      requestLine.continueUrl('', requestLine.urlSpan.end, requestLine.urlSpan.end, to, content.toUpperCase());
      continue;
    }
    afterRequestLine = false;
    const nameEnd = headerNameEnd(content);
    if (nameEnd !== -1) {
      b.headers.push(header(content, nameEnd, from));
      addActive(from, to);
      continue;
    }
    if (!headerlessWarned) {
      report(
        problems,
        span,
        'syntax/missing-blank-line',
        'This line is not a header (`Name: value`): if it starts the body, put a blank line between the headers and the body.',
      );
    }
    phase = 'body';
    addBodyLine(lineStart, lineEnd, from, to, CONTENT);
  }

  if (!b.requestLine) {
    // A pre-request script runs before a request: with none below it, it is most likely a file
    // body (`< ./body.json`) or a script whose request line is missing.
    for (const sc of b.scripts) {
      report(
        problems,
        sc.span,
        'syntax/no-request-line',
        sc.kind === 'file'
          ? 'This body has no request line: add `METHOD URL` and the headers above it, then a blank line, e.g. `POST {{base_url}}/api/v2/account/verify`.'
          : 'This pre-request script has no request line below it: add `METHOD URL` under it, e.g. `POST {{base_url}}/api/v2/account/verify`.',
      );
    }
  }
  // The body and the references are detail, which the summary does without: 60% of a block's parse.
  if (!summary) {
    if (bodyLineCount > 0) finishBody(b, text, problems);
    for (let k = 0; k < activeCount; k += 2) scanTemplates(text, active[k], active[k + 1], 0, b.references, problems);
    // already in order but for a block with templates in several regions; sort copies the array
    if (!inOrder(b.references)) b.references.sort(byStart);
  }
  nameBlock(b, problems);
  return compact(b);
}

/**
 * The block's lists at their exact length. An array grown by push keeps room for 17 items: for the
 * seven lists of each of 5,000 blocks that was a third of the parse's heap. An empty list is one
 * shared frozen array (most blocks have no variables, assertions or problems: an empty array each
 * was 15,000 arrays for 5,000 requests); frozen, so a mutation is a bug seen at once.
 */
function compact(b: Block): Block {
  b.directives = exact(b.directives);
  b.variables = exact(b.variables);
  b.compactComments();
  b.headers = exact(b.headers);
  b.assertions = exact(b.assertions);
  b.references = exact(b.references);
  b.scripts = exact(b.scripts);
  b.problems = exact(b.problems);
  return b;
}

const NONE: never[] = Object.freeze([]) as unknown as never[];

function exact<T>(list: T[]): T[] {
  return list.length ? list.slice() : NONE;
}

/** A line that starts a new request below a blank line: see REQUEST_START. */
function isRequestStart(text: string, from: number, to: number): boolean {
  const c = text.charCodeAt(from);
  if (c < 65 || c > 90) return false; // not a capital: most body lines end here
  return REQUEST_START.test(text.slice(from, to));
}

function directive(m: RegExpExecArray, at: number): Directive {
  const text = m[0];
  const nameStart = at + text.indexOf('@') + 1;
  const value = m[2];
  // The value is a suffix of the (trimmed) line.
  const valueStart = value ? at + text.length - value.length : nameStart + m[1].length;
  return new NamedValue(intern(m[1]), own(value), at, at + text.length, nameStart, valueStart);
}

/** The header on `line` (a header line, trimmed, at offset `at`), whose name ends at `nameEnd`. */
function header(line: string, nameEnd: number, at: number): Header {
  const valueStart = headerValueStart(line, nameEnd);
  const value = line.slice(valueStart, headerValueEnd(line, valueStart));
  return new NamedValue(intern(line.slice(0, nameEnd)), intern(value), at, at + line.length, at, at + valueStart);
}

/**
 * A header or directive: its spans are made on read from four offsets. Headers and directives are
 * four of the ~20 spans of a typical block; three span objects each, kept for every block of a
 * file, were a tenth of the parse's retained objects (and of the work of its garbage collector).
 */
class NamedValue implements Header, Directive, VariableDefinition {
  constructor(
    readonly name: string,
    readonly value: string,
    /** Where the span starts (read by the incremental parse to split the file's variables). */
    readonly from: number,
    private readonly to: number,
    private readonly nameStart: number,
    private readonly valueStart: number,
  ) {}

  get span(): Span {
    return { start: this.from, end: this.to };
  }

  get nameSpan(): Span {
    return { start: this.nameStart, end: this.nameStart + this.name.length };
  }

  get valueSpan(): Span {
    return { start: this.valueStart, end: this.valueStart + this.value.length };
  }

  /** The same, its offsets moved by `by` (a block's variable made file-wide). */
  shifted(by: number): NamedValue {
    return new NamedValue(this.name, this.value, this.from + by, this.to + by, this.nameStart + by, this.valueStart + by);
  }
}

function parseVariable(content: string, at: number, problem: ProblemSink): VariableDefinition | undefined {
  const m = VARIABLE.exec(content)!;
  const [, name, eq, value] = m;
  const span = { start: at, end: at + content.length };
  if (!eq) {
    report(problem, span, 'syntax/variable-without-value', `\`@${name}\` defines no value: write \`@${name || 'name'} = value\`.`);
    return undefined;
  }
  if (!/^[A-Za-z_][\w.-]*$/.test(name)) {
    report(
      problem,
      span,
      'syntax/invalid-variable-name',
      `\`${name || '(empty)'}\` is not a usable variable name: start with a letter or \`_\` and use letters, digits, \`_\`, \`-\` or \`.\`, e.g. \`@userEmail = alice@example.com\`.`,
    );
    return undefined;
  }
  return new NamedValue(own(name), own(value), at, span.end, at + 1, at + content.length - value.length);
}

function parseRequestLine(content: string, at: number, problem: ProblemSink): ParsedRequestLine {
  const span = { start: at, end: at + content.length };
  const firstEnd = content.search(/\s/);
  const first = firstEnd === -1 ? content : content.slice(0, firstEnd);
  const upper = intern(first.toUpperCase());
  let method = 'GET';
  let methodSpan = { start: at, end: at };
  let urlFrom = 0;
  if (firstEnd === -1) {
    if (METHOD_SET.has(upper)) {
      report(problem, span, 'syntax/missing-url', `\`${first}\` has no URL: write \`${upper} {{base_url}}/api/v2/...\`.`);
      return new ParsedRequestLine(upper, '', undefined, at, span.end, at, at + first.length, span.end, span.end);
    }
  } else if (METHOD_SET.has(upper) || METHOD_TOKEN.test(first)) {
    method = upper;
    methodSpan = { start: at, end: at + first.length };
    urlFrom = firstEnd;
    while (urlFrom < content.length && isBlank(content.charCodeAt(urlFrom))) urlFrom++;
    if (!METHOD_SET.has(upper)) {
      // Any RFC 9110 token is a method a server may know: sent as written, with a warning for typos.
      report(
        problem,
        methodSpan,
        'syntax/unknown-method',
        `Unknown method \`${first}\` (sent as written): check the spelling, the usual ones are ${HTTP_METHODS.join(', ')}.`,
        'warning',
      );
    }
  }
  let urlTo = content.length;
  let httpVersion: string | undefined;
  const v = /\s+(HTTP\/\d(?:\.\d)?)$/i.exec(content.slice(urlFrom));
  if (v) {
    httpVersion = v[1].toUpperCase();
    urlTo = urlFrom + v.index;
  }
  const url = intern(content.slice(urlFrom, urlTo), URL_MAX_LENGTH);
  const urlSpan = { start: at + urlFrom, end: at + urlTo };
  if (url === '') {
    report(problem, span, 'syntax/missing-url', `\`${method}\` has no URL: write \`${method} {{base_url}}/api/v2/...\`.`);
  } else if (!/^(https?:\/\/|\{\{|\/)/i.test(url)) {
    report(
      problem,
      urlSpan,
      'syntax/url-without-scheme',
      `\`${url}\` is not an absolute URL: start it with https:// or with a variable, e.g. \`{{base_url}}/api/v2/...\`.`,
      'warning',
    );
  }
  return new ParsedRequestLine(method, url, httpVersion, at, span.end, methodSpan.start, methodSpan.end, urlSpan.start, urlSpan.end);
}

/**
 * A request line: its spans are made on read from its offsets (three span objects kept for every
 * request of a file otherwise).
 */
class ParsedRequestLine implements RequestLine {
  constructor(
    readonly method: string,
    public url: string,
    public httpVersion: string | undefined,
    private readonly from: number,
    private to: number,
    private readonly methodStart: number,
    private readonly methodEnd: number,
    private urlStart: number,
    private urlEnd: number,
  ) {}

  get span(): Span {
    return { start: this.from, end: this.to };
  }

  get methodSpan(): Span {
    return { start: this.methodStart, end: this.methodEnd };
  }

  get urlSpan(): Span {
    return { start: this.urlStart, end: this.urlEnd };
  }

  /** True once a line below the request line continued its target. */
  continued = false;

  /**
   * A line below the request line continuing its target: `part` (at [from, partTo)) is appended
   * to the URL, and the request line now ends at `lineTo`, with `version` when the line ends with one.
   */
  continueUrl(part: string, from: number, partTo: number, lineTo: number, version?: string): void {
    this.url = own(this.url + part);
    if (this.urlStart === this.urlEnd) this.urlStart = from;
    this.urlEnd = partTo;
    this.to = lineTo;
    this.continued = true;
    if (version) this.httpVersion = version.toUpperCase();
  }
}

function parseAssertion(content: string, span: Span, problem: ProblemSink): Assertion {
  const words = [...content.slice(2).matchAll(/\S+/g)].map((m) => ({ word: m[0], at: m.index + 2 }));
  const a: Assertion = { span, text: own(content), subject: own(words[0]?.word ?? '') };
  if (words.length === 0) {
    report(
      problem,
      span,
      'syntax/empty-assertion',
      'Empty assertion: write what to check, e.g. `?? status == 201` or `?? body success == true`.',
    );
    return a;
  }
  const opIndex = words.findIndex((w, i) => i > 0 && OPERATOR_SET.has(w.word));
  const pathEnd = opIndex === -1 ? words.length : opIndex;
  if (pathEnd > 1) a.path = own(content.slice(words[1].at, words[pathEnd - 1].at + words[pathEnd - 1].word.length));
  if (opIndex !== -1) {
    a.operator = words[opIndex].word;
    const rest = content.slice(words[opIndex].at + a.operator.length).trim();
    if (rest) a.expected = own(rest);
  }
  if (!SUBJECT_SET.has(a.subject)) {
    report(
      problem,
      span,
      'syntax/unknown-assertion-subject',
      `Unknown assertion subject \`${a.subject}\`: use ${ASSERTION_SUBJECTS.join(', ')}, e.g. \`?? body data.status == SUCCESS\`.`,
      'warning',
    );
  } else if (!a.operator && (a.subject === 'status' || a.subject === 'duration' || a.subject === 'signature' || a.subject === 'schema')) {
    report(
      problem,
      span,
      'syntax/assertion-without-operator',
      a.subject === 'signature' || a.subject === 'schema'
        ? `Write \`?? ${a.subject} valid\` or \`?? ${a.subject} invalid\`.`
        : `\`${content}\` has no operator: write e.g. \`?? ${a.subject} == 200\` (operators: ${ASSERTION_OPERATORS.join(' ')}).`,
      'warning',
    );
  }
  return a;
}

/** Field `field` of body line `k` of the block being parsed. */
function bodyLine(k: number, field: number): number {
  return bodyLines[k * BODY_STRIDE + field];
}

/** A `Content-Type` header naming JSON. */
function saysJson(headers: Header[]): boolean {
  for (const h of headers) if (/^content-type$/i.test(h.name) && /json/i.test(h.value)) return true;
  return false;
}

function finishBody(b: Block, text: string, problem: ProblemSink): void {
  const count = bodyLineCount;
  let first = 0;
  while (first < count && bodyLine(first, KIND) !== CONTENT) first++;
  let last = count - 1;
  while (last >= first && bodyLine(last, KIND) !== CONTENT) last--;
  if (first > last) return;
  const from = bodyLine(first, FROM);
  // `{{payload}} and more` is a text body starting with a template, unless the request says JSON.
  // A GRAPHQL body is a query (`{ a }` is no JSON), with its variables after a blank line.
  const json =
    b.requestLine?.method !== 'GRAPHQL' && (text[from] === '[' || (text[from] === '{' && (text[from + 1] !== '{' || saysJson(b.headers))));
  if (json) {
    // Comment lines after a JSON body are comments, not body (JSON has no `#` comments and the
    // service would receive them otherwise).
    while (last > first) {
      const content = bodyLine(last, KIND) === CONTENT;
      const f = bodyLine(last, FROM);
      const isComment = text.charCodeAt(f) === 35 /* # */ || (text.charCodeAt(f) === 47 /* / */ && text.charCodeAt(f + 1) === 47);
      if (content && !isComment) break;
      if (content) b.addComment(f, bodyLine(last, TO));
      last--;
    }
    b.sortComments();
  }
  const start = bodyLine(first, START);
  const end = bodyLine(last, END);
  let bodyText = text.slice(start, end);
  let blanked = false;
  // `??` lines inside the body are assertions: blank them so offsets stay exact. The lines between
  // them are one region for the template scan (templates never span lines; blank lines hold none).
  let runEnd = -1; // index in `active` of the end of the current region, -1 between regions
  for (let k = first; k <= last; k++) {
    const kind = bodyLine(k, KIND);
    if (kind === ASSERTION) {
      const s = bodyLine(k, START);
      const e = bodyLine(k, END);
      bodyText = bodyText.slice(0, s - start) + ' '.repeat(e - s) + bodyText.slice(e - start);
      blanked = true;
      runEnd = -1;
    } else if (kind === CONTENT) {
      if (runEnd !== -1) active[runEnd] = bodyLine(k, END);
      else {
        addActive(bodyLine(k, START), bodyLine(k, END));
        runEnd = activeCount - 1;
      }
    }
  }
  // The body reads its text from the block's, unless `??` lines in it were blanked (then it keeps its own).
  const ownText = blanked ? own(bodyText) : undefined;
  const body: BlockBody = json ? new LazyJsonBody(b, start, end, ownText) : new BlockBody(b, start, end, 'text', ownText);
  const fileLine = text.charCodeAt(from) === 60 /* < */ ? /^<@?[ \t]+(\S.*?)[ \t]*$/.exec(text.slice(from, bodyLine(first, TO))) : null;
  if (fileLine && first === last) {
    const value = fileLine[1];
    const valueStart = bodyLine(first, TO) - value.length;
    body.kind = 'file';
    body.filePath = { value: own(value), span: { start: valueStart, end: valueStart + value.length } };
  } else if (!json) {
    warnHeaderLikeStart(text, first, last, problem);
  }
  if (json) jsonProblems(body as LazyJsonBody, bodyText, problem);
  b.body = body;
}

/**
 * A JSON body whose tree is parsed on first read of `json`. Most features never look at most
 * bodies' trees (a 5,000-request file holds ~100,000 JSON nodes), so trees are kept only for the
 * bodies read last (a small LRU): a tree read again after eviction is parsed again, from the same
 * text, to the same result. What lint needs of every body, its problems, is found at parse time
 * (jsonProblems), usually without building a tree.
 */
class LazyJsonBody extends BlockBody {
  validJson = false;
  constructor(block: Block, start: number, end: number, text?: string) {
    super(block, start, end, 'json', text);
  }

  get json(): JsonBody {
    let tree = jsonCache.get(this);
    if (!tree) {
      tree = safeJsonBody(this, []); // its problems were found at parse time
      jsonCache.set(this, tree);
    }
    return tree;
  }
}

/** The tree of the body read last; see LazyJsonBody. */
const jsonCache = new LastRead<Body, JsonBody>();

/**
 * The body's JSON problems, in the order the full parse reports them. Text the native JSON.parse
 * accepts (once templates are masked) has no syntax error, comment or trailing header, which
 * leaves only misplaced templates; anything else takes the full parse (and caches its tree).
 */
function jsonProblems(body: LazyJsonBody, text: string, problem: ProblemSink): void {
  const { masked, misplaced } = maskTemplates(text, 0, text.length, body.span.start);
  let valid = true;
  try {
    JSON.parse(masked);
  } catch {
    valid = false;
  }
  body.validJson = valid;
  if (valid) for (const t of misplaced) misplacedTemplate(t, problem);
  // The tree keeps pieces of the text it was built from: a copy of the body's, not a view of the file.
  else jsonCache.set(body, jsonBody(own(text), body.span.start, problem));
}

function misplacedTemplate(t: TemplateRef, problem: ProblemSink): void {
  report(
    problem,
    t.span,
    'syntax/template-not-a-value',
    `\`{{${t.expression}}}\` is outside quotes but is not a whole JSON value: put it in a string (\`"{{${t.expression}}}"\`) or separate it from the text around it.`,
  );
}

function safeJsonBody(body: Body, problem: ProblemSink): JsonBody {
  try {
    return jsonBody(body.text, body.span.start, problem);
  } catch {
    // The same text parsed at parse time (under safeParseBlock), so this is not reached; if it
    // were, a tree that cannot be built is no tree, never a crash of the editor.
    return { root: undefined, templates: new Map(), errors: [] };
  }
}

function jsonBody(bodyText: string, start: number, problem: ProblemSink): JsonBody {
  const parsed = parseJsonBody(bodyText, 0, bodyText.length, start);
  const root = parsed.root;
  let errors = parsed.errors;
  if (root) {
    // Text after the value that looks like a header: the header was written below the body.
    const rest = bodyText.slice(root.offset + root.length - start);
    const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+[ \t]*:[^\r\n]*)/.exec(rest);
    if (m && isHeaderLine(m[1])) {
      const at = root.offset + root.length + rest.indexOf(m[1]);
      report(
        problem,
        { start: at, end: at + m[1].trimEnd().length },
        'syntax/header-after-body',
        'This header is below the body: move it up, between the request line and the blank line that starts the body.',
      );
      errors = errors.filter((e) => e.span.start < at);
    }
  }
  for (const e of errors) report(problem, e.span, 'syntax/json', e.message);
  for (const c of parsed.comments) {
    report(
      problem,
      c,
      'syntax/json-comment',
      'Comments inside a JSON body are sent to the service, which expects plain JSON: remove the comment or move it above the request line.',
      'warning',
    );
  }
  for (const t of parsed.misplacedTemplates) misplacedTemplate(t, problem);
  return { root, templates: parsed.templates, errors };
}

/**
 * `Name: value` lines at the top of a text body, followed by a blank line: most likely headers
 * that a stray blank line pushed into the body.
 */
function warnHeaderLikeStart(text: string, first: number, last: number, problem: ProblemSink): void {
  let k = first;
  while (k <= last && bodyLine(k, KIND) === CONTENT && isHeaderLine(text.slice(bodyLine(k, FROM), bodyLine(k, TO)))) k++;
  if (k > first && k <= last && bodyLine(k, KIND) === BLANK) {
    report(
      problem,
      { start: bodyLine(first, FROM), end: bodyLine(k - 1, TO) },
      'syntax/header-after-blank-line',
      'These lines look like headers but come after the blank line that ends the headers, so they are sent as body: remove the blank line above them.',
      'warning',
    );
  }
}

function nameBlock(b: RequestBlock, problem: ProblemSink): void {
  const named = b.directives.filter((d) => d.name === 'name');
  for (const d of named) {
    if (d.value === '') {
      report(
        problem,
        d.span,
        'syntax/empty-name',
        'Give the request a name: `# @name quote` (one word), then refer to it as `{{quote.response.body.$.data.x}}`.',
      );
    } else if (!REQUEST_NAME.test(d.value)) {
      report(
        problem,
        d.valueSpan,
        'syntax/invalid-name',
        `\`${d.value}\` cannot be referenced as \`{{name.response...}}\`: use one word of letters, digits, \`_\` or \`-\`, e.g. \`${d.value.replace(/[^\w-]+/g, '_').replace(/^(?=\d)/, '_')}\`.`,
        'warning',
      );
    }
  }
  const last = named.filter((d) => d.value !== '').pop();
  if (last) b.name = last.value.split(/\s+/)[0];
  else if (b.separator?.title && REQUEST_NAME.test(b.separator.title)) b.name = b.separator.title;
}

export type { TemplateRef };
