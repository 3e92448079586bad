// The same literal externalOrderId in two create requests of the file: the second one answers
// 11 DUPLICATE_TRANSACTION_ID. Each block contributes its literal id once (cached); a keystroke
// only builds a Map over the ids.
import type { RequestBlock, Span } from '../../../syntax/types';
import type { FileContext, FileRule, RuleDiagnostic } from '../types';
import { diag, errorName } from '../util';
import { lineAt } from '../../../util/lineAt';

/**
 * Where the ids of blocks with duplicates are written, once per block: reading a body's fields
 * again on every keystroke parsed the block's detail again once evicted (engine/syntax/block.ts).
 */
const idSpans = new WeakMap<RequestBlock, Span | undefined>();

function idSpan(ctx: FileContext, block: RequestBlock): Span | undefined {
  if (idSpans.has(block)) return idSpans.get(block);
  const span = ctx.blockContext(block).body.byName.get('externalOrderId')?.valueSpan;
  idSpans.set(block, span);
  return span;
}

/** A block contributes its id alone (where it is written is found for the duplicates only: a span kept per create request, issue 28). */
export const duplicateExternalOrderId: FileRule<string> = {
  code: 'payout/duplicate-external-order-id',
  description: 'The same literal externalOrderId used by two requests that create orders (11).',
  collect({ endpoint, body }) {
    // Order-creating endpoints: those whose externalOrderId documents the repeat (error 11).
    const spec = endpoint?.body?.find((f) => f.name === 'externalOrderId');
    if (!spec || spec.errorCode !== 11) return undefined;
    const field = body.byName.get('externalOrderId');
    if (field?.kind !== 'string' || field.hasTemplates || !field.valueSpan || field.value === '') return undefined;
    return String(field.value);
  },
  emptyWhileItemsEqual: true,
  check(ctx, items) {
    const seen = new Map<string, number>();
    const out: RuleDiagnostic[] = [];
    for (const { block, data: id } of items) {
      const first = seen.get(id);
      if (first === undefined) {
        seen.set(id, block.start);
        continue;
      }
      const valueSpan = idSpan(ctx, block);
      if (!valueSpan) continue; // collected from this same body model, so not reached
      const line = lineAt(ctx.parsed.pieces ?? ctx.parsed.text, first); // the pieces of an open document: not joined
      const span = { start: block.start + valueSpan.start, end: block.start + valueSpan.end };
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
