// Runs the rules over a parsed file. Block rules (and the parser's own problems) are computed once
// per block object with spans relative to the block, then shifted by block.start; an edit therefore
// re-lints only the request it touched. File rules run on every lint, over cached per-block data.

import type { Endpoint } from '../../catalogue/types';
import type { ParsedFile, RequestBlock, Span } from '../../syntax/types';
import { blockContext } from '../analysis';
import { blockRules, fileRules } from './rules';
import type { FileContext, QuickFix, RuleDiagnostic, Severity } from './types';

/** A diagnostic with absolute offsets (fix edits too). */
export type FileDiagnostic = RuleDiagnostic;

const blockCache = new WeakMap<RequestBlock, { extra?: readonly Endpoint[]; diagnostics: RuleDiagnostic[] }>();

const SYNTAX_SEVERITY: Record<string, Severity> = { error: 'error', warning: 'warning', info: 'information' };

function lintBlock(block: RequestBlock, extra?: Endpoint[]): RuleDiagnostic[] {
  const hit = blockCache.get(block);
  if (hit && hit.extra === extra) return hit.diagnostics;
  const diagnostics: RuleDiagnostic[] = block.problems.map((p) => ({
    code: p.code,
    severity: SYNTAX_SEVERITY[p.severity] ?? 'warning',
    message: p.message,
    span: p.span,
  }));
  if (block.requestLine) {
    const ctx = blockContext(block, extra);
    for (const rule of blockRules) {
      try {
        diagnostics.push(...rule.check(ctx));
      } catch {
        // One broken rule must not hide the others' findings; the rule's tests catch the bug.
      }
    }
  }
  blockCache.set(block, { extra, diagnostics });
  return diagnostics;
}

const shiftSpan = (s: Span, by: number): Span => ({ start: s.start + by, end: s.end + by });

function shift(d: RuleDiagnostic, by: number): FileDiagnostic {
  if (by === 0) return d;
  const fixes: QuickFix[] | undefined = d.fixes?.map((f) => ({ ...f, edits: f.edits.map((e) => ({ span: shiftSpan(e.span, by), newText: e.newText })) }));
  return fixes ? { ...d, span: shiftSpan(d.span, by), fixes } : { ...d, span: shiftSpan(d.span, by) };
}

export interface LintScope {
  variableNames: ReadonlySet<string>;
  requestNames: ReadonlySet<string>;
  extra?: Endpoint[];
  checkSignature?: FileContext['checkSignature'];
}

export function lintFile(parsed: ParsedFile, scope: LintScope): FileDiagnostic[] {
  const out: FileDiagnostic[] = [];
  for (const block of parsed.blocks) {
    for (const d of lintBlock(block, scope.extra)) out.push(shift(d, block.start));
  }
  const ctx: FileContext = {
    parsed,
    variableNames: scope.variableNames,
    requestNames: scope.requestNames,
    blockContext: (b) => blockContext(b, scope.extra),
    checkSignature: scope.checkSignature,
  };
  for (const rule of fileRules) {
    try {
      out.push(...rule.check(ctx));
    } catch {
      // As above: keep the other rules' results.
    }
  }
  return out;
}

export { blockRules, fileRules };
export type { RuleDiagnostic, QuickFix, Severity };
