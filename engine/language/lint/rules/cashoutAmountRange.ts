// A VND cashout amount outside the payment provider's range (error 16). The floor is the document's
// (doc 1 §8): an error. The ceiling is only in error 16's message, so enforcing it is the project's
// assumption (the catalogue's limit says so): an error too, as the sandbox refuses it, that says it is assumed.
import { limitByName } from '../../../catalogue';
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag, errorName } from '../util';

const CASHOUT_ENDPOINTS = new Set(['v2.orders.review-cashout', 'v2.orders.create-cashout']);
const n = (x: number) => x.toLocaleString('en-US');

export const cashoutAmountRange: BlockRule = {
  code: 'payout/amount-out-of-range',
  description: 'A VND cashout fiatAmount below the provider floor (16), or above the ceiling the project assumes.',
  check({ endpoint, body }) {
    if (!endpoint || !CASHOUT_ENDPOINTS.has(endpoint.id)) return [];
    const floor = limitByName('cashout-floor-vnd');
    const ceiling = limitByName('cashout-ceiling-vnd');
    const amount = body.byName.get('fiatAmount');
    const currency = body.byName.get('fiatCurrency');
    if (!floor?.amount || !ceiling?.amount || currency?.value !== floor.unit) return [];
    if (amount?.kind !== 'number' || typeof amount.value !== 'number' || !amount.valueSpan) return [];
    const out: RuleDiagnostic[] = [];
    if (amount.value < floor.amount) {
      out.push(
        diag(
          this.code,
          'error',
          `\`fiatAmount\` ${n(amount.value)} ${floor.unit} is below the provider floor of ${n(floor.amount)}: the service answers ${errorName(16)}. Send ${n(floor.amount)} or more.`,
          amount.valueSpan,
        ),
      );
    } else if (amount.value > ceiling.amount) {
      out.push(
        diag(
          this.code,
          'error',
          `\`fiatAmount\` ${n(amount.value)} ${ceiling.unit} is above ${n(ceiling.amount)}: the service answers ${errorName(16)} (assumed). Assumption (not in the document's limits): ${ceiling.assumption ?? ''} Split the payout, or check the provider's real bound.`,
          amount.valueSpan,
        ),
      );
    }
    return out;
  },
};
