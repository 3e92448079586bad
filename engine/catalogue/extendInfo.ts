// The `extendInfo` rules of doc 1 §4.13 (create-sell-order, by fiatCurrency) and §4.16
// (create-cashout recipient), as data plus the two lookups the document's wording implies.

import { obj, str } from './fieldBuilders';
import type { FieldSpec, SellExtendInfoRule } from './types';

/** BRL, ARS and PEN keys are read in this fixed order; the first one present wins. */
export const SELL_EXTEND_INFO_READ_ORDER: readonly string[] = ['BR', 'AR', 'PE'];

/** Keys the service accepts and never reads. */
export const SELL_EXTEND_INFO_IGNORED_KEYS: readonly string[] = ['ID', 'TH', 'VN'];

const latamNote =
  'Required in practice. The keys are read in the fixed order BR, AR, PE; the first one present wins, whatever `fiatCurrency` was sent. Send exactly the one key matching `fiatCurrency`.';
const latamAssumption = 'The error for a missing key is not shown; the project (lint, sandbox) answers 18 INVALID_BANK_ACCOUNT.';

export const sellExtendInfoRules: SellExtendInfoRule[] = [
  {
    fiatCurrencies: ['PHP'],
    key: 'PH',
    required: true,
    missingKeyErrorCode: 44,
    requiredMembers: [
      { name: 'recipientName', errorCode: 18 },
      { name: 'additionalData', errorCode: 44 },
    ],
    rejections: [{ condition: '`recipientName` and the account number are both all digits', errorCode: 18 }],
    notes:
      '`recipientName` required; rejected when it and the account number are both all digits. A PHP QR order missing its `additionalData` fails with 44.',
    assumption:
      'The error for a missing PH key is not shown; the project answers 44 INVALID_PAYMENT_INFO (a PHP payout lacking recipientName or additionalData).',
  },
  { fiatCurrencies: ['GEL'], key: 'GE', required: true, missingKeyErrorCode: 1, notes: 'Required. Omitting it fails with 1.' },
  { fiatCurrencies: ['BRL'], key: 'BR', required: 'in-practice', missingKeyErrorCode: 18, notes: latamNote, assumption: latamAssumption },
  { fiatCurrencies: ['ARS'], key: 'AR', required: 'in-practice', missingKeyErrorCode: 18, notes: latamNote, assumption: latamAssumption },
  { fiatCurrencies: ['PEN'], key: 'PE', required: 'in-practice', missingKeyErrorCode: 18, notes: latamNote, assumption: latamAssumption },
  { fiatCurrencies: ['VND', 'NGN', '*'], key: null, required: false, notes: 'VND, NGN, others: send `extendInfo: null`.' },
];

/** The rule for a fiatCurrency (create-sell-order's default fiatCurrency is VND). */
export function sellExtendInfoRuleFor(fiatCurrency: string): SellExtendInfoRule {
  return (
    sellExtendInfoRules.find((r) => r.fiatCurrencies.includes(fiatCurrency)) ??
    sellExtendInfoRules.find((r) => r.fiatCurrencies.includes('*'))!
  );
}

/** Which of BR/AR/PE the service reads from an extendInfo object: the first present, in fixed order. */
export function sellExtendInfoKeyRead(extendInfo: Record<string, unknown>): string | undefined {
  return SELL_EXTEND_INFO_READ_ORDER.find((k) => extendInfo[k] !== undefined && extendInfo[k] !== null);
}

const countryKeyMembers = (): FieldSpec[] => [
  str('recipientName', false, { notes: 'Verbatim from the QR decoding (get-qr-code-info).' }),
  obj('additionalData', false, { notes: 'Verbatim from the QR decoding; opaque, shape depends on the QR type.' }),
];

/** Members of create-sell-order `extendInfo`: `qrType` and one country-key object. */
export const sellExtendInfoMembers: FieldSpec[] = [
  str('qrType', false, { notes: 'The QR type from the decoding.' }),
  ...[...new Set(sellExtendInfoRules.flatMap((r) => (r.key ? [r.key] : [])))].map((key) => {
    const rule = sellExtendInfoRules.find((r) => r.key === key)!;
    return obj(key, 'by-currency', {
      requiredNote: `For fiatCurrency ${rule.fiatCurrencies.join(', ')}: ${rule.notes}`,
      members: countryKeyMembers(),
    });
  }),
  ...SELL_EXTEND_INFO_IGNORED_KEYS.map((key) => obj(key, false, { notes: 'Accepted and never read.', members: countryKeyMembers() })),
];

/** Not shown by the document; the project's choice, easy to change here. */
export const CASHOUT_RECIPIENT_TYPES: readonly string[] = ['PERSONAL', 'BUSINESS'];

/** Doc 1 §4.16 create-cashout `extendInfo`: the recipient, outside the signature. */
/** Decision: a recipient member absent, null or "" leaves the account unverifiable: 18, as for extendInfo missing. */
const NO_RECIPIENT = {
  code: 18,
  source: '000 line 468 (18: "extendInfo missing, or account not verified")',
  assumption: 'A required recipient member that is absent, null or "" is refused like a missing extendInfo: 18 INVALID_BANK_ACCOUNT.',
};
const recipient = { refusals: { missing: NO_RECIPIENT, null: NO_RECIPIENT, empty: NO_RECIPIENT } };

export const cashoutExtendInfoMembers: FieldSpec[] = [
  str('recipientName', true, recipient),
  str('recipientNumber', true, { notes: 'Bank account number.', ...recipient }),
  str('recipientBankCode', true, { notes: 'From the bank list.', errorCode: 56, ...recipient }),
  str('transferContent', false, { format: 'unaccented', errorCode: 17, notes: 'Unaccented letters only, where the provider checks it.' }),
  str('recipientType', false, {
    enum: CASHOUT_RECIPIENT_TYPES,
    errorCode: 5,
    notes: 'If sent it must be a recognised value, otherwise 5.',
    assumption: 'The recognised values are not shown; the project assumes PERSONAL and BUSINESS.',
  }),
];
