// Shared object shapes (doc 1 §2.3-2.5, §4.7; doc 2 §2.2). A shape lists the members of `data`
// WITHOUT `signature`: where a response is signed, the endpoint's `response.signature` template
// says so and `data.signature` (string) is implied. v3 responses reuse the shapes unsigned.

import { field, int, num, obj, str, template } from './fieldBuilders';
import { KYC_STATUSES, KYC_SUPPLEMENT_STATUSES, ORDER_STATUSES } from './states';
import type { Catalogue, FieldSpec, SignedTemplate } from './types';

const nestedTypesNotShown =
  'Types of the nested members of tokenTransfer, bankTransfer and fees are not shown; the project assumes strings, and numbers for amounts and prices.';

export const ORDER_TYPES: readonly string[] = ['SELL', 'CASHOUT'];

/** Doc 1 §2.3. For a cashout, tokenTransfer.address, tokenTransfer.network and bankTransfer.qrUrl are null. */
export const orderShape: FieldSpec[] = [
  str('externalOrderId', true, { notes: "The partner's id for the order." }),
  str('type', true, { enum: ORDER_TYPES, notes: '`SELL` for scan-to-pay, not `SCAN_TO_PAY`. `CASHOUT` for a cashout.' }),
  num('fiatAmount', true, { notes: 'The fee-inclusive total charged, not the amount the merchant receives.' }),
  num('paidAmount', true, { assumption: 'The meaning of paidAmount is not shown.' }),
  str('status', true, {
    enum: ORDER_STATUSES,
    notes: 'One of the order statuses. A status a client does not recognise is treated as still in progress.',
  }),
  str('descriptions', true, { notes: 'Plural. Holds the word for success, or the failure reason.' }),
  str('createdAt', true, { notes: 'Format `YYYY-MM-DD HH:mm:ss`, in UTC+7, with no zone marker.' }),
  str('expiresAt', true, { notes: 'Creation time plus 15 minutes, same format (`YYYY-MM-DD HH:mm:ss`, UTC+7).' }),
  obj('tokenTransfer', true, {
    assumption: nestedTypesNotShown,
    members: [
      str('currency', true),
      str('network', true, { notes: 'Null for a cashout.' }),
      num('price', true),
      num('amount', true),
      str('address', true, { notes: 'Null for a cashout.' }),
      str('txHash', true),
      str('memo', true),
    ],
  }),
  obj('bankTransfer', true, {
    assumption: nestedTypesNotShown,
    members: [
      str('bankAccountName', true),
      str('bankAccountNumber', true),
      str('bankName', true),
      str('bankCode', true),
      str('contentPayment', true),
      num('totalPayment', true),
      str('qrUrl', true, { notes: 'Null for a cashout.' }),
      str('expiresAt', true, { notes: 'Always arrives empty; read expiry from the order-level `expiresAt`.' }),
    ],
  }),
  obj('fees', true, { assumption: nestedTypesNotShown, members: [num('systemFee', true), num('processingFee', true)] }),
];

/** Doc 1 §2.3: the order object's own signature, also the webhook's (doc 1 §6). */
export const orderSignature: SignedTemplate = template('externalOrderId|type|fiatAmount|status|<secretKey>');

const date = (name: string): FieldSpec => str(name, true, { format: 'date', notes: '`YYYY-MM-DD`.' });

/** Doc 1 §2.4. A REJECTED profile carries only kycStatus, kycSupplementStatus, rejectReason (and signature). */
export const kycProfileShape: FieldSpec[] = [
  str('kycStatus', true, { enum: KYC_STATUSES }),
  str('kycSupplementStatus', true, { enum: KYC_SUPPLEMENT_STATUSES, notes: 'Independent of `kycStatus`.' }),
  str('rejectReason', false, { notes: 'Only when rejected.' }),
  str('firstName', true, { notes: 'Stored uppercase, accents removed.' }),
  str('lastName', true, { notes: 'Stored uppercase, accents removed.' }),
  date('dateOfBirth'),
  date('issueDate'),
  date('expiryDate'),
  str('gender', true, { enum: ['male', 'female'] }),
  str('nationality', true, { format: 'iso-country', notes: 'ISO 3166-1 alpha-2, uppercase.' }),
  str('nationalId', true),
  str('addressLine1', true),
  str('addressLine2', true),
  str('city', true),
  str('state', true),
  str('zipCode', true),
  str('phoneNumber', true),
  str('phoneCountryCode', true, { format: 'digits-only', notes: 'Digits only, with no plus sign.' }),
  str('frontUrl', true, { notes: 'A URL, not the uploaded base64.' }),
  str('backUrl', false, { notes: 'A URL. Absent for a passport.' }),
  str('holdUrl', true, { notes: 'A URL, not the uploaded base64.' }),
];

/** Doc 1 §2.3a. Types are not shown (doc 1 §4.2). */
export const fundBalanceShape: FieldSpec[] = [
  num('balance', true, { assumption: 'Type not shown; the project uses a number.' }),
  str('currency', true, { assumption: 'Type not shown; the project uses a string such as `USDT`.' }),
];

/** Doc 1 §2.5 price entry. The four bounds are optional and may be absent. */
export const priceEntryShape: FieldSpec[] = [
  str('name', true),
  num('price', true),
  num('minSell', false),
  num('maxSell', false),
  num('minBuy', false),
  num('maxBuy', false),
];

/** Doc 1 §4.9 response `data` (minus signature). The token list is not signed. */
export const priceListShape: FieldSpec[] = [
  str('network', true, { notes: 'Echoed.' }),
  field('currencies', 'array', true, { items: 'object', members: priceEntryShape, notes: 'Price entries. Not covered by the signature.' }),
];

/** Doc 1 §2.5 bank entry. */
export const bankEntryShape: FieldSpec[] = [str('bankCode', true), str('bankName', true), str('logo', true)];

/** Doc 1 §4.10 response `data` (minus signature). */
export const bankListShape: FieldSpec[] = [
  field('banks', 'array', true, {
    items: 'object',
    members: bankEntryShape,
    notes:
      'Not covered by the signature. An empty list after `success: true` is a temporary interruption: retry, do not conclude the currency has no banks.',
  }),
];

export const QR_COUNTRY_CODES: readonly string[] = ['VN', 'PH', 'TH', 'GE', 'BR', 'AR', 'PE'];
export const QR_TYPES: readonly string[] = [
  'vietqr',
  'ph.ppmi.p2m',
  'com.p2pqrpay',
  'thailand.pwc',
  'qris',
  'georgia.customer.k',
  'PIX',
  'QR3',
];

/** Doc 1 §4.7 response `data`. Not signed. */
export const qrInfoShape: FieldSpec[] = [
  str('bankCode', true, { notes: 'Passed as-is to create-sell-order.' }),
  str('bankName', true),
  str('bankAccountNumber', true, { notes: 'Passed as-is to create-sell-order.' }),
  str('recipientName', true, { notes: 'Goes into create-sell-order `extendInfo`; keep it as received.' }),
  str('countryCode', true, { enum: QR_COUNTRY_CODES }),
  num('amount', false, { notes: 'Present only if the QR fixes an amount.' }),
  str('content', true),
  str('qrType', true, { enum: QR_TYPES }),
  obj('additionalData', true, {
    notes: 'Opaque; its shape depends on the QR type. Pass it through verbatim into create-sell-order `extendInfo`.',
  }),
];

/** Doc 2 §2.2. */
export const accessTokenShape: FieldSpec[] = [
  str('accessToken', true, { notes: 'Bearer token, valid for 60 minutes. A secret: never shown or logged.' }),
  int('expiresAt', true, { notes: 'Unix seconds. When the token nears it, repeat the exchange.' }),
];

export const shapes: Catalogue['shapes'] = {
  order: orderShape,
  'kyc-profile': kycProfileShape,
  'fund-balance': fundBalanceShape,
  'price-list': priceListShape,
  'bank-list': bankListShape,
  'qr-info': qrInfoShape,
  'access-token': accessTokenShape,
};

/** Doc 1 §2.2: the response envelope of every `/api/v2` endpoint. */
export const v2EnvelopeShape: FieldSpec[] = [
  field('success', 'boolean', true, { notes: '`true` on success, `false` on a business error. Branch on this and `semanticCode`.' }),
  str('message', true, { notes: 'English text, whatever the `lang` header says. Literally `msg.66` / `msg.67` for those codes.' }),
  obj('data', true, { notes: 'Null on an error, except error 12, where it holds the order. On success it carries `signature`.' }),
  num('errorCode', true, { notes: '0 on success.' }),
  str('semanticCode', true, { notes: '`SUCCESS` on success. Branch on this field.' }),
];
