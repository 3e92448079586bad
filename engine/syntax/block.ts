// A parsed block as offsets into the document's text, not a copy or a view of it (issue 28).
//
// A block used to keep its text as `fileText.slice(...)`: V8 makes that a view holding the whole
// file's text alive, so the first version of a 2 MB file stayed in memory for as long as any block
// of the first parse did, beside the current one. A block now keeps the current version's text (which
// the document keeps anyway), where it starts in it and its length; its `text` is made when read.
import { Lru } from '../util/lru';
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
 * Texts of the blocks read last, as copies (not views of a version of the file): a reader may keep
 * a piece of `block.text` (a field value in a cached body model, a word in a message) beyond the
 * version it read it in, and a piece of a copy keeps only the block's own few hundred characters
 * alive, never a 2 MB version. Bounded, so the copies of a whole file are
 * not all kept: readers go block by block, each reading one block's text several times.
 */
const texts = new Lru<Block, string>(64);

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
export interface Source {
  /** A string, or pieces (whose cuts are segment starts, so a block's text is a slice of one piece). */
  text: string | PieceText;
}

export class Block implements RequestBlock {
  /** The text the block is a range of: the current version of the file, or the block's own copy once detached. */
  #source: Source;
  /** Where the block starts in #source. */
  #from: number;

  separator?: Separator;
  name?: string;
  directives: Directive[] = [];
  variables: VariableDefinition[] = [];
  /**
   * The comments' spans as start, end pairs: numbers, not a span object each (issue 28). A block's
   * only comment (most blocks have one, if any) is one small integer, not an array: a pair array
   * per block was 100,000 objects of the 20 MB document's heap.
   */
  #comments: number[] | number = NO_OFFSETS;
  requestLine?: RequestLine;
  headers: Header[] = [];
  body?: Body;
  assertions: Assertion[] = [];
  scripts: Script[] = NO_SCRIPTS;
  // Fields most blocks never set are declared only (added to the few blocks that have them): a
  // field defined on every block costs 8 bytes in each of a large file's blocks.
  declare outputRedirect?: OutputRedirect;
  declare responseRef?: ResponseRef;
  declare httpyacScripts?: HttpyacScript[];
  declare savedResponse?: Span;
  references: TemplateRef[] = [];
  problems: SyntaxProblem[] = [];

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
  }

  get comments(): Span[] {
    const c = this.#comments;
    if (typeof c === 'number') {
      const start = c >>> ONE_SHIFT;
      return [{ start, end: start + (c & ONE_LENGTH) }];
    }
    if (c.length === 0) return NO_SPANS;
    const out = new Array<Span>(c.length >> 1);
    for (let k = 0; k < out.length; k++) out[k] = { start: c[2 * k], end: c[2 * k + 1] };
    return out;
  }

  /** As data, the text and comments included (getters are no own properties, which JSON.stringify reads). */
  toJSON(): object {
    return { ...this, text: this.text, comments: this.comments };
  }

  /** The parser's: a comment at [start, end) of the block. */
  addComment(start: number, end: number): void {
    if (typeof this.#comments === 'number') this.#comments = this.comments.flatMap((c) => [c.start, c.end]);
    else if (this.#comments === NO_OFFSETS) this.#comments = [];
    this.#comments.push(start, end);
  }

  /** The parser's: comments in the order of their starts (those found below a body are added last). */
  sortComments(): void {
    const spans = this.comments;
    if (spans.length < 2) return;
    spans.sort((x, y) => x.start - y.start);
    this.#comments = spans.flatMap((c) => [c.start, c.end]);
  }

  /** The parser's, once the block is parsed: the comments at their exact length (an array grown by push keeps spare room). */
  compactComments(): void {
    const c = this.#comments;
    if (typeof c === 'number' || c.length === 0) return;
    // One comment starting within the block's first 32 KB and shorter than 64 KB: a small integer (a Smi).
    if (c.length === 2 && c[0] < 1 << 15 && c[1] - c[0] <= ONE_LENGTH) this.#comments = (c[0] << ONE_SHIFT) | (c[1] - c[0]);
    else this.#comments = c.slice();
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
