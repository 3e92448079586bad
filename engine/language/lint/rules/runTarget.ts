// A `run #Name` line (kulala, JetBrains) above a request, naming no request of the file: sending the
// request would fail on that line (engine/syntax/runLines.ts reads it, engine/http/session.ts runs
// it). Only when the file imports nothing: what an imported file holds is read when sending, not by
// lint, which reads no other file.
import { findRunTarget, importsOf, runStepsOf } from '../../../syntax/runLines';
import type { FileRule, RuleDiagnostic } from '../types';
import { closest, diag } from '../util';

export const runTarget: FileRule<true> = {
  code: 'payout/run-target',
  description: 'A `run #Name` line naming no request of the file (and the file imports none), or a run line that cannot be read.',
  // Requests with run lines above them (lint's file rules hear from requests only).
  collect({ block }) {
    return block.directives.some((d) => d.name === 'run') || undefined;
  },
  check({ parsed }, items) {
    if (!items.length) return [];
    const out: RuleDiagnostic[] = [];
    // An `import` may stand anywhere, in the preamble too: read from the blocks' summaries (no block
    // parsed again), and only in a file with run lines.
    const imports = importsOf(parsed.blocks).length > 0;
    const names = () => parsed.requests.flatMap((b) => [b.name, b.separator?.title].filter((n): n is string => !!n));
    for (const { block } of items) {
      const directives = block.directives.filter((d) => d.name === 'run');
      runStepsOf(block).forEach((step, k) => {
        const span = { start: block.start + directives[k].span.start, end: block.start + directives[k].span.end };
        if (step.kind === 'invalid') out.push(diag(this.code, 'warning', `This run line cannot be read: ${step.problem}.`, span));
        if (step.kind !== 'request' || imports || findRunTarget(parsed.requests, step.target)) return;
        const near = closest(step.target, names());
        out.push(
          diag(
            this.code,
            'warning',
            `No request of this file is named "${step.target}": sending fails on this line.${near ? ` Did you mean #${near}?` : ''} Name a request ### ${step.target} or # @name ${step.target}, or import the file that has it (import ./other.http).`,
            span,
            near
              ? [{ title: `Run #${near}`, edits: [{ span: { start: span.start + 'run #'.length, end: span.end }, newText: near }] }]
              : undefined,
          ),
        );
      });
    }
    return out;
  },
};
