// The same literal externalOrderId in two create requests of the file: the second one answers
// 11 DUPLICATE_TRANSACTION_ID. Cheap on big files: each block's literal id comes from its cached
// body model; only a Map over the ids is built per lint.
import type { FileRule, RuleDiagnostic } from '../types';
import { diag, errorName } from '../util';

export const duplicateExternalOrderId: FileRule = {
  code: 'payout/duplicate-external-order-id',
  description: 'The same literal externalOrderId used by two requests that create orders (11).',
  check(ctx) {
    const seen = new Map<string, number>();
    const out: RuleDiagnostic[] = [];
    for (const block of ctx.parsed.requests) {
      const { endpoint, body } = ctx.blockContext(block);
      // Order-creating endpoints: those whose externalOrderId documents the repeat (error 11).
      const spec = endpoint?.body?.find((f) => f.name === 'externalOrderId');
      if (!spec || spec.errorCode !== 11) continue;
      const field = body.byName.get('externalOrderId');
      if (field?.kind !== 'string' || field.hasTemplates || !field.valueSpan || field.value === '') continue;
      const id = String(field.value);
      const first = seen.get(id);
      if (first === undefined) {
        seen.set(id, block.start);
        continue;
      }
      const line = ctx.parsed.text.slice(0, first).split('\n').length;
      const span = { start: block.start + field.valueSpan.start, end: block.start + field.valueSpan.end };
      out.push(
        diag(
          this.code,
          'warning',
          `externalOrderId "${id}" is already used by the request on line ${line}: sending both answers ${errorName(11)} for the second. Use "{{$uuid}}" for a fresh id (or keep it if this replay is deliberate, e.g. to test error 11).`,
          span,
          [{ title: 'Use {{$uuid}}', edits: [{ span, newText: '"{{$uuid}}"' }], preferred: true }],
        ),
      );
    }
    return out;
  },
};
