// The parsed form of a .payout.http file. The parser (parser.ts) never throws: any text gives a
// ParsedFile whose problems say what is wrong and where.
//
// Offsets, not positions: every Span is a half-open [start, end) range of UTF-16 code units
// (JavaScript string indices). Inside a RequestBlock every Span is RELATIVE to block.start, so a
// block whose text did not change can be reused, with everything computed from it (lint,
// completion data), after an edit elsewhere in the file: only block.start moves. Convert to
// absolute with `block.start + span.start`, and to LSP positions only at the edge (lineIndex.ts).
import type { PieceText } from './pieceText';

import type { Node as JsonNode } from 'jsonc-parser';

export interface Span {
  start: number;
  end: number;
}

/** A `{{...}}` occurrence. */
export interface TemplateRef {
  span: Span; // the whole `{{...}}`
  /** The text between the braces, trimmed. */
  expression: string;
  /**
   * - variable: `{{name}}` (file variable or environment variable)
   * - system: `{{$uuid}}`, `{{$timestamp}}`, `{{$randomInt min max}}`, `{{$processEnv NAME}}`, `{{$dotenv NAME}}`, …
   * - request: `{{name.response.body.$.data.x}}` (also `.response.headers.X`)
   */
  kind: 'variable' | 'system' | 'request';
  /** variable name, system variable name with its `$`, or request name. */
  name: string;
  /** system: the arguments; request: the path after the request name (e.g. `response.body.$.data.x`). */
  args?: string[];
  path?: string;
  /** `{{%name}}` (REST Client): the value is sent percent-encoded. */
  percentEncode?: boolean;
}

/** `@name = value` */
export interface VariableDefinition {
  name: string;
  value: string;
  span: Span;
  nameSpan: Span;
  valueSpan: Span;
}

/** `# @name value` or `// @name value`. */
export interface Directive {
  name: string; // without the `@`: `name`, `user`, `openapi`, `note`, …
  value: string;
  span: Span;
  nameSpan: Span;
  valueSpan: Span;
}

export interface RequestLine {
  method: string; // as typed (upper-cased by the parser); GET when omitted, as REST Client does
  methodSpan: Span; // empty span when omitted
  url: string; // raw, with `{{...}}` left in place
  urlSpan: Span;
  httpVersion?: string;
  span: Span;
}

export interface Header {
  name: string;
  value: string;
  span: Span;
  nameSpan: Span;
  valueSpan: Span;
}

/**
 * A JSON body. `{{...}}` written in a value position without quotes (`"fiatAmount": {{amount}}`)
 * is parsed as a value node whose text is the template: such nodes are listed in `templates`, keyed
 * by the node's offset (relative to block.start).
 */
export interface JsonBody {
  /** jsonc-parser tree; offsets relative to block.start. Undefined when the text is not JSON at all. */
  root: JsonNode | undefined;
  /** Unquoted `{{...}}` value nodes: node offset -> reference. */
  templates: ReadonlyMap<number, TemplateRef>;
  /** JSON syntax errors, relative spans. */
  errors: { span: Span; message: string }[];
}

export interface Body {
  span: Span;
  text: string;
  /** `< ./file.json` bodies are kind 'file' and carry the path; JSON when it starts with { or [. */
  kind: 'json' | 'file' | 'text';
  filePath?: { value: string; span: Span };
  json?: JsonBody;
  /**
   * JSON bodies: true when the text, templates masked, is valid JSON (checked at parse time), so a
   * reader may walk the text itself instead of building `json` (engine/language/bodyScan.ts).
   */
  validJson?: boolean;
}

/** `?? subject [path] op expected`, httpYac's assertion lines. */
export interface Assertion {
  span: Span;
  text: string;
  subject: string; // `status`, `body`, `header`, `signature`, `schema`, `duration`, or another word httpYac knows
  path?: string; // `success`, `data.status`, header name, …
  operator?: string; // `==`, `!=`, `>`, `<`, `>=`, `<=`, `contains`, `startsWith`, `exists`, `valid`, …
  expected?: string;
}

/** A script of the JetBrains HTTP Client / httpYac / kulala kind. Spans are relative to block.start, like every span of a block. */
export interface Script {
  /** 'pre': `< {% … %}` or `< ./pre.js` before the request line, run before sending; 'post': `> {% … %}` or `> ./handler.js` after the request (after its body), run on the response. */
  phase: 'pre' | 'post';
  kind: 'inline' | 'file';
  /** inline: the code between `{%` and `%}`; file: the path as written. */
  source: string;
  span: Span; // the whole construct, from `<`/`>` to `%}` or the end of the path
  sourceSpan: Span; // the code, or the path
}
/** `>> path` / `>>! path`: write the response body to a file (JetBrains); force = `>>!` (overwrite). */
export interface OutputRedirect {
  path: string;
  force: boolean;
  span: Span;
  pathSpan: Span;
}

/** `<> ./previous-response.200.json` (JetBrains): a response an earlier run saved, to compare with; never sent. */
export interface ResponseRef {
  path: string;
  span: Span;
  pathSpan: Span;
}

/** httpYac's `{{` … `}}` script block, written for httpYac's own API: read, never sent, not run. */
export interface HttpyacScript {
  /** From the `{{` line to the `}}` line. */
  span: Span;
  /** The code between the two lines. */
  sourceSpan: Span;
}

export interface SyntaxProblem {
  span: Span;
  message: string; // names the problem and the fix
  code: string; // stable code, e.g. `syntax/no-request-line`
  severity: 'error' | 'warning' | 'info';
}

/**
 * A region of the file: the text before the first `###` line, or a `###` line and what follows
 * up to the next one. A region holds a request when it has a request line.
 */
export interface RequestBlock {
  /** Absolute offset of the block in the file (the only absolute number in a block). */
  start: number;
  /**
   * The block's text; blocks with the same text parse the same, so they can be reused. Made when
   * read from the file's text (a block keeps offsets, not a copy: block.ts), as a flat string.
   */
  readonly text: string;
  /** The length of `text`, without making it: `file.text.slice(block.start, block.start + block.length)` is the text. */
  readonly length: number;
  /** The `###` line, absent for the preamble. Text after `###` is the title. */
  separator?: { span: Span; title?: string; titleSpan?: Span };
  /** The request's name: `# @name NAME`, else the `###` title when it is a single word. */
  name?: string;
  directives: Directive[];
  /**
   * The `# @openapi` and `import` directives of `directives`: they apply to the whole file, and the
   * scope and the run-line lint read them of every block on every version, so they are kept where
   * the rest of a block's detail is parsed again when read (engine/syntax/block.ts).
   */
  readonly fileDirectives: readonly Directive[];
  variables: VariableDefinition[];
  readonly comments: Span[];
  requestLine?: RequestLine;
  headers: Header[];
  body?: Body;
  assertions: Assertion[];
  /** `assertions.length > 0`, kept where the rest of a block's detail is parsed again when read (engine/syntax/block.ts). */
  readonly hasAssertions: boolean;
  /** Pre-request scripts and response handlers, in file order. Never part of the body. */
  scripts: Script[];
  /** `>> path` / `>>! path` after the request. */
  outputRedirect?: OutputRedirect;
  /** `<> path` lines below the request. */
  responseRef?: ResponseRef;
  /** httpYac `{{ … }}` script blocks, in file order; absent when none. */
  httpyacScripts?: HttpyacScript[];
  /** A saved response below the request (httpYac: from its `HTTP/1.1 200` line): not sent. */
  savedResponse?: Span;
  /** Every `{{...}}` in the block, in order. */
  references: TemplateRef[];
  problems: SyntaxProblem[];
}

export interface ParsedFile {
  /** The whole text; with `pieces`, made when first read (a reader on a keystroke's path reads the pieces or the blocks instead). */
  text: string;
  /** The text as pieces, when it was parsed from pieces (the server's open documents, issue 28). */
  pieces?: PieceText;
  /** All blocks in order, preamble first; they tile the text. */
  blocks: RequestBlock[];
  /** The blocks that hold a request (have a request line). */
  requests: RequestBlock[];
  /** Every `@var = value` of the file (file-wide scope), absolute spans. */
  variables: VariableDefinition[];
}
