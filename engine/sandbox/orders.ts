// Orders (doc 1 §2.3, §3.1, §4.13, §4.14, §4.16): creation with every documented check, the
// fund debit, idempotency by externalOrderId, settlement and the forced outcomes of doc 2 §3.
//
// Concurrency: everything from the duplicate check to the debit and the insert runs
// synchronously, in one turn of the event loop, so two simultaneous creates with the same
// externalOrderId cannot both pass the check, and two debits cannot both see the same balance.

import { BANK_VERIFY_FIAT_CURRENCIES, catalogue, limitByName, sellExtendInfoKeyRead, sellExtendInfoRuleFor } from '../catalogue/index';
import { fail, ok, type Caller, type Outcome, type SandboxContext } from './context';
import { move } from './fund';
import { kycGate } from './kyc';
import {
  ACCOUNT_BLACKLISTED,
  ACCOUNT_PAYOUT_FAILS,
  accountHolder,
  BANKS,
  bankName,
  fiatToUsd,
  NETWORK_TOKENS,
  own,
  TOKEN_USD,
  type Quote,
} from './market';
import { cashoutQuote, fmt, sellQuote } from './quotes';
import { endpointUrl } from './route';
import { orderKey, type OrderObject, type OrderRecord } from './state';
import { formatUtc7, windowStarts } from './time';

const ORDER_LIFETIME_MS = (limitByName('order-lifetime')?.amount ?? 15) * 60_000;
const isDigits = (s: unknown) => typeof s === 'string' && /^\d+$/.test(s);

export function webhookProblem(caller: Caller, key: unknown): Outcome | undefined {
  if (key === undefined || key === null) return undefined;
  if (!caller.partner.webhooks.some((w) => w.secretKey === key)) {
    return fail(
      13,
      'webhookSecretKey matches no registered webhook endpoint, so the order was not created: use the key of a registered endpoint, or omit it and poll orders/details',
    );
  }
  return undefined;
}

function duplicateProblem(ctx: SandboxContext, caller: Caller, id: string): Outcome | undefined {
  if (ctx.store.state.orders[orderKey(caller.partner.partnerCode, id)]) {
    return fail(11, `externalOrderId ${id} was already used: fetch that order with orders/details instead of creating it again`);
  }
  return undefined;
}

/** Caps in USD per user: per transaction (36), day (37, also a count), week from Monday 00:00 UTC (90), month (42). */
function capsProblem(ctx: SandboxContext, caller: Caller, usd: number): Outcome | undefined {
  const caps = caller.partner.caps;
  if (usd > caps.perTransactionUsd) {
    return fail(
      36,
      `The order is worth ${fmt(usd)} USD, above the per-transaction cap of ${fmt(caps.perTransactionUsd)} USD: lower the fiatAmount`,
    );
  }
  const now = ctx.clock();
  const w = windowStarts(now);
  let day = 0,
    dayCount = 0,
    week = 0,
    month = 0;
  for (const o of ctx.store.ordersOf(caller.partner.partnerCode, caller.userEmail ?? '')) {
    if (o.order.status === 'ERROR') continue;
    if (o.createdAtMs >= w.day) {
      day += o.usdAmount;
      dayCount++;
    }
    if (o.createdAtMs >= w.week) week += o.usdAmount;
    if (o.createdAtMs >= w.month) month += o.usdAmount;
  }
  if (day + usd > caps.dailyUsd)
    return fail(
      37,
      `The user's orders today would reach ${fmt(day + usd)} USD, above the daily cap of ${fmt(caps.dailyUsd)} USD: try a smaller amount or tomorrow (UTC)`,
    );
  if (dayCount + 1 > caps.dailyCount)
    return fail(37, `The user has reached the daily cap of ${caps.dailyCount} orders: try again tomorrow (UTC)`);
  if (week + usd > caps.weeklyUsd)
    return fail(
      90,
      `The user's orders this week would reach ${fmt(week + usd)} USD, above the weekly cap of ${fmt(caps.weeklyUsd)} USD (the week starts Monday 00:00 UTC)`,
    );
  if (month + usd > caps.monthlyUsd)
    return fail(
      42,
      `The user's orders this month would reach ${fmt(month + usd)} USD, above the monthly cap of ${fmt(caps.monthlyUsd)} USD`,
    );
  return undefined;
}

function bankProblem(fiat: string, bankCode: string): Outcome | undefined {
  const list = own(BANKS, fiat);
  // Only currencies whose provider list the sandbox knows are checked.
  if (list && !list.some((b) => b.bankCode === bankCode)) {
    return fail(56, `bankCode ${bankCode} is not in the ${fiat} provider's list: take it from get-supported-banks or the QR decoding`);
  }
  return undefined;
}

/** Account checks where the sandbox can verify accounts (the bank-verify currencies): 18; and the blacklist test value: 65. */
function accountProblem(fiat: string, account: unknown): Outcome | undefined {
  if (typeof account !== 'string' || account === '')
    return fail(18, 'The bank account could not be verified: bankAccountNumber is missing (it was signed as `undefined`); send it');
  if (account === ACCOUNT_BLACKLISTED) return fail(65, `The recipient account ${account} is blacklisted: the payout cannot be made`);
  if (BANK_VERIFY_FIAT_CURRENCIES.includes(fiat) && !accountHolder(account)) {
    return fail(18, `The bank account ${account} could not be verified: check it with bank/account/verify`);
  }
  return undefined;
}

/** create-sell-order `extendInfo` by fiatCurrency, read from the catalogue's rules (doc 1 §4.13). */
function sellExtendInfoProblem(fiat: string, extendInfo: unknown, bankAccountNumber: unknown): Outcome | undefined {
  const rule = sellExtendInfoRuleFor(fiat);
  if (!rule.key) return undefined;
  const info = typeof extendInfo === 'object' && extendInfo !== null ? (extendInfo as Record<string, unknown>) : {};
  const key = rule.required === 'in-practice' ? sellExtendInfoKeyRead(info) : info[rule.key] != null ? rule.key : undefined;
  if (!key) {
    return fail(
      rule.missingKeyErrorCode ?? 5,
      `extendInfo.${rule.key} is required for ${fiat}: send extendInfo { "qrType": ..., "${rule.key}": { "recipientName": ..., "additionalData": ... } } from the QR decoding`,
    );
  }
  const entry = info[key];
  const member = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
  for (const m of rule.requiredMembers ?? []) {
    if (member[m.name] === undefined || member[m.name] === null || member[m.name] === '') {
      return fail(m.errorCode, `extendInfo.${key}.${m.name} is missing: pass it verbatim from the QR decoding`);
    }
  }
  // The one rejection the document states (PHP): recipientName and account number both all digits.
  if (rule.rejections?.length && isDigits(member.recipientName) && isDigits(bankAccountNumber)) {
    return fail(
      rule.rejections[0].errorCode,
      'extendInfo.PH.recipientName and the account number are both all digits: send the recipient name from the QR decoding',
    );
  }
  return undefined;
}

function baseOrder(
  type: 'SELL' | 'CASHOUT',
  id: string,
  createdAtMs: number,
): Pick<OrderObject, 'externalOrderId' | 'type' | 'status' | 'descriptions' | 'createdAt' | 'expiresAt'> {
  return {
    externalOrderId: id,
    type,
    status: 'AWAITING_PAYMENT',
    descriptions: '',
    createdAt: formatUtc7(createdAtMs),
    expiresAt: formatUtc7(createdAtMs + ORDER_LIFETIME_MS),
  };
}

/**
 * The stored record of a new order, sell or cashout alike: who created it, what it debits from the
 * fund (the quote's token amount) and is worth against the caps (usd), and its webhook key.
 */
function newRecord(
  caller: Caller,
  body: Record<string, unknown>,
  order: OrderObject,
  o: { now: number; fiat: string; quote: Quote; usd: number; extendInfo: unknown },
): OrderRecord {
  return {
    partnerCode: caller.partner.partnerCode,
    userEmail: caller.userEmail!,
    order,
    createdAtMs: o.now,
    fiatCurrency: o.fiat,
    currency: o.quote.currency,
    tokenAmount: o.quote.tokenAmount,
    usdAmount: o.usd,
    ...(typeof body.webhookSecretKey === 'string' ? { webhookSecretKey: body.webhookSecretKey } : {}),
    extendInfo: o.extendInfo,
  };
}

/** Inserts the order and debits the fund; then the payout starts (and may fail at once: error 12). */
function commit(ctx: SandboxContext, rec: OrderRecord, account: string): Outcome {
  const entry = move(ctx.store, rec.partnerCode, rec.currency, rec.tokenAmount, 'DEBIT', rec.createdAtMs, {
    externalOrderId: rec.order.externalOrderId,
    userEmail: rec.userEmail,
  });
  if (!entry) {
    const have = ctx.store.state.funds[rec.partnerCode]?.[rec.currency] ?? 0;
    return fail(
      7,
      `The fund holds ${fmt(have)} ${rec.currency} but the order needs ${fmt(rec.tokenAmount)} ${rec.currency}: top up the fund or lower the amount`,
    );
  }
  ctx.store.addOrder(rec);
  ctx.log(`order ${rec.order.externalOrderId} created (${rec.order.type})`);
  if (account === ACCOUNT_PAYOUT_FAILS) {
    settle(ctx, rec, 'ERROR', 'The payout was refused by the receiving bank (sandbox test account); the fund was refunded.');
    return fail(
      12,
      `The payout failed after the order was created: ${rec.order.descriptions} Create a new order with a new externalOrderId.`,
      { ...rec.order },
    );
  }
  ctx.scheduleSettlement(rec.partnerCode, rec.order.externalOrderId);
  return ok({ ...rec.order });
}

/** Doc 1 §4.13. */
export function createSellOrder(ctx: SandboxContext, caller: Caller, body: Record<string, unknown>): Outcome {
  const id = String(body.externalOrderId);
  const fiat = typeof body.fiatCurrency === 'string' ? body.fiatCurrency : 'VND';
  const pre = webhookProblem(caller, body.webhookSecretKey) ?? duplicateProblem(ctx, caller, id) ?? kycGate(ctx, caller);
  if (pre) return pre;
  // content's format (17) was checked by the validation (validate.ts), as lint checks it.
  const content = String(body.content);
  const quoted = sellQuote(caller, body);
  if (!quoted.ok) return quoted.outcome;
  const bankCode = String(body.bankCode);
  const problem =
    bankProblem(fiat, bankCode) ??
    sellExtendInfoProblem(fiat, body.extendInfo, body.bankAccountNumber) ??
    accountProblem(fiat, body.bankAccountNumber);
  if (problem) return problem;
  const q = quoted.quote;
  const usd = q.tokenAmount * (own(TOKEN_USD, q.currency) ?? 1);
  const caps = capsProblem(ctx, caller, usd);
  if (caps) return caps;

  const now = ctx.clock();
  const account = String(body.bankAccountNumber);
  const info = (body.extendInfo ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const countryKey = sellExtendInfoRuleFor(fiat).key;
  const recipientName = countryKey && typeof info[countryKey]?.recipientName === 'string' ? info[countryKey].recipientName : undefined;
  const network = Object.keys(NETWORK_TOKENS).find((n) => NETWORK_TOKENS[n].includes(q.currency)) ?? null;
  const order: OrderObject = {
    ...baseOrder('SELL', id, now),
    fiatAmount: q.totalPayment,
    paidAmount: q.fiatAmount ?? 0,
    tokenTransfer: {
      currency: q.currency,
      network,
      price: q.price,
      amount: q.tokenAmount,
      address: `sandbox-fund-${caller.partner.partnerCode.toLowerCase()}`,
      txHash: '',
      memo: '',
    },
    bankTransfer: {
      bankAccountName: recipientName ?? accountHolder(account) ?? '',
      bankAccountNumber: account,
      bankName: bankName(bankCode) ?? bankCode,
      bankCode,
      contentPayment: content,
      totalPayment: q.fiatAmount ?? q.totalPayment,
      qrUrl: endpointUrl(ctx.selfUrl(), 'sandbox.orders.qr', { externalOrderId: id }),
      expiresAt: '', // always empty (doc 1 §2.3); read the order-level expiresAt
    },
    fees: { systemFee: q.systemFee, processingFee: q.processingFee },
  };
  return commit(ctx, newRecord(caller, body, order, { now, fiat, quote: q, usd, extendInfo: body.extendInfo ?? null }), account);
}

/** Doc 1 §4.16. */
export function createCashout(ctx: SandboxContext, caller: Caller, body: Record<string, unknown>): Outcome {
  const id = String(body.externalOrderId);
  // 13 is checked before anything else (doc 1 §4.16).
  const pre = webhookProblem(caller, body.webhookSecretKey) ?? duplicateProblem(ctx, caller, id);
  if (pre) return pre;
  const info = body.extendInfo;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    return fail(18, 'extendInfo is missing: send the recipient as { "recipientName", "recipientNumber", "recipientBankCode" }');
  }
  // The recipient's members (18 when absent or "", 5 for a recipientType not recognised, 17 for
  // transferContent) were checked by the validation (validate.ts) from the catalogue, as lint checks them.
  const recipient = info as Record<string, unknown>;
  const quoted = cashoutQuote(ctx, caller, body);
  if (!quoted.ok) return quoted.outcome;
  const fiat = quoted.fiat;
  const content = typeof recipient.transferContent === 'string' ? recipient.transferContent : '';
  const bankCode = String(recipient.recipientBankCode);
  const account = String(recipient.recipientNumber);
  const problem = bankProblem(fiat, bankCode) ?? accountProblem(fiat, account);
  if (problem) return problem;
  const q = quoted.quote;
  const usd = fiatToUsd(fiat, q.totalPayment);
  const caps = capsProblem(ctx, caller, usd);
  if (caps) return caps;

  const now = ctx.clock();
  const order: OrderObject = {
    ...baseOrder('CASHOUT', id, now),
    fiatAmount: q.totalPayment,
    paidAmount: q.fiatAmount ?? 0,
    // Doc 1 §2.3: for a cashout, tokenTransfer.address, tokenTransfer.network and bankTransfer.qrUrl are null.
    tokenTransfer: { currency: q.currency, network: null, price: q.price, amount: q.tokenAmount, address: null, txHash: '', memo: '' },
    bankTransfer: {
      bankAccountName: String(recipient.recipientName),
      bankAccountNumber: account,
      bankName: bankName(bankCode) ?? bankCode,
      bankCode,
      contentPayment: content,
      totalPayment: q.fiatAmount ?? q.totalPayment,
      qrUrl: null,
      expiresAt: '',
    },
    fees: { systemFee: q.systemFee, processingFee: q.processingFee },
  };
  return commit(ctx, newRecord(caller, body, order, { now, fiat, quote: q, usd, extendInfo: info }), account);
}

/** Doc 1 §4.14: 15 for an unknown id, including another partner's order. */
export function orderDetails(ctx: SandboxContext, caller: Caller, externalOrderId: string): Outcome {
  const rec = ctx.store.state.orders[orderKey(caller.partner.partnerCode, externalOrderId)];
  if (!rec)
    return fail(
      15,
      `No order ${externalOrderId} under this partner account: check the externalOrderId and the partner (and environment) that created it`,
    );
  return ok({ ...rec.order });
}

/**
 * Moves an order (doc 1 §3.1): ERROR refunds the fund; SUCCESS and ERROR fire the webhook
 * (doc 1 §6.1). Terminal orders do not move.
 */
export function settle(ctx: SandboxContext, rec: OrderRecord, to: string, reason?: string): void {
  const status = rec.order.status;
  if (status === 'SUCCESS' || status === 'ERROR') return;
  const now = ctx.clock();
  rec.order.status = to;
  if (to === 'ERROR') {
    move(ctx.store, rec.partnerCode, rec.currency, rec.tokenAmount, 'REFUND', now, {
      externalOrderId: rec.order.externalOrderId,
      userEmail: rec.userEmail,
    });
    rec.order.descriptions = reason ?? 'The payout failed; the fund was refunded.';
  } else if (to === 'SUCCESS') {
    rec.order.descriptions = 'SUCCESS';
    rec.order.tokenTransfer.txHash = `0x${ctx.randomId(32)}`;
  } else {
    rec.order.descriptions = reason ?? '';
  }
  ctx.store.changed(['orders', orderKey(rec.partnerCode, rec.order.externalOrderId)]);
  ctx.log(`order ${rec.order.externalOrderId} -> ${to}`);
  if ((catalogue.webhook?.firesOn ?? []).includes(to) && rec.webhookSecretKey)
    ctx.deliverWebhook(rec.partnerCode, rec.order.externalOrderId);
}

/** Doc 2 §3: a forced outcome. The simulation spec (kind, allowed outcomes, resulting status) is the catalogue's. */
export function simulateOutcome(ctx: SandboxContext, caller: Caller, endpointId: string, body: Record<string, unknown>): Outcome {
  const spec = catalogue.simulations.find((s) => s.endpointId === endpointId)!;
  const orderId = String(body.orderId);
  const outcome = spec.outcomes.find((o) => o.value === body.outcome);
  if (!outcome)
    return fail(5, `outcome "${String(body.outcome)}" is not allowed here: send one of ${spec.outcomes.map((o) => o.value).join(', ')}`);
  const rec = ctx.store.state.orders[orderKey(caller.partner.partnerCode, orderId)];
  if (!rec || rec.order.type !== spec.orderType) {
    return fail(
      15,
      `No ${spec.orderType === 'SELL' ? 'scan-to-pay' : 'cashout'} order ${orderId} under this partner: check the orderId (your externalOrderId) and the endpoint`,
    );
  }
  if (rec.order.status === 'SUCCESS' || rec.order.status === 'ERROR') {
    return fail(
      5,
      `Order ${orderId} is already ${rec.order.status}, a terminal status: forced outcomes apply only to orders still in progress`,
    );
  }
  settle(
    ctx,
    rec,
    outcome.orderStatus,
    outcome.orderStatus === 'ERROR' ? 'The payout failed (forced by the sandbox); the fund was refunded.' : undefined,
  );
  return ok({ orderId, status: rec.order.status });
}
