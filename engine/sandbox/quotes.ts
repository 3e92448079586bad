// Prices, banks, bank account verification and the two quotes (doc 1 §4.9-4.12, §4.15). Nothing
// here changes state. The numbers come from the sandbox's market (market.ts); the rules (which
// error when) from the documents.

import { limitByName } from '../catalogue/index';
import { fail, ok, type Caller, type Outcome, type SandboxContext } from './context';
import { balanceOf } from './fund';
import { kycGate } from './kyc';
import {
  accountHolder,
  BANKS,
  CASHOUT_FIAT,
  FIAT_PER_USD,
  NETWORK_TOKENS,
  own,
  quote,
  SCAN_TO_PAY_FIAT,
  sellBounds,
  tokenPrice,
  type Quote,
} from './market';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 8 });

/** Doc 1 §4.9. */
export function prices(body: Record<string, unknown>): Outcome {
  const network = String(body.network);
  const fiat = typeof body.fiatCurrency === 'string' ? body.fiatCurrency : 'VND';
  // service's values (14) were checked by the validation, from the catalogue's enum, as lint checks them.
  if (!own(FIAT_PER_USD, fiat)) return fail(46, `No provider covers ${fiat}: quote in one of ${Object.keys(FIAT_PER_USD).join(', ')}`);
  const names = String(body.currencies)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length) return fail(5, 'currencies is empty: send a comma-separated list, e.g. USDT,ETH');
  const tokens = own(NETWORK_TOKENS, network) ?? [];
  const unsupported = names.find((n) => !tokens.includes(n));
  if (unsupported) return fail(6, `${unsupported} is not supported on ${network}: on ${network} use ${tokens.join(', ')}`);
  const bounds = sellBounds(fiat)!;
  const currencies = names.map((name) => ({ name, price: tokenPrice(name, fiat)!, ...bounds }));
  return ok({ network, currencies });
}

/** Doc 1 §4.10. A currency the sandbox has no banks for (e.g. `EMPTY`) gives the documented empty list. */
export function supportedBanks(body: Record<string, unknown>): Outcome {
  const fiat = typeof body.fiatCurrency === 'string' ? body.fiatCurrency : 'VND';
  return ok({ banks: (own(BANKS, fiat) ?? []).map((b) => ({ ...b })) });
}

/** Doc 1 §4.11. For VND every failure is 1; elsewhere 18. Unsupported fiat (53) is refused by validation. */
export function verifyBankAccount(body: Record<string, unknown>): Outcome {
  const fiat = typeof body.fiatCurrency === 'string' ? body.fiatCurrency : 'VND';
  const bankCode = String(body.bankCode);
  const number = String(body.bankAccountNumber);
  const known = (own(BANKS, fiat) ?? []).some((b) => b.bankCode === bankCode);
  const holder = known ? accountHolder(number) : undefined;
  if (!holder) {
    const why = known ? `account ${number} could not be verified at bank ${bankCode}` : `bank ${bankCode} is not a ${fiat} bank`;
    return fail(
      fiat === 'VND' ? 1 : 18,
      `Bank account verification failed: ${why}. Check the bankCode (get-supported-banks) and the account number.`,
    );
  }
  return ok({ bankCode, bankAccountNumber: number, bankAccountName: holder });
}

function boundsProblem(fiat: string, amount: number): Outcome | undefined {
  const b = sellBounds(fiat)!;
  if (amount < b.minSell)
    return fail(24, `The amount ${fmt(amount)} ${fiat} is below the minimum of ${fmt(b.minSell)} ${fiat}: send at least ${fmt(b.minSell)}`);
  if (amount > b.maxSell)
    return fail(25, `The amount ${fmt(amount)} ${fiat} is above the maximum of ${fmt(b.maxSell)} ${fiat}: send at most ${fmt(b.maxSell)}`);
  return undefined;
}

/** The provider's own range for VND cashouts (doc 1 §4.15, §7 code 16). */
function providerFloorProblem(fiat: string, amount: number): Outcome | undefined {
  const floor = limitByName('cashout-floor-vnd');
  const ceiling = limitByName('cashout-ceiling-vnd');
  if (!floor?.amount || !ceiling?.amount || fiat !== floor.unit) return undefined;
  if (amount < floor.amount || amount > ceiling.amount) {
    return fail(
      16,
      `The amount ${fmt(amount)} ${fiat} is outside the payment provider's range of ${fmt(floor.amount)} to ${fmt(ceiling.amount)} ${fiat}: send an amount within it`,
    );
  }
  return undefined;
}

export function quoteData(q: Quote): Record<string, unknown> {
  const data: Record<string, unknown> = { ...q };
  if (q.fiatAmount === undefined) delete data.fiatAmount; // echoed as absent: signed as `undefined` (doc 1 §4.12)
  return data;
}

export type SellQuote = { ok: true; quote: Quote; fiat: string } | { ok: false; outcome: Outcome };

/** The checks and numbers review-sell-order and create-sell-order share. */
export function sellQuote(caller: Caller, body: Record<string, unknown>): SellQuote {
  const fiat = typeof body.fiatCurrency === 'string' ? body.fiatCurrency : 'VND';
  const token = String(body.currency);
  const no = (outcome: Outcome): SellQuote => ({ ok: false, outcome });
  if (!caller.partner.scanToPay) return no(fail(46, 'Scan-to-pay is not enabled for this partner account: ask the service to activate it'));
  if (!SCAN_TO_PAY_FIAT.includes(fiat))
    return no(fail(46, `No scan-to-pay provider covers ${fiat}: use one of ${SCAN_TO_PAY_FIAT.join(', ')}`));
  if (tokenPrice(token, fiat) === undefined)
    return no(
      fail(
        46,
        `No provider sells ${token}: use one of ${Object.keys(NETWORK_TOKENS)
          .flatMap((n) => NETWORK_TOKENS[n])
          .filter((t, i, a) => a.indexOf(t) === i)
          .join(', ')}`,
      ),
    );
  const byToken = body.fiatAmount === undefined && typeof body.tokenAmount === 'number';
  const q = byToken
    ? quote(token, fiat, { tokenAmount: body.tokenAmount as number })!
    : quote(token, fiat, { fiatAmount: typeof body.fiatAmount === 'number' ? body.fiatAmount : 0 })!; // omitted: 0 (doc 1 §4.12)
  const bad = boundsProblem(fiat, q.fiatAmount ?? q.totalPayment);
  if (bad) return no(bad);
  return { ok: true, quote: q, fiat };
}

/** Doc 1 §4.12. */
export function reviewSellOrder(caller: Caller, body: Record<string, unknown>): Outcome {
  const r = sellQuote(caller, body);
  return r.ok ? ok(quoteData(r.quote)) : r.outcome;
}

export type CashoutQuote = { ok: true; quote: Quote; fiat: string } | { ok: false; outcome: Outcome };

/** The checks review-cashout and create-cashout share (46, KYC, 24, 25, 16, 7). */
export function cashoutQuote(ctx: SandboxContext, caller: Caller, body: Record<string, unknown>): CashoutQuote {
  const no = (outcome: Outcome): CashoutQuote => ({ ok: false, outcome });
  const fiat = body.fiatCurrency;
  const amount = body.fiatAmount;
  const token = String(body.cryptoCurrency);
  if (typeof fiat !== 'string' || typeof amount !== 'number') {
    return no(
      fail(
        46,
        'fiatCurrency and fiatAmount were not both sent, so no service matches: send both (omitted ones are signed as `undefined` and no default applies)',
      ),
    );
  }
  if (!caller.partner.cashout) return no(fail(46, 'Cashout is not enabled for this partner account: ask the service to activate it'));
  if (!CASHOUT_FIAT.includes(fiat)) return no(fail(46, `No cashout provider covers ${fiat}: use one of ${CASHOUT_FIAT.join(', ')}`));
  if (tokenPrice(token, fiat) === undefined) return no(fail(46, `No provider pays out from ${token}: use e.g. USDT`));
  const gate = kycGate(ctx, caller);
  if (gate) return no(gate);
  // The provider's range (16) is the request's own content, known before the live bounds (24, 25).
  const bad = providerFloorProblem(fiat, amount) ?? boundsProblem(fiat, amount);
  if (bad) return no(bad);
  const q = quote(token, fiat, { fiatAmount: amount })!;
  const have = balanceOf(ctx.store, caller.partner.partnerCode, token);
  if (have < q.tokenAmount)
    return no(
      fail(
        7,
        `The fund holds ${fmt(have)} ${token} but the cashout needs ${fmt(q.tokenAmount)} ${token}: top up the fund or lower the amount`,
      ),
    );
  return { ok: true, quote: q, fiat };
}

/** Doc 1 §4.15. */
export function reviewCashout(ctx: SandboxContext, caller: Caller, body: Record<string, unknown>): Outcome {
  const r = cashoutQuote(ctx, caller, body);
  return r.ok ? ok(quoteData(r.quote)) : r.outcome;
}

export { fmt };
