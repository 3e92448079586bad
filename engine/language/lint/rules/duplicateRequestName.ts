// Two requests with the same name (`# @name`, or a one-word `###` title): `{{name.response...}}` and
// `send --name` use the first one, so the second can only be sent with --all. Reported on the second.
import type { Span } from '../../../syntax/types';
import type { FileRule, RuleDiagnostic } from '../types';
import { lineAt } from '../../../util/lineAt';
import { diag } from '../util';

export const duplicateRequestName: FileRule<{ name: string; span: Span }> = {
  code: 'payout/duplicate-request-name',
  description: 'A request named like an earlier one: references and `send --name` use the first.',
  collect({ block }) {
    if (!block.name) return undefined;
    const directive = [...block.directives].reverse().find((d) => d.name === 'name' && d.value === block.name);
    const span = directive?.valueSpan ?? block.separator?.titleSpan ?? block.requestLine!.span;
    return { name: block.name, span };
  },
  emptyWhileItemsEqual: true,
  check(ctx, items) {
    const first = new Map<string, number>();
    const out: RuleDiagnostic[] = [];
    for (const { block, data } of items) {
      const at = first.get(data.name);
      if (at === undefined) {
        first.set(data.name, block.start + data.span.start);
        continue;
      }
      out.push(
        diag(
          this.code,
          'warning',
          `Another request, on line ${lineAt(ctx.parsed.text, at)}, is already named "${data.name}": \`{{${data.name}.response...}}\` and \`payout-http send --name ${data.name}\` use that one. Give this request its own name.`,
          { start: block.start + data.span.start, end: block.start + data.span.end },
        ),
      );
    }
    return out;
  },
};
