// A body nested deeper, or an extendInfo larger, than the service takes: the catalogue's `depth`
// and `size` decisions (engine/catalogue/decisions.ts), the same measure the local sandbox applies
// before anything else. The document gives no limit, so the diagnostic says it is assumed.
import { bodyBoundsProblem, decisionFor, surelyWithinBounds } from '../../../catalogue/decisions';
import type { BlockRule } from '../types';
import { bodyAnchor, diag } from '../util';
import { rejectionOf } from './valueNotAllowed';

export const bodyTooDeep: BlockRule = {
  code: 'payout/body-too-large',
  description: 'A body nested too deep, or an extendInfo too large, for the service to store (5, assumed).',
  check({ block, endpoint, body }) {
    const text = block.body?.kind === 'json' && block.body.validJson ? block.body.text : undefined;
    if (!endpoint?.body || text === undefined || body.root?.type !== 'object') return [];
    let extendInfoLength = 0;
    for (const f of body.fields) if (f.name === 'extendInfo' && f.valueSpan) extendInfoLength += f.valueSpan.end - f.valueSpan.start;
    if (surelyWithinBounds(text, extendInfoLength)) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return []; // a `{{variable}}` outside a string: its value is known only when sending
    }
    const problem = bodyBoundsProblem(value as Record<string, unknown>);
    if (!problem) return [];
    const d = decisionFor(undefined, problem.kind);
    return [
      diag(this.code, 'error', `${problem.message}: ${rejectionOf(endpoint, d)}. ${d.assumption ?? ''}`.trim(), bodyAnchor(block, body)),
    ];
  },
};
