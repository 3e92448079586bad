// A parsed block as offsets into the document's text, not a copy or a view of it (issue 28).
//
// A block used to keep its text as `fileText.slice(...)`: V8 makes that a view holding the whole
// file's text alive, so the first version of a 2 MB file stayed in memory for as long as any block
// of the first parse did, beside the current one. A block now keeps the current version's text (which
// the document keeps anyway), where it starts in it and its length; its `text` is made when read.
import { LastRead, Lru } from '../util/lru';
import { own } from '../util/intern';
import type {
  Assertion,
  Body,
  Directive,
  Header,
  HttpyacScript,
  OutputRedirect,
  RequestBlock,
  RequestLine,
  ResponseRef,
  Script,
  Span,
  SyntaxProblem,
  TemplateRef,
  VariableDefinition,
} from './types';
import { NO_SCRIPTS } from './lines';
import type { PieceText } from './pieceText';

/**
 * The text of the block read last, as a copy (not a view of a version of the file): a
 * reader may keep a piece of `block.text` (a field value in a cached body model, a word in a
 * message) beyond the version it read it in, and a piece of a copy keeps only the block's own few
 * hundred characters alive, never a 2 MB version. Readers go block by block, each reading one
 * block's text several times.
 */
const texts = new LastRead<Block, string>();

/**
 * A copy of `s` that is no view of its parent. Slicing a concatenation makes V8 flatten it into a
 * new string first, so the result is a view of that copy (one character longer), not of the file:
 * 15 times faster than the JSON round trip of `own` (0.25 against 3.7 ms for 5,000 blocks' texts;
 * the outline reads every block's text), at a few bytes more, which only the 64 cached copies pay.
 * test/syntax/retainedVersions.test.ts sees no version of a file kept alive through them.
 */
function copyOf(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/**
 * The text blocks are ranges of. One holder is shared by every block of a file's parse and set to
 * each new version by the next parse, so the blocks an edit leaves alone need no visit to follow
 * the text (those after it only have their offsets shifted).
 */
/** Sets a block's detail at hand aside, and forgets the detail read last (forgetDetails). */
let dropAtHand: (b: Block) => void;
let forgetLast: () => void;

export interface Source {
  /** A string, or pieces (whose cuts are segment starts, so a block's text is a slice of one piece). */
  text: string | PieceText;
}

export class Block implements RequestBlock {
  /** The text the block is a range of: the current version of the file, or the block's own copy once detached. */
  #source: Source;
  /** Where the block starts in #source. */
  #from: number;

  // The summary: what the file-level features read of every block on every version (the scope's
  // names and variables, the requests list, code lenses and the outline), kept for every block.
  separator?: Separator;
  name?: string;
  variables: VariableDefinition[] = [];
  requestLine?: RequestLine;
  scripts: Script[] = NO_SCRIPTS;
  // Fields most blocks never set are declared only (added to the few blocks that have them): a
  // field defined on every block costs 8 bytes in each of a large file's blocks.
  declare httpyacScripts?: HttpyacScript[];
  /**
   * The rest (headers, body, references, problems...), as the parser made it, until its first
   * reader, or none (parser.ts AT_HAND): then it is parsed from the block's text when read and kept
   * in `details`, for the blocks read last (issue 28: kept for every block, it was most of a large
   * file's heap).
   */
  #detail: BlockDetail | undefined = new BlockDetail();

  /**
   * @param source the text the block is a range of, from `from`, `length` characters long
   * @param start the block's absolute offset in the file
   */
  constructor(
    source: Source,
    from: number,
    public start: number,
    /** The length of the block's text. */
    public length: number,
  ) {
    this.#source = source;
    this.#from = from;
    Block.#filling = this;
  }

  /** The block the parser is filling: its reads of the detail leave the detail at hand. */
  static #filling: Block | undefined;

  static {
    dropAtHand = (b) => (b.#detail = undefined);
    forgetLast = () => (Block.#last = Block.#lastDetail = undefined);
  }

  get comments(): Span[] {
    const c = this.#d().comments;
    if (typeof c === 'number') {
      const start = c >>> ONE_SHIFT;
      return [{ start, end: start + (c & ONE_LENGTH) }];
    }
    if (c.length === 0) return NO_SPANS;
    const out = new Array<Span>(c.length >> 1);
    for (let k = 0; k < out.length; k++) out[k] = { start: c[2 * k], end: c[2 * k + 1] };
    return out;
  }

  /** As data, the text and the detail included (getters are no own properties, which JSON.stringify reads). */
  toJSON(): object {
    const out: Record<string, unknown> = { ...(this as object), text: this.text };
    for (const key of DETAIL_KEYS) if (this[key] !== undefined) out[key] = this[key];
    return out;
  }

  // The detail, read through the block as before: parsed from the text when not at hand.
  get directives(): Directive[] {
    return this.#d().directives;
  }
  set directives(v: Directive[]) {
    this.#d().directives = v;
  }
  get headers(): Header[] {
    return this.#d().headers;
  }
  set headers(v: Header[]) {
    this.#d().headers = v;
  }
  get body(): Body | undefined {
    return this.#d().body;
  }
  set body(v: Body | undefined) {
    this.#d().body = v;
  }
  get assertions(): Assertion[] {
    return this.#d().assertions;
  }
  set assertions(v: Assertion[]) {
    this.#d().assertions = v;
  }
  get references(): TemplateRef[] {
    return this.#d().references;
  }
  set references(v: TemplateRef[]) {
    this.#d().references = v;
  }
  get problems(): SyntaxProblem[] {
    return this.#d().problems;
  }
  set problems(v: SyntaxProblem[]) {
    this.#d().problems = v;
  }
  get outputRedirect(): OutputRedirect | undefined {
    return this.#d().outputRedirect;
  }
  set outputRedirect(v: OutputRedirect | undefined) {
    this.#d().outputRedirect = v;
  }
  get responseRef(): ResponseRef | undefined {
    return this.#d().responseRef;
  }
  set responseRef(v: ResponseRef | undefined) {
    this.#d().responseRef = v;
  }
  get savedResponse(): Span | undefined {
    return this.#d().savedResponse;
  }
  set savedResponse(v: Span | undefined) {
    this.#d().savedResponse = v;
  }

  /**
   * The directives that apply to the whole file, `# @openapi` and kulala's `import`, kept with the
   * summary: the scope and the run-line lint read them of every block on every version.
   */
  get fileDirectives(): readonly Directive[] {
    // At hand (a block no parse of a file settled, e.g. parseBlock's): read from the detail.
    const d = this.#detail;
    if (d !== undefined) return fileDirectivesOf(d);
    return fileDirectives.get(this) ?? NO_DIRECTIVES;
  }

  /** Whether the block has `??` lines, kept with the summary: the Test Explorer's list reads it of every request on every edit. */
  get hasAssertions(): boolean {
    const d = this.#detail;
    return d !== undefined ? d.assertions.length > 0 : withAssertions.has(this);
  }

  /**
   * The parser's, once a file's parse made the block: the summary's facts of the detail are kept
   * and the detail is either kept at hand until first read (`whole`: the lint that follows the
   * parse reads it once), then cached with the blocks read last, or dropped (partial: the parse
   * left the body and references out), to be parsed from the block's text when read.
   */
  settle(whole: boolean): void {
    const d = this.#detail;
    if (d === undefined) return;
    const kept = fileDirectivesOf(d);
    if (kept.length) fileDirectives.set(this, kept);
    if (d.assertions.length) withAssertions.add(this);
    if (Block.#filling === this) Block.#filling = undefined;
    if (!whole) this.#detail = undefined;
  }

  /**
   * The detail: at hand (the parser's, until its first reader after the parse, which hands it to
   * the cache), else cached, else parsed from the block's text.
   */
  #d(): BlockDetail {
    const at = this.#detail;
    if (at !== undefined) {
      if (this !== Block.#filling) {
        this.#detail = undefined;
        details.set(this, at);
        Block.#last = this;
        Block.#lastDetail = at;
      }
      return at;
    }
    // Readers go block by block, reading one block's fields many times (a dozen lint rules): the
    // block read last is checked before the cache's map.
    if (this === Block.#last) return Block.#lastDetail!;
    let d = details.get(this);
    if (d === undefined) {
      if (reparse === undefined) throw new Error("engine/syntax/parser.ts was not loaded: it parses a block's detail");
      d = reparse(this.view(), this.start).#detail!;
      Block.#filling = undefined;
      // The body reads its text from its block: this one, not the throwaway the parse made.
      if (d.body instanceof BlockBody) d.body.rehome(this);
      details.set(this, d);
    }
    Block.#last = this;
    Block.#lastDetail = d;
    return d;
  }

  /** The block whose detail was read last, and that detail (#d). */
  static #last: Block | undefined;
  static #lastDetail: BlockDetail | undefined;

  /** The parser's: a comment at [start, end) of the block. */
  addComment(start: number, end: number): void {
    const d = this.#d();
    if (typeof d.comments === 'number') d.comments = this.comments.flatMap((c) => [c.start, c.end]);
    else if (d.comments === NO_OFFSETS) d.comments = [];
    d.comments.push(start, end);
  }

  /** The parser's: comments in the order of their starts (those found below a body are added last). */
  sortComments(): void {
    const spans = this.comments;
    if (spans.length < 2) return;
    spans.sort((x, y) => x.start - y.start);
    this.#d().comments = spans.flatMap((c) => [c.start, c.end]);
  }

  /** The parser's, once the block is parsed: the comments at their exact length (an array grown by push keeps spare room). */
  compactComments(): void {
    const d = this.#d();
    const c = d.comments;
    if (typeof c === 'number' || c.length === 0) return;
    // One comment starting within the block's first 32 KB and shorter than 64 KB: a small integer (a Smi).
    if (c.length === 2 && c[0] < 1 << 15 && c[1] - c[0] <= ONE_LENGTH) d.comments = (c[0] << ONE_SHIFT) | (c[1] - c[0]);
    else d.comments = c.slice();
  }

  get text(): string {
    let t = texts.get(this);
    if (t === undefined) {
      t = copyOf(this.view());
      texts.set(this, t);
    }
    return t;
  }

  /** The block's text as a view of the source: for a reader that keeps no piece of it (the parser's reuse). */
  view(): string {
    return this.#source.text.slice(this.#from, this.#from + this.length);
  }

  /** The holder of the text the block is a range of (the parser's: one per file's parse). */
  holder(): Source {
    return this.#source;
  }

  /** The same text, now at `start` of `source` (a new version of the file). */
  moveTo(source: Source, start: number): void {
    this.#source = source;
    this.#from = start;
    this.start = start;
  }

  /** The same text, `by` characters later in its holder's (new) text: an edit before it grew or shrank the file. */
  shiftBy(by: number): void {
    this.#from += by;
    this.start += by;
  }

  /**
   * A block no longer in the file may still be a key of a cache (body models, JSON trees): it then
   * keeps a copy of its own text, not the version of the file it came from.
   */
  detach(): void {
    this.#source = { text: own(this.view()) };
    this.#from = 0;
  }
}

/**
 * What a block is besides its summary, as the parser found it: made again by parsing the block's
 * text when read after eviction (the parse is deterministic: equal values, new objects).
 */
class BlockDetail {
  directives: Directive[] = [];
  /**
   * The comments' spans as start, end pairs: numbers, not a span object each (issue 28). A block's
   * only comment (most blocks have one, if any) is one small integer, not an array.
   */
  comments: number[] | number = NO_OFFSETS;
  headers: Header[] = [];
  body: Body | undefined = undefined;
  assertions: Assertion[] = [];
  references: TemplateRef[] = [];
  problems: SyntaxProblem[] = [];
  outputRedirect: OutputRedirect | undefined = undefined;
  responseRef: ResponseRef | undefined = undefined;
  savedResponse: Span | undefined = undefined;
}

/** The detail's fields, for toJSON. */
const DETAIL_KEYS = [
  'directives',
  'comments',
  'headers',
  'body',
  'assertions',
  'references',
  'problems',
  'outputRedirect',
  'responseRef',
  'savedResponse',
] as const;

/**
 * The details of the blocks read last. Readers go block by block (lint reads one block's detail
 * in a dozen rules, then the next block's), and what an editor asks of a request (completion,
 * hover, a lens's preview) touches a few blocks; 256 holds those with room for what a file
 * rule or a burst of keystrokes read around them, at about a twentieth of a 5,000-request
 * file's details (~1 KB each with their strings' shares).
 */
export const DETAIL_CACHE_SIZE = 256;
const details = new Lru<Block, BlockDetail>(DETAIL_CACHE_SIZE);
/** The file-level directives (`# @openapi`, `import`) of the few blocks with any (Block.fileDirectives). */
const fileDirectives = new WeakMap<Block, readonly Directive[]>();
function fileDirectivesOf(d: BlockDetail): readonly Directive[] {
  let kept: Directive[] | undefined;
  for (const x of d.directives) if (x.name === 'openapi' || x.name === 'import') (kept ??= []).push(x);
  return kept ?? NO_DIRECTIVES;
}

/** The blocks with assertions (Block.hasAssertions): a set, so a block without any costs nothing. */
const withAssertions = new WeakSet<Block>();
/** The parse of one block's text (parser.ts's, set when it loads: the parser imports this file). */
let reparse: ((text: string, start: number) => Block) | undefined;

/** The parser's: how a block's detail is parsed again from its text. */
export function parseDetailsWith(parse: (text: string, start: number) => Block): void {
  reparse = parse;
}

/** Tests': forget every cached detail, and those `blocks` have at hand, as if each had been evicted. */
export function forgetDetails(blocks: Iterable<RequestBlock> = []): void {
  details.clear();
  forgetLast();
  for (const b of blocks) if (b instanceof Block) dropAtHand(b);
}

const NO_DIRECTIVES: Directive[] = Object.freeze([]) as unknown as Directive[];
const NO_OFFSETS: number[] = Object.freeze([]) as unknown as number[];
/** A block's only comment as one integer: its start above ONE_SHIFT bits, its length below. */
const ONE_SHIFT = 16;
const ONE_LENGTH = (1 << ONE_SHIFT) - 1;
/** The comments of a block without any. Frozen, so a mutation is a bug seen at once. */
const NO_SPANS: Span[] = Object.freeze([]) as unknown as Span[];

/** The `###` line: its span and its title's as numbers, the span objects made when read. */
export class Separator {
  readonly #end: number;
  readonly #titleStart: number;
  readonly #titleEnd: number;
  /** The text after `###`, trimmed; absent when there is none. */
  declare readonly title?: string;

  constructor(end: number, title?: string, titleStart = 0, titleEnd = 0) {
    this.#end = end;
    this.#titleStart = titleStart;
    this.#titleEnd = titleEnd;
    if (title !== undefined) (this as { title?: string }).title = title;
  }

  get span(): Span {
    return { start: 0, end: this.#end };
  }

  get titleSpan(): Span | undefined {
    return this.title === undefined ? undefined : { start: this.#titleStart, end: this.#titleEnd };
  }

  toJSON(): object {
    return { span: this.span, title: this.title, titleSpan: this.titleSpan };
  }
}

/** A body read from its block's text when asked (a text or file body; JSON bodies extend it in parser.ts). */
export class BlockBody implements Body {
  declare filePath?: { value: string; span: Span };
  kind: Body['kind'];
  #block: Block;
  readonly #start: number;
  readonly #end: number;
  /** Set when the body is not the block's text as is (`??` lines in it were blanked). */
  #text: string | undefined;

  /** The parser's: the body now reads its text from `block` (a detail parsed again belongs to the block it was parsed for). */
  rehome(block: Block): void {
    this.#block = block;
  }

  constructor(block: Block, start: number, end: number, kind: Body['kind'], text?: string) {
    this.#block = block;
    this.#start = start;
    this.#end = end;
    this.kind = kind;
    this.#text = text;
  }

  get span(): Span {
    return { start: this.#start, end: this.#end };
  }

  get text(): string {
    return this.#text ?? this.#block.text.slice(this.#start, this.#end);
  }

  toJSON(): object {
    return { ...this, span: this.span, text: this.text };
  }
}
