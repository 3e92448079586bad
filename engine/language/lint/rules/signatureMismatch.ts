// A literal `signature` typed into the body that does not verify against the signed string the
// body gives (checked with the active environment's keys). The service would answer 2.
import type { Span } from '../../../syntax/types';
import type { FileRule, RuleDiagnostic } from '../types';
import { diag, errorName } from '../util';

export const signatureMismatch: FileRule<Span> = {
  code: 'payout/signature-mismatch',
  description: 'A typed `signature` that does not match the one computed from the body and the keys (2).',
  collect({ endpoint, body }) {
    const field = body.byName.get('signature');
    if (!endpoint?.signedString || field?.kind !== 'string' || field.hasTemplates || !field.valueSpan) return undefined;
    return field.valueSpan;
  },
  check(ctx, items) {
    if (!ctx.checkSignature) return [];
    const out: RuleDiagnostic[] = [];
    for (const { block, data } of items) {
      const result = ctx.checkSignature(block);
      if (!result || result.matches) continue;
      const span = { start: block.start + data.start, end: block.start + data.end };
      out.push(
        diag(
          this.code,
          'error',
          `This signature does not match the signed string \`${result.display}\` with the active environment's keys: the service answers ${errorName(2)}.${result.explanation ? ` ${result.explanation}` : ''} Remove the field to let the client sign, or replace it with the computed signature.`,
          span,
          [{ title: 'Replace with the computed signature', edits: [{ span, newText: JSON.stringify(result.expected) }], preferred: true }],
        ),
      );
    }
    return out;
  },
};
