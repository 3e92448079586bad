// Two requests with the same name (`# @name`, or a one-word `###` title): `{{name.response...}}` and
// `send --name` use the first one, so the second can only be sent with --all. Reported on the second.
import type { RequestBlock, Span } from '../../../syntax/types';
import type { FileRule, RuleDiagnostic } from '../types';
import { lineAt } from '../../../util/lineAt';
import { diag } from '../util';

/**
 * Where the names of blocks with duplicates are written, once per block: the directives are a
 * block's detail, parsed again from its text when read after eviction (engine/syntax/block.ts),
 * and a file of many duplicates reads them on every keystroke.
 */
const nameSpans = new WeakMap<RequestBlock, Span>();

/** Where the block's name is written (block-relative): its last `# @name`, else the title, else the request line. */
function nameSpan(block: RequestBlock): Span {
  let span = nameSpans.get(block);
  if (!span) nameSpans.set(block, (span = findNameSpan(block)));
  return span;
}

function findNameSpan(block: RequestBlock): Span {
  const directive = [...block.directives].reverse().find((d) => d.name === 'name' && d.value === block.name);
  return directive?.valueSpan ?? block.separator?.titleSpan ?? block.requestLine!.span;
}

/** A block contributes its name alone (where it is written is found for the duplicates only: a span kept per named block, issue 28). */
export const duplicateRequestName: FileRule<string> = {
  code: 'payout/duplicate-request-name',
  description: 'A request named like an earlier one: references and `send --name` use the first.',
  collect({ block }) {
    return block.name || undefined;
  },
  emptyWhileItemsEqual: true,
  check(ctx, items) {
    const first = new Map<string, RequestBlock>();
    const out: RuleDiagnostic[] = [];
    for (const { block, data: name } of items) {
      const earlier = first.get(name);
      if (earlier === undefined) {
        first.set(name, block);
        continue;
      }
      const at = earlier.start + nameSpan(earlier).start;
      const span = nameSpan(block);
      out.push(
        diag(
          this.code,
          'warning',
          `Another request, on line ${lineAt(ctx.parsed.pieces ?? ctx.parsed.text, at)}, is already named "${name}": \`{{${name}.response...}}\` and \`payout-http send --name ${name}\` use that one. Give this request its own name.`,
          { start: block.start + span.start, end: block.start + span.end },
        ),
      );
    }
    return out;
  },
};
