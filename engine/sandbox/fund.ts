// The partner's crypto fund: a balance per currency and a ledger of every move. A debit that the
// balance cannot cover is refused, so a balance never goes below zero.

import { own, roundBalance } from './market';
import type { LedgerEntry, LedgerKind, Store } from './state';
import type { Partner } from './config';

/** Pre-loads a partner's fund the first time the sandbox sees the partner (recorded as CREDIT entries). */
export function ensureFund(store: Store, partner: Partner, nowMs: number): void {
  if (store.state.funds[partner.partnerCode]) return;
  store.state.funds[partner.partnerCode] = {};
  for (const [currency, amount] of Object.entries(partner.funds)) {
    move(store, partner.partnerCode, currency, amount, 'CREDIT', nowMs);
  }
  store.changed(['funds', partner.partnerCode]);
}

export function balanceOf(store: Store, partnerCode: string, currency: string): number {
  const funds = own(store.state.funds, partnerCode);
  return (funds && own(funds, currency)) ?? 0;
}

/**
 * Applies a move and records it; undefined (and nothing changed) when a DEBIT exceeds the balance.
 * Synchronous on purpose: the balance check and the debit cannot be interleaved with another request.
 */
export function move(
  store: Store,
  partnerCode: string,
  currency: string,
  amount: number,
  kind: LedgerKind,
  nowMs: number,
  refs: { externalOrderId?: string; userEmail?: string } = {},
): LedgerEntry | undefined {
  const funds = (store.state.funds[partnerCode] ??= {});
  const before = funds[currency] ?? 0;
  const after = roundBalance(kind === 'DEBIT' ? before - amount : before + amount);
  if (after < 0) return undefined;
  funds[currency] = after;
  const entry: LedgerEntry = {
    seq: store.nextSeq(),
    at: new Date(nowMs).toISOString(),
    partnerCode,
    currency,
    amount: roundBalance(amount),
    balanceAfter: after,
    kind,
    ...refs,
  };
  store.state.ledger.push(entry);
  store.changed(['funds', partnerCode]);
  return entry;
}
