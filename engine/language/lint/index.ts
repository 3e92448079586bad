// Runs the rules over a parsed file. Everything about one block (the parser's problems, the block
// rules' findings with spans relative to the block, each file rule's per-block data) is computed
// once per block object and cached; blocks the parser reused after an edit cost one cache lookup.
// A keystroke therefore re-lints the request it touched, then runs the file rules over small arrays.

import type { Endpoint } from '../../catalogue/types';
import type { ParsedFile, RequestBlock, Span } from '../../syntax/types';
import { blockContext } from '../analysis';
import { blockRules, fileRules } from './rules';
import type { Collected, FileContext, QuickFix, RuleDiagnostic, ScopeNames, Severity } from './types';

/** A diagnostic with absolute offsets (fix edits too). */
export type FileDiagnostic = RuleDiagnostic;

/** The lint of one block: computed once per block object (and `extra`). */
export interface BlockLint {
  extra?: readonly Endpoint[];
  diagnostics: RuleDiagnostic[];
  /**
   * Per file rule (same order as fileRules): the data this block contributes, or undefined. The
   * data alone: a `{ block, data }` item kept per block and rule was 110,000 objects of the 20 MB
   * document's heap (issue 28); the items are made when a file rule runs, which a keystroke that
   * changes none of them skips (FileRule.emptyWhileItemsEqual).
   */
  collected: unknown[];
}

const blockCache = new WeakMap<RequestBlock, BlockLint>();
/** The findings of a block without any, and what a block contributing to no file rule collects (frozen: read only). */
const NO_DIAGNOSTICS: RuleDiagnostic[] = Object.freeze([]) as unknown as RuleDiagnostic[];
const NO_COLLECTED: unknown[] = Object.freeze([]) as unknown as unknown[];

/** The lint of every block without findings or file-rule data, without OpenAPI endpoints in scope. */
const NOTHING: BlockLint = Object.freeze({ extra: undefined, diagnostics: NO_DIAGNOSTICS, collected: NO_COLLECTED });

/** Rule exceptions swallowed so far (a rule bug must not hide the others' findings); tests assert 0. */
export const lintFailures = { count: 0 };

const SYNTAX_SEVERITY: Record<string, Severity> = { error: 'error', warning: 'warning', info: 'information' };

/** `names`: the names in scope, for the file rules' `prepare` (not part of the cache key: a hint). */
export function lintBlock(block: RequestBlock, extra?: Endpoint[], names?: ScopeNames): BlockLint {
  const hit = blockCache.get(block);
  if (hit && hit.extra === extra) return hit;
  const diagnostics: RuleDiagnostic[] = block.problems.map((p) => ({
    code: p.code,
    severity: SYNTAX_SEVERITY[p.severity] ?? 'warning',
    message: p.message,
    span: p.span,
  }));
  const collected: unknown[] = [];
  if (block.requestLine) {
    const ctx = blockContext(block, extra);
    for (const rule of blockRules) {
      try {
        diagnostics.push(...rule.check(ctx));
      } catch {
        // One broken rule must not hide the others' findings; the robustness tests catch the bug.
        lintFailures.count++;
      }
    }
    for (const rule of fileRules) {
      try {
        const data: unknown = rule.collect(ctx);
        collected.push(data);
        if (data !== undefined && names !== undefined) rule.prepare?.(ctx, data, names);
      } catch {
        lintFailures.count++;
        collected.push(undefined);
      }
    }
  }
  // Kept for every block: the lists at their exact length, not with the room push left, and the
  // empty ones shared (most blocks of a large file have no findings: 50,000 arrays of nothing).
  const some = collected.some((c) => c !== undefined);
  // A block with nothing to say (no findings, nothing for the file rules: the preamble, a block
  // of comments) shares one entry: it costs the cache's slot only.
  const entry: BlockLint =
    extra === undefined && diagnostics.length === 0 && !some
      ? NOTHING
      : {
          extra,
          diagnostics: diagnostics.length ? diagnostics.slice() : NO_DIAGNOSTICS,
          collected: some ? collected.slice() : NO_COLLECTED,
        };
  blockCache.set(block, entry);
  return entry;
}

const shiftSpan = (s: Span, by: number): Span => ({ start: s.start + by, end: s.end + by });

function shift(d: RuleDiagnostic, by: number): FileDiagnostic {
  if (by === 0) return d;
  const fixes: QuickFix[] | undefined = d.fixes?.map((f) => ({
    ...f,
    edits: f.edits.map((e) => ({ ...e, span: shiftSpan(e.span, by) })),
  }));
  return fixes ? { ...d, span: shiftSpan(d.span, by), fixes } : { ...d, span: shiftSpan(d.span, by) };
}

/** What the file rules see besides the blocks: the names in scope, OpenAPI endpoints, the signature check. */
export interface LintScope {
  variableNames: ReadonlySet<string>;
  requestNames: ReadonlySet<string>;
  extra?: Endpoint[];
  openapi?: FileContext['openapi'];
  checkSignature?: FileContext['checkSignature'];
}

/** What a version's file lint keeps for the next version's (lintFileAfter). */
export interface FileLint {
  /** The lint of each block, in order. */
  lints: readonly BlockLint[];
  /** Each file rule's findings (same order as fileRules). */
  findings: readonly RuleDiagnostic[][];
  variableNames: ReadonlySet<string>;
  requestNames: ReadonlySet<string>;
  /** Indices of the blocks with diagnostics of their own, in order. */
  withDiagnostics: readonly number[];
  /** Per file rule (same order as fileRules): indices of the blocks that contribute an item, in order. */
  contributing: readonly (readonly number[])[];
}

/** An edit: blocks [from, oldTo) of the previous version became blocks [from, newTo) of this one. */
export interface FileLintChange {
  previous: FileLint;
  from: number;
  oldTo: number;
  newTo: number;
  /**
   * The lint of each block outside the edit is the previous version's (the same BlockLint objects):
   * then the lists of blocks with findings are carried over. Not when every block was linted
   * again (other OpenAPI endpoints in scope).
   */
  sameLintsOutside?: boolean;
}

/**
 * The file's diagnostics from the lint of each of its blocks (`lints`, in order). With `change`,
 * a file rule that promises it (FileRule.emptyWhileItemsEqual) and found nothing in the previous
 * version is not run again when the edited blocks contribute the same data and the names in scope
 * are the same: on a 20 MB file, building the duplicate-id and duplicate-name maps over 50,000
 * requests was a third of a keystroke's lint.
 */
export function lintFileAfter(
  parsed: ParsedFile,
  scope: LintScope,
  lints: readonly BlockLint[],
  change?: FileLintChange,
): { diagnostics: FileDiagnostic[]; fileLint: FileLint } {
  const kept = fileRules.map(
    (rule, i) =>
      change !== undefined &&
      rule.emptyWhileItemsEqual === true &&
      change.previous.findings[i]?.length === 0 &&
      change.previous.variableNames === scope.variableNames &&
      change.previous.requestNames === scope.requestNames &&
      sameItems(change.previous.lints.slice(change.from, change.oldTo), lints.slice(change.from, change.newTo), i),
  );
  const blocks = parsed.blocks;
  // Which blocks have diagnostics, and which contribute to each file rule: the previous version's
  // lists with the edited range replaced, when there is one. Walking all 50,000 blocks of a 20 MB
  // file on each keystroke (an object each, spread over the heap) cost ~8 ms; these lists of small
  // integers are copied in microseconds, and only the blocks they name are read.
  const edit = change?.sameLintsOutside ? change : undefined;
  const { withDiagnostics, contributing } = edit
    ? {
        withDiagnostics: indicesAfter(edit, lints, (l) => l.diagnostics.length > 0, edit.previous.withDiagnostics),
        contributing: fileRules.map((_, i) =>
          indicesAfter(edit, lints, (l) => l.collected[i] !== undefined, edit.previous.contributing[i]),
        ),
      }
    : listsOf(lints);
  const out: FileDiagnostic[] = [];
  for (const k of withDiagnostics) for (const d of lints[k].diagnostics) out.push(shift(d, blocks[k].start));
  const ctx: FileContext = {
    parsed,
    variableNames: scope.variableNames,
    requestNames: scope.requestNames,
    blockContext: (b) => blockContext(b, scope.extra),
    openapi: scope.openapi ?? [],
    checkSignature: scope.checkSignature,
  };
  const findings = fileRules.map((rule, i): RuleDiagnostic[] => {
    if (kept[i]) return [];
    try {
      return rule.check(
        ctx,
        contributing[i].map((k): Collected<unknown> => ({ block: blocks[k], data: lints[k].collected[i] })),
      );
    } catch {
      // As above: keep the other rules' results.
      lintFailures.count++;
      return [];
    }
  });
  for (const f of findings) out.push(...f);
  return {
    diagnostics: out,
    fileLint: { lints, findings, variableNames: scope.variableNames, requestNames: scope.requestNames, withDiagnostics, contributing },
  };
}

/** Which blocks have diagnostics, and which contribute to each file rule: one walk of every block. */
function listsOf(lints: readonly BlockLint[]): { withDiagnostics: number[]; contributing: number[][] } {
  const withDiagnostics: number[] = [];
  const contributing: number[][] = fileRules.map(() => []);
  for (let k = 0; k < lints.length; k++) {
    const { diagnostics, collected } = lints[k];
    if (diagnostics.length) withDiagnostics.push(k);
    for (let i = 0; i < collected.length; i++) if (collected[i] !== undefined) contributing[i].push(k);
  }
  return { withDiagnostics, contributing };
}

/**
 * The indices k of `lints` with `has(lints[k])`, ascending, after an edit: the previous version's
 * (`previous`) before the edited blocks, the edited blocks looked at, and the previous ones after
 * them moved by the change in block count.
 */
function indicesAfter(
  change: FileLintChange,
  lints: readonly BlockLint[],
  has: (l: BlockLint) => boolean,
  previous: readonly number[],
): readonly number[] {
  const a = firstAtLeast(previous, change.from);
  const b = firstAtLeast(previous, change.oldTo);
  const edited: number[] = [];
  for (let k = change.from; k < change.newTo; k++) if (has(lints[k])) edited.push(k);
  const moved = change.newTo - change.oldTo;
  // Typing inside a request: the same blocks, the same ones listed. The previous list is this one.
  if (moved === 0 && b - a === edited.length && edited.every((k, j) => previous[a + j] === k)) return previous;
  const head = previous.slice(0, a);
  for (const k of edited) head.push(k);
  const tail = previous.slice(b);
  if (moved !== 0) for (let j = 0; j < tail.length; j++) tail[j] += moved;
  return head.concat(tail);
}

/** The first index of the ascending `xs` whose value is ≥ `x` (xs.length when none is). */
function firstAtLeast(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Do the blocks `a` and `b` contribute the same data to file rule `i` (in the same order)? */
function sameItems(a: readonly BlockLint[], b: readonly BlockLint[], i: number): boolean {
  const dataOf = (lints: readonly BlockLint[]) => lints.map((l) => l.collected[i]).filter((d) => d !== undefined);
  const x = dataOf(a);
  const y = dataOf(b);
  return x.length === y.length && x.every((d, k) => d === y[k] || JSON.stringify(d) === JSON.stringify(y[k]));
}

export { blockRules, fileRules };
export type { RuleDiagnostic, QuickFix, ScopeNames, Severity };
