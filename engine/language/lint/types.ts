// One lint rule = one small object behind one interface, with a stable code (yaml-language-server's
// shape). Block rules see one request and report spans RELATIVE to the block, so their results are
// cached per block object and survive edits elsewhere in the file; file rules see the whole file
// through cheap per-block indexes (names, ids) and report absolute spans.

import type { Endpoint } from '../../catalogue/types';
import type { ParsedFile, RequestBlock, Span } from '../../syntax/types';
import type { BodyModel } from '../body';
import type { EndpointMatch } from '../../catalogue';
import type { OpenApiUse } from '../openapi';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A text replacement; `span` is relative to the block for block rules, absolute for file rules. */
export interface SpanEdit {
  span: Span;
  newText: string;
  /**
   * The part of `newText` the user must fill (an inserted field's value), offsets in `newText`: an
   * editor that takes snippet edits selects it as a placeholder (engine/language/snippetEdit.ts).
   */
  placeholder?: Span;
}

export interface QuickFix {
  title: string;
  edits: SpanEdit[];
  /** The fix to offer first (e.g. the single obvious correction). */
  preferred?: boolean;
}

export interface RuleDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  span: Span;
  fixes?: QuickFix[];
}

export interface BlockContext {
  block: RequestBlock;
  /** The endpoint the request line matches, if any. */
  match: EndpointMatch;
  endpoint?: Endpoint;
  body: BodyModel;
}

export interface BlockRule {
  code: string;
  /** One line saying what the rule checks (docs table, `payout-http lint --rules`). */
  description: string;
  check(ctx: BlockContext): RuleDiagnostic[];
}

export interface FileContext {
  parsed: ParsedFile;
  /** Names a `{{name}}` can resolve to: file variables and the active environment's variables. */
  variableNames: ReadonlySet<string>;
  /** `# @name` of requests in the file. */
  requestNames: ReadonlySet<string>;
  /** The per-block context (cached) of each request block. */
  blockContext(block: RequestBlock): BlockContext;
  /** The file's `# @openapi` directives and what is wrong with each. */
  openapi: readonly OpenApiUse[];
  /**
   * Checks a typed literal `signature` against the signed string, when the active environment has
   * the keys and every signed value resolves; undefined when it cannot tell.
   */
  checkSignature?(block: RequestBlock): SignatureCheck | undefined;
}

export interface SignatureCheck {
  matches: boolean;
  /** The signed string, with `<secretKey>` for the secret. */
  display: string;
  /** The signature the client would send (not a secret: anyone who sees the request sees it). */
  expected: string;
  /** On a mismatch: what opening the signature and a short search over the file's values found, one sentence or two. */
  explanation?: string;
}

/**
 * A rule over the whole file. What it needs from each block is gathered by `collect`, once per block
 * object (cached with the block's lint), so a keystroke costs `check` a pass over small arrays,
 * not a re-analysis of every request.
 */
export interface FileRule<T = unknown> {
  code: string;
  description: string;
  /** The block's contribution (undefined: nothing to look at in this block). */
  collect(ctx: BlockContext): T | undefined;
  /** Spans are absolute. `items` are the blocks that contributed, in file order. */
  check(ctx: FileContext, items: readonly Collected<T>[]): RuleDiagnostic[];
  /**
   * Called when a block is linted, with what it collected and the names in scope then: what
   * `check` will read of the block (its detail, parsed again from its text once evicted:
   * engine/syntax/block.ts) can be found now, while the block is at hand.
   */
  prepare?(ctx: BlockContext, data: T, names: ScopeNames): void;
  /**
   * A promise that lets a keystroke skip `check`: when it found nothing, it finds nothing again
   * while the blocks contribute the same data and the names in scope are the same (it reads
   * nothing else of the blocks, and block positions only shape findings it would report).
   */
  emptyWhileItemsEqual?: boolean;
}

/** The names a `{{...}}` can resolve to (FileContext's). */
export interface ScopeNames {
  variableNames: ReadonlySet<string>;
  requestNames: ReadonlySet<string>;
}

export interface Collected<T> {
  block: RequestBlock;
  data: T;
}
