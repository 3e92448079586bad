// Limits of doc 1 §8 and doc 2 §8, with machine-readable amounts where the document gives one.
// `name` is a stable key; `value` is the document's wording.

import type { LimitSpec } from './types';

/** Doc 1 §4.11 and §8: the only fiat currencies bank/account/verify supports; any other returns 53. */
export const BANK_VERIFY_FIAT_CURRENCIES: readonly string[] = ['VND', 'NGN', 'GHS', 'ZAR', 'KES'];

/** Doc 1 §7 error 16: the VND ceiling is only in the error's message; enforcing it is the project's choice. */
export const CASHOUT_CEILING_ASSUMPTION =
  "Only error 16's message gives 14,000,000 VND as an upper bound (the table names the floor alone); the project and the local sandbox answer 16 above it.";

export const limits: LimitSpec[] = [
  { name: 'order-lifetime', value: 'Order lifetime (`expiresAt`): creation time plus 15 minutes', amount: 15, unit: 'minutes' },
  {
    name: 'prices-cache',
    value: 'Prices cache: up to 10 minutes; quote with review-sell-order before committing',
    amount: 10,
    unit: 'minutes',
  },
  { name: 'philippines-qrcode-min-amount', value: 'Generate-philippines-qrcode `amount`: minimum 200', amount: 200 },
  {
    name: 'cashout-floor-vnd',
    value: 'Cashout provider floor (Vietnam, VND): 10,000 (error 16)',
    amount: 10000,
    unit: 'VND',
    errorCode: 16,
  },
  // Error 16's message (doc 1 §7) gives both bounds; the upper one is only there.
  {
    name: 'cashout-ceiling-vnd',
    value: 'Error 16 message gives 10,000 and 14,000,000 as bounds',
    amount: 14000000,
    unit: 'VND',
    errorCode: 16,
    assumption: CASHOUT_CEILING_ASSUMPTION,
  },
  { name: 'sell-min', value: 'Sell minimum: per currency and provider; read `minSell` from orders/prices or error 24', errorCode: 24 },
  { name: 'sell-max', value: 'Sell maximum: per currency and provider; read `maxSell` from orders/prices or error 25', errorCode: 25 },
  { name: 'per-transaction-cap', value: 'Per-transaction cap in USD; values vary by currency and provider', unit: 'USD', errorCode: 36 },
  {
    name: 'daily-cap',
    value: 'Daily amount or transaction-count cap in USD; values vary by currency and provider',
    unit: 'USD',
    errorCode: 37,
  },
  { name: 'monthly-cap', value: 'Monthly cap in USD; values vary by currency and provider', unit: 'USD', errorCode: 42 },
  {
    name: 'weekly-cap',
    value: 'Weekly cap in USD; the week starts Monday 00:00 UTC; values vary by currency and provider',
    unit: 'USD',
    errorCode: 90,
  },
  { name: 'bank-verify-fiat', value: `Supported fiat for bank account verify: ${BANK_VERIFY_FIAT_CURRENCIES.join(', ')}`, errorCode: 53 },
  { name: 'access-token-lifetime', value: 'Access token lifetime: 60 minutes', amount: 60, unit: 'minutes' },
  {
    name: 'client-assertion-freshness',
    value: 'Client assertion: fresh per token request; accepted only briefly after `iat` (exact window not shown)',
  },
];

export function limitByName(name: string): LimitSpec | undefined {
  return limits.find((l) => l.name === name);
}
