// Decodes the merchant-presented QR strings a scanner reads into the result of
// GET /api/v2/public/get-qr-code-info (doc 1 §4.7). Formats are told apart by the globally
// unique identifier (sub-record 00) of their merchant account template, or by the country record
// (58) where the sandbox knows the country but not a published identifier (docs/sandbox.md).

import { parseEmv, type EmvPayload } from './emv';

export interface QrInfo {
  bankCode: string;
  bankName: string;
  bankAccountNumber: string;
  recipientName: string;
  countryCode: string;
  amount?: number;
  content: string;
  qrType: string;
  additionalData: Record<string, unknown>;
}

export type QrDecodeResult = { ok: true; info: QrInfo } | { ok: false; reason: string };

/** Looks a bank's display name up; the sandbox passes its own bank directory in. */
export type BankNameLookup = (bankCode: string) => string | undefined;

interface Recognised {
  qrType: string;
  country: string;
  bankCode: string;
  bankAccountNumber: string;
  bankName?: string;
  template: { id: string; sub: Map<string, string> };
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase();

function recognise(p: EmvPayload): Recognised | string {
  const country = p.fields.get('58') ?? '';
  for (const t of p.merchantAccounts) {
    const guid = lower(t.sub.get('00'));
    if (guid === 'a000000727') {
      // VietQR (NAPAS): sub 01 is itself a template: 00 acquirer BIN, 01 account or card number.
      const beneficiary = t.sub.get('01');
      if (!beneficiary) return 'its VietQR template has no beneficiary record (38/01)';
      const b = parseEmvSub(beneficiary);
      const bin = b.get('00');
      const account = b.get('01');
      if (!bin || !account) return 'its VietQR beneficiary record lacks the bank BIN (00) or the account (01)';
      return { qrType: 'vietqr', country: 'VN', bankCode: bin, bankAccountNumber: account, template: t };
    }
    if (guid === 'ph.ppmi.p2m' || guid === 'com.p2pqrpay') {
      // QR Ph: 01 is the institution's BIC; the account sits in 04 (P2P) or 03 (merchant id).
      const bic = t.sub.get('01');
      const account = t.sub.get('04') ?? t.sub.get('03') ?? t.sub.get('02');
      if (!bic || !account) return `its QR Ph template (${t.id}) lacks the institution code (01) or the account (03/04)`;
      return { qrType: guid, country: 'PH', bankCode: bic, bankAccountNumber: account, template: t };
    }
    if (guid === 'a000000677010111' || guid === 'a000000677010112') {
      // Thai PromptPay: credit transfer to a mobile (01), tax id (02) or e-wallet (03); bill payment biller id (01).
      const proxy = t.sub.get('01') ?? t.sub.get('02') ?? t.sub.get('03');
      if (!proxy) return 'its PromptPay template has no proxy id (01/02/03)';
      return { qrType: 'thailand.pwc', country: 'TH', bankCode: 'PROMPTPAY', bankName: 'PromptPay', bankAccountNumber: proxy, template: t };
    }
    if (guid === 'br.gov.bcb.pix') {
      const key = t.sub.get('01') ?? t.sub.get('25');
      if (!key) return 'its PIX template has neither a key (01) nor a payload URL (25)';
      return { qrType: 'PIX', country: 'BR', bankCode: 'PIX', bankName: 'PIX', bankAccountNumber: key, template: t };
    }
    if (guid.startsWith('id.co.') || guid.startsWith('id.or.')) {
      // QRIS: 01 is the merchant PAN, whose first 8 digits are the acquirer's national number.
      const pan = t.sub.get('01');
      if (!pan) continue; // the 51 "ID.CO.QRIS.WWW" template carries only the NMID; the acquirer template has the PAN
      return { qrType: 'qris', country: country || 'ID', bankCode: pan.slice(0, 8), bankAccountNumber: pan, template: t };
    }
  }
  // Countries whose national QR the service lists but whose identifiers the sandbox does not know
  // in detail: any EMV merchant template of that country is taken as that country's format.
  const first = p.merchantAccounts[0];
  if (first && (country === 'GE' || country === 'AR' || country === 'PE')) {
    const account = first.sub.get('01') ?? first.sub.get('02') ?? '';
    if (!account) return `its merchant account template (${first.id}) has no account record (01)`;
    return {
      qrType: country === 'GE' ? 'georgia.customer.k' : 'QR3',
      country,
      bankCode: first.sub.get('00') ?? first.id,
      bankAccountNumber: account,
      template: first,
    };
  }
  return p.merchantAccounts.length
    ? `no supported QR format uses the merchant account identifier ${p.merchantAccounts.map((t) => t.sub.get('00') ?? t.id).join(', ')}`
    : 'it carries no merchant account template (records 26-51)';
}

function parseEmvSub(value: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i + 4 <= value.length) {
    const id = value.slice(i, i + 2);
    const len = Number(value.slice(i + 2, i + 4));
    if (!Number.isInteger(len)) break;
    out.set(id, value.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

export function decodeQr(content: string, bankName: BankNameLookup): QrDecodeResult {
  let p: EmvPayload;
  try {
    p = parseEmv(content);
  } catch (e) {
    return { ok: false, reason: `the QR content is not a readable EMV merchant QR: ${(e as Error).message}` };
  }
  const r = recognise(p);
  if (typeof r === 'string') return { ok: false, reason: `the QR format is not supported: ${r}` };
  const info: QrInfo = {
    bankCode: r.bankCode,
    bankName: r.bankName ?? bankName(r.bankCode) ?? r.bankCode,
    bankAccountNumber: r.bankAccountNumber,
    recipientName: p.fields.get('59') ?? '',
    countryCode: p.fields.get('58') || r.country,
    content: p.additional.get('08') ?? p.additional.get('05') ?? '',
    qrType: r.qrType,
    additionalData: {
      merchantAccountId: r.template.id,
      merchantAccount: Object.fromEntries(r.template.sub),
      pointOfInitiation: p.fields.get('01') === '12' ? 'DYNAMIC' : 'STATIC',
      merchantCategoryCode: p.fields.get('52') ?? null,
      transactionCurrency: p.fields.get('53') ?? null,
      merchantCity: p.fields.get('60') ?? null,
      additional: Object.fromEntries(p.additional),
    },
  };
  const amount = p.fields.get('54');
  if (amount !== undefined) {
    const n = Number(amount);
    if (!Number.isFinite(n) || n <= 0) return { ok: false, reason: `the QR amount record (54) "${amount}" is not a positive number` };
    info.amount = n;
  }
  return { ok: true, info };
}
