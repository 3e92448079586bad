// The signed API of doc 1 (§4.1-4.16), under `{{base_url}}/api/v2`. Field notes are the
// document's words; `assumption` marks where it says "not shown" and the project chose.

import { bool, num, obj, signatureField, str, template } from './fieldBuilders';
import { cashoutExtendInfoMembers, sellExtendInfoMembers } from './extendInfo';
import { BANK_VERIFY_FIAT_CURRENCIES, CASHOUT_CEILING_ASSUMPTION } from './limits';
import { orderSignature } from './shapes';
import { KYC_STATUSES } from './states';
import type { Endpoint, FieldSpec } from './types';

/** Doc 1 §4.0 and §5: how every `/api/v2` request is sent. */
export const v2Conventions = {
  /** Rule 1 and §5.9: required on every signed endpoint. */
  contentType: 'application/json',
  /** §5.9: accepted and ignored; messages are always English. */
  ignoredHeaders: ['lang'] as readonly string[],
  /** §5.3: RSA-SHA256, PKCS#1 v1.5, base64, in the body field `signature`; PSS is rejected with 2. */
  signatureAlgorithm: 'RSA-SHA256 PKCS#1 v1.5' as const,
  signatureField: 'signature',
  /** §4.0 rule 6: `<secretKey>` is appended directly after the final pipe. */
  secretPlaceholder: '<secretKey>',
  /**
   * §4.0 rule 5 says how an omitted field is signed (`undefined`), not an explicit `null`. The project
   * (signing, the local sandbox) prints it as `${value}` does: the text `null`.
   */
  explicitNull: {
    signedAs: 'null',
    assumption:
      'The document does not say how an explicit `null` is signed; payout-http and the local sandbox sign it as the text `null`, as `${value}` prints it.',
  },
};

/** Decision: a partnerCode absent, null, not a string or `""` names no partner, so 4 like an unknown one. */
const NO_PARTNER = {
  code: 4,
  source: '000 line 508 (§7: 4 "Unknown partnerCode")',
  assumption: 'A partnerCode that is absent, null, not a string or "" names no partner: 4 PARTNER_NOT_FOUND, like an unknown one.',
};
const partnerCode = (): FieldSpec =>
  str('partnerCode', true, {
    notes: 'Identifies the partner. Unknown codes fail with 4.',
    errorCode: 4,
    refusals: { missing: NO_PARTNER, null: NO_PARTNER, type: NO_PARTNER, empty: NO_PARTNER },
  });
const userEmail = (notes = "The user's identity."): FieldSpec => str('userEmail', true, { format: 'email', errorCode: 27, notes });
const externalOrderId = (): FieldSpec =>
  str('externalOrderId', true, { notes: 'Unique id and idempotency key. A repeat returns 11.', errorCode: 11 });
const fiatCurrencyDefaultVnd = (notes = 'Default `VND`.'): FieldSpec => str('fiatCurrency', false, { default: 'VND', notes });
const webhookSecretKey = (notes: string): FieldSpec => str('webhookSecretKey', false, { errorCode: 13, notes });
const kycStatusResponse = (notes: string): FieldSpec => str('kycStatus', true, { enum: KYC_STATUSES, notes });

const imageRule = { format: 'data-url-image', errorCode: 58 } as const;
const dateRule = { format: 'date', notes: '`YYYY-MM-DD`.' } as const;

/** Doc 1 §4.3 fields other than partnerCode, userEmail and signature; reused by the supplement and v3. */
export const kycDocumentFields: FieldSpec[] = [
  str('firstName', true, { notes: 'Stored uppercase, accents removed.' }),
  str('lastName', true, { notes: 'Stored uppercase, accents removed.' }),
  str('nationality', true, {
    format: 'iso-country',
    errorCode: 5,
    notes: 'ISO 3166-1 alpha-2, uppercase. Checked against a list.',
    assumption: 'The error for a nationality not on the list is not shown; the project uses 5 INVALID_REQUEST_DATA.',
  }),
  str('type', true, { enum: ['PASSPORT', 'ID_CARD', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT'] }),
  str('nationalId', true, {
    errorCode: 52,
    notes: "Format not checked. One that belongs to another of the partner's users is rejected with 52.",
  }),
  str('dateOfBirth', true, dateRule),
  str('gender', false, { enum: ['male', 'female'] }),
  str('issueDate', false, dateRule),
  str('expiryDate', true, {
    ...dateRule,
    notes: '`YYYY-MM-DD`. Not checked against today. For a document that never expires, send its issue date.',
  }),
  str('frontIdImage', true, {
    ...imageRule,
    notes: 'Base64 data URL with prefix, e.g. `data:image/jpeg;base64,<DATA>`. A bare base64 string is rejected with 58.',
  }),
  str('backIdImage', 'unless-passport', {
    ...imageRule,
    ignoredWhen: { field: 'type', equals: 'PASSPORT', source: '000 line 192 ("Ignored for a passport")' },
    requiredNote: 'Required unless `type` is PASSPORT. Omitting it for another type returns 58, not 5; `data.invalid` names the document.',
    notes: 'Ignored for a passport. Base64 data URL with prefix.',
  }),
  str('holdIdImage', true, { ...imageRule, notes: 'Selfie as a base64 data URL.' }),
  str('kycReport', true, { format: 'data-url-pdf', errorCode: 58, notes: 'PDF as a data URL, `data:application/pdf;base64,<DATA>`.' }),
  str('addressLine1', false),
  str('addressLine2', false),
  str('city', false),
  str('state', false, { notes: 'Falls back to `city` if empty.' }),
  str('zipCode', false),
  str('phoneNumber', false),
  str('phoneCountryCode', false, {
    format: 'calling-code',
    errorCode: 5,
    notes: 'Digits only, no plus sign. Checked against a list of calling codes.',
    assumption:
      'The list of calling codes and the error for a code not on it are not shown (000 line 198); the project checks the ITU-T E.164 country codes (no leading zero) and answers 5 INVALID_REQUEST_DATA.',
  }),
];

// Doc 1 §4.4: every submit-kyc field is optional in a supplement, same format and meaning.
const supplementFields: FieldSpec[] = kycDocumentFields.map(({ requiredNote: _n, ...f }) => ({
  ...f,
  required: false,
  notes: f.name === 'type' ? 'Switching to `PASSPORT` clears the stored back image; a `backIdImage` sent with it is ignored.' : f.notes,
}));

// `fiatAmountAlways`: false for review-sell-order, whose fiatAmount is absent when quoted by tokenAmount.
export const reviewResponseFields = (fiatAmountAlways: boolean, fiatAmountNotes: string): FieldSpec[] => [
  num('fiatAmount', fiatAmountAlways, { notes: fiatAmountNotes }),
  str('currency', true),
  num('price', true),
  num('tokenAmount', true, { notes: 'Crypto to be debited.' }),
  num('totalPayment', true),
  num('processingFee', true),
  num('systemFee', true),
];
const reviewSignature = (notes?: string[]) => template('fiatAmount|currency|price|tokenAmount|totalPayment|<secretKey>', {}, notes);

/** Doc 1 §4.12 request fields (v3 quotes reuse them). */
export const reviewSellOrderFields: FieldSpec[] = [
  partnerCode(),
  str('currency', true, { notes: 'The crypto sold, e.g. `USDT`.' }),
  num('fiatAmount', false, { notes: 'The fiat the merchant receives. Signed; an omitted fiatAmount is signed as the literal `0`.' }),
  num('tokenAmount', false, { notes: 'Quote from the crypto side. Not signed.' }),
  fiatCurrencyDefaultVnd('Default `VND`. Not signed.'),
  str('userEmail', false, {
    format: 'email',
    errorCode: 27,
    notes: 'Not signed here (it is signed in create-sell-order).',
    assumption:
      'The document does not say whether an optional, unsigned userEmail is checked here (000 line 345); the project refuses a malformed one with 27 USER_EMAIL_INVALID, as everywhere else.',
  }),
  signatureField(),
];

/** Doc 1 §4.13 request fields. */
export const createSellOrderFields: FieldSpec[] = [
  partnerCode(),
  externalOrderId(),
  str('currency', true, { notes: 'Crypto to debit, e.g. `USDT`.' }),
  userEmail('Must be KYC-verified.'),
  str('bankCode', true, { errorCode: 56, notes: 'From the QR decoding or the bank list.' }),
  str('content', true, { format: 'unaccented', errorCode: 17, notes: 'Transfer remark: unaccented letters, no special characters.' }),
  str('bankAccountNumber', true, {
    notes: 'Signed. An omitted bankAccountNumber is not rejected as missing; it is signed as `undefined`.',
    refusals: {
      missing: {
        code: 18,
        source: '000 line 356 ("not rejected as missing; it is signed as `undefined`"), line 400 (18: "The account could not be verified")',
        assumption:
          'An omitted (or null) bankAccountNumber is signed as `undefined`, an account that cannot be verified: 18 INVALID_BANK_ACCOUNT.',
      },
      empty: {
        code: 18,
        source: '000 line 400 (18: "The account could not be verified")',
        assumption: 'A bankAccountNumber sent as "" names no account to verify: 18 INVALID_BANK_ACCOUNT, as when it is omitted.',
      },
    },
  }),
  num('fiatAmount', false, { notes: 'The fiat the merchant receives. Signed; an omitted fiatAmount is signed as `0`.' }),
  fiatCurrencyDefaultVnd(),
  webhookSecretKey('Without it the order settles silently and is read through orders/details.'),
  obj('extendInfo', 'by-currency', {
    requiredNote:
      'Depends on fiatCurrency: PHP needs `PH`, GEL needs `GE`, BRL/ARS/PEN need `BR`/`AR`/`PE` in practice; VND, NGN and others send `extendInfo: null`.',
    notes:
      'Decoded QR data. Not signed. Holds `qrType` and one country-key object with `recipientName` and `additionalData`, verbatim from the QR decoding.',
    members: sellExtendInfoMembers,
  }),
  signatureField(),
];

/** Doc 1 §4.15 request fields. */
export const reviewCashoutFields: FieldSpec[] = [
  partnerCode(),
  userEmail('The end user.'),
  str('fiatCurrency', true, { enum: ['VND', 'PHP', 'IDR'] }),
  num('fiatAmount', true, { notes: 'What the recipient receives.', assumption: CASHOUT_CEILING_ASSUMPTION }),
  str('cryptoCurrency', true, { notes: 'Crypto to debit, e.g. `USDT`.' }),
  signatureField(),
];

/** Doc 1 §4.16 request fields. */
export const createCashoutFields: FieldSpec[] = [
  partnerCode(),
  externalOrderId(),
  userEmail('Must be KYC-verified.'),
  str('cryptoCurrency', true, { notes: 'Crypto to debit, e.g. `USDT`.' }),
  str('fiatCurrency', true, {
    notes: 'Omission is not rejected as missing: it is signed as `undefined` and the order fails with 46. No default is applied.',
    refusals: {
      missing: { code: 46, source: '000 line 442 ("signed as `undefined` and the order then fails with 46")' },
    },
  }),
  num('fiatAmount', true, {
    notes: 'Omission is not rejected as missing: it is signed as `undefined` and the order fails with 46. No default is applied.',
    assumption: CASHOUT_CEILING_ASSUMPTION,
    refusals: {
      missing: { code: 46, source: '000 line 442 ("signed as `undefined` and the order then fails with 46")' },
    },
  }),
  obj('extendInfo', true, {
    errorCode: 18,
    notes: 'The recipient. Outside the signature.',
    members: cashoutExtendInfoMembers,
    refusals: {
      missing: { code: 18, source: '000 line 468 (18: "extendInfo missing")' },
      null: { code: 18, source: '000 line 468 (18: "extendInfo missing")' },
    },
  }),
  webhookSecretKey('Without it the order settles silently.'),
  signatureField(),
];

/** Doc 1 §4.3 request fields. */
export const submitKycFields: FieldSpec[] = [partnerCode(), userEmail(), signatureField(), ...kycDocumentFields];

const kycCodes = [34, 59, 60, 61, 62, 64];
const reviewCashoutErrors = [46, 24, 25, 16, 7, 9, ...kycCodes];

export const payoutV2Endpoints: Endpoint[] = [
  {
    id: 'v2.account.verify',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/account/verify',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Check the partner account (safe health check)',
    source: 'doc 1 §4.1',
    notes: [
      'Checks that the partner code exists, the signature validates, the account is active and the IP is allowlisted. It changes nothing and is safe as a health check.',
    ],
    body: [partnerCode(), signatureField()],
    signedString: template('partnerCode|<secretKey>'),
    response: {
      fields: [
        str('name', true, { notes: 'Partner name.' }),
        str('email', true, { notes: 'Account email.' }),
        str('status', true, { enum: ['ACTIVE'], notes: 'Always `ACTIVE` on success; a non-active partner gets error 3.' }),
      ],
      signature: template('name|email|status|<secretKey>'),
    },
    errors: [],
  },
  {
    id: 'v2.wallet.balance',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/wallet/balance',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Balance of the crypto funding account',
    source: 'doc 1 §4.2',
    body: [
      partnerCode(),
      str('currency', true, {
        notes: 'The fund currency, e.g. `USDT`.',
        assumption: 'Types, required flags and allowed currency values are not shown; the project treats currency as a required string.',
      }),
      signatureField(),
    ],
    signedString: template('partnerCode|currency|<secretKey>'),
    response: { shape: 'fund-balance', signature: template('balance|currency|<secretKey>') },
    errors: [],
    assumption: 'Types, required flags, allowed currency values and endpoint-specific errors are not shown.',
  },
  {
    id: 'v2.user.submit-kyc',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/user/submit-kyc',
    base: 'base_url',
    auth: 'signed-v2',
    title: "Submit a user's KYC",
    source: 'doc 1 §4.3',
    notes: [
      'Every user is verified in full.',
      'A bare base64 string without the data URL prefix is rejected with 58. A submission missing a required field returns 5, and the message names what is missing.',
    ],
    body: submitKycFields,
    signedString: template('partnerCode|userEmail|nationality|<secretKey>'),
    response: {
      fields: [num('id', true, { notes: 'The KYC record id, distinct from nationalId.' }), kycStatusResponse('`PROCESSING`.')],
      signature: template('id|kycStatus|<secretKey>'),
    },
    errors: [27, 35, 52, 58],
    errorNotes: {
      5: 'A required field is missing; the message names it.',
      35: 'A submission is already in flight.',
      52: "Already verified, or nationalId belongs to another of the partner's users.",
      58: 'A document is not a base64 data URL with prefix, or backIdImage is missing for a non-passport type (`data.invalid` names the document).',
    },
  },
  {
    id: 'v2.user.submit-kyc-supplement',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/user/submit-kyc-supplement',
    base: 'base_url',
    auth: 'signed-v2',
    title: "Patch a VERIFIED user's KYC profile",
    source: 'doc 1 §4.4',
    notes: [
      "Patches a VERIFIED user's profile. Fields not sent keep their values. Sending no patchable field returns 5. A user who was never verified has nothing to supplement and uses submit-kyc.",
      'Each image sent replaces the stored one.',
      'Switching `type` to `PASSPORT` clears the stored back image; a `backIdImage` sent with it is ignored.',
      "A `nationalId` already held by another of the partner's users is rejected with 52.",
    ],
    body: [partnerCode(), userEmail('Identifies the profile.'), signatureField(), ...supplementFields],
    requiresOneOf: {
      fields: supplementFields.map((f) => f.name),
      code: 5,
      source: '000 line 208 ("Sending no patchable field returns 5"); a null is no value (the `null` decision)',
    },
    signedString: template('partnerCode|userEmail|<secretKey>', {}, ['The signed string does not cover the patched fields.']),
    response: {
      fields: [
        num('id', true),
        kycStatusResponse('The unchanged main status.'),
        str('kycSupplementStatus', true, { enum: ['SUBMITTED'], notes: '`SUBMITTED`.' }),
      ],
      signature: template('id|kycStatus|<secretKey>', {}, ['Signed using the main status.']),
    },
    errors: [27, 50, 52, 58],
    errorNotes: { 5: 'No patchable field sent.', 50: 'No such user or no KYC profile.', 58: 'The message names the document.' },
  },
  {
    id: 'v2.user.get-kyc-information',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/user/get-kyc-information',
    base: 'base_url',
    auth: 'signed-v2',
    title: "Read a user's KYC profile",
    source: 'doc 1 §4.5',
    body: [partnerCode(), userEmail(), signatureField()],
    signedString: template('partnerCode|userEmail|<secretKey>'),
    response: {
      shape: 'kyc-profile',
      signature: template('nationalId|kycStatus|<secretKey>', {}, [
        'A REJECTED profile returns only `kycStatus`, `kycSupplementStatus`, `rejectReason` and `signature`; its signed string has the literal text `undefined` in the nationalId segment: `undefined|REJECTED|<secretKey>`.',
        'A rejected profile arrives in a success envelope; the outcome is in `kycStatus`.',
      ]),
    },
    errors: [50],
    errorNotes: { 50: 'The user does not exist or never submitted KYC.' },
  },
  {
    id: 'v2.user.check-access-service',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/user/check-access-service',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'May a user use a service in a currency?',
    source: 'doc 1 §4.6',
    notes: ['Intended to be called before quoting. Branch on `success`, not on `data.access`.'],
    body: [
      partnerCode(),
      userEmail(),
      str('fiatCurrency', true, { notes: 'Not enforced against a list.' }),
      str('service', true, { enum: ['SCAN_TO_PAY', 'ON_RAMP', 'OFF_RAMP'] }),
      signatureField(),
    ],
    signedString: template('partnerCode|userEmail|fiatCurrency|service|<secretKey>'),
    response: {
      fields: [bool('access', true, { notes: '`true` on success.' })],
      signature: template('access|<secretKey>', {}, ['That is `true|<secretKey>`.']),
    },
    errors: [34, 59],
    errorNotes: { 34: 'No profile or not VERIFIED.', 59: 'Nationality missing or blocked for this service and currency.' },
  },
  {
    id: 'v2.public.get-qr-code-info',
    api: 'payout-v2',
    method: 'GET',
    path: '/api/v2/public/get-qr-code-info',
    base: 'base_url',
    auth: 'public',
    title: 'Decode a merchant QR code (public)',
    source: 'doc 1 §4.7',
    notes: [
      'Public: no signature, no `partnerCode`, and none of the shared signature errors apply. No response signature.',
      '`additionalData` and `recipientName` are what create-sell-order takes in `extendInfo`. Keep them as received.',
    ],
    query: [str('qrContent', true, { notes: 'The raw string the scanner read.' })],
    response: { shape: 'qr-info' },
    errors: [33, 1],
    errorNotes: { 33: 'Unreadable or unsupported format.' },
  },
  {
    id: 'v2.public.generate-philippines-qrcode',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/public/generate-philippines-qrcode',
    base: 'base_url',
    auth: 'public',
    title: 'Sandbox helper: make a Philippine QR code to decode (public)',
    source: 'doc 1 §4.8',
    notes: ['Sandbox helper that produces a Philippine QR code to decode. Public and unsigned, but it validates its input.'],
    body: [
      num('amount', true, {
        minimum: 200,
        errorCode: 5,
        notes: 'Minimum 200.',
        assumption: 'Errors of this endpoint are not shown; the project answers 5 INVALID_REQUEST_DATA for an amount below 200 or missing.',
      }),
    ],
    response: { fields: [str('qrContent', true, { notes: 'The raw QR string to feed into get-qr-code-info.' })] },
    errors: [5],
  },
  {
    id: 'v2.orders.prices',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/orders/prices',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Crypto prices and sell limits',
    source: 'doc 1 §4.9',
    notes: [
      'Limits vary by currency and payment provider and are read here rather than hard-coded. Prices are cached up to 10 minutes; quote with review-sell-order before committing.',
    ],
    body: [
      partnerCode(),
      str('currencies', true, { format: 'comma-list', notes: 'Comma-separated, e.g. `USDT,ETH,BTC`. Signed verbatim, so order matters.' }),
      str('network', true, {
        enum: ['ERC20', 'TRC20', 'TON'],
        errorCode: 6,
        assumption:
          'The answer to a network not on the list is not shown (6 is documented for a token not supported on the network); the project and the local sandbox answer 6 TOKEN_NOT_SUPPORTED_ON_NETWORK.',
      }),
      fiatCurrencyDefaultVnd('Default `VND`. Not signed.'),
      str('service', false, {
        default: 'SELL',
        enum: ['SELL', 'BUY'],
        errorCode: 14,
        notes: 'Default `SELL`, the value scan-to-pay quotes under. Not signed.',
        assumption:
          'The service values are not listed (000 line 295 names only the default SELL); the project takes SELL and BUY (the sell and buy limits of a price entry) and answers 14 UNKNOWN_SERVICE_TYPE for any other.',
      }),
      signatureField(),
    ],
    signedString: template('partnerCode|currencies|network|<secretKey>', {}, ['`fiatCurrency` and `service` are not signed.']),
    response: { shape: 'price-list', signature: template('network|<secretKey>', {}, ['The token list is not signed.']) },
    errors: [6, 14, 46],
  },
  {
    id: 'v2.bank.get-supported-banks',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/bank/get-supported-banks',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Banks supported for a fiat currency',
    source: 'doc 1 §4.10',
    notes: [
      'A temporary interruption at the banking partner can produce `success: true` with an empty `banks` array. An empty list is treated as a fetch to retry, not as the currency having no banks.',
    ],
    body: [partnerCode(), fiatCurrencyDefaultVnd('Default `VND`. Not signed.'), signatureField()],
    signedString: template('partnerCode|<secretKey>'),
    response: {
      shape: 'bank-list',
      signature: template('<secretKey>', {}, ['Signed over `<secretKey>` alone; the bank list is not covered by it.']),
    },
    errors: [],
  },
  {
    id: 'v2.bank.account.verify',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/bank/account/verify',
    base: 'base_url',
    auth: 'signed-v2',
    title: "Resolve a bank account number to its holder's name",
    source: 'doc 1 §4.11',
    notes: [
      'For VND every verification failure, including an unsupported bank, is reported as 1; check the bankCode and account number first.',
    ],
    body: [
      partnerCode(),
      str('bankCode', true),
      str('bankAccountNumber', true),
      str('fiatCurrency', false, {
        default: 'VND',
        enum: BANK_VERIFY_FIAT_CURRENCIES,
        errorCode: 53,
        notes: `Default \`VND\`. Not signed. Only ${BANK_VERIFY_FIAT_CURRENCIES.map((c) => `\`${c}\``).join(', ')} are supported; any other returns 53.`,
      }),
      signatureField(),
    ],
    signedString: template('partnerCode|bankCode|bankAccountNumber|<secretKey>'),
    response: {
      fields: [str('bankCode', true), str('bankAccountNumber', true), str('bankAccountName', true)],
      signature: template('bankCode|bankAccountNumber|bankAccountName|<secretKey>'),
    },
    errors: [18, 53],
    errorNotes: { 1: 'For VND every verification failure, including an unsupported bank, is reported as 1.' },
  },
  {
    id: 'v2.orders.review-sell-order',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/orders/review-sell-order',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Quote a scan-to-pay order (nothing is created)',
    source: 'doc 1 §4.12',
    notes: ['Quotes an order. Nothing is created or debited.', 'Errors specific to this endpoint: not shown.'],
    body: reviewSellOrderFields,
    signedString: template('partnerCode|currency|fiatAmount|<secretKey>', {
      fiatAmount: { omittedAs: '0', omissionNote: 'An omitted `fiatAmount` is signed as the literal `0`.' },
    }),
    response: {
      fields: reviewResponseFields(
        false,
        'Echoed; `undefined` if quoted by tokenAmount, and the response signature is computed over that literal text.',
      ),
      signature: reviewSignature(['When quoted by tokenAmount, `fiatAmount` is `undefined` and signed as that literal text.']),
    },
    errors: [],
  },
  {
    id: 'v2.orders.create-sell-order',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/orders/create-sell-order',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Create a scan-to-pay order: debit the fund, pay the merchant',
    source: 'doc 1 §4.13',
    notes: [
      'Creates the order, debits the fund and pays the merchant.',
      'For BRL, ARS and PEN the extendInfo keys are read in the fixed order `BR`, `AR`, `PE`; the first one present wins, whatever `fiatCurrency` was sent. Send exactly the one key matching `fiatCurrency`.',
      'The extendInfo keys `ID`, `TH` and `VN` are accepted and never read.',
    ],
    body: createSellOrderFields,
    signedString: template('partnerCode|externalOrderId|currency|fiatAmount|bankCode|bankAccountNumber|content|userEmail|<secretKey>', {
      fiatAmount: { omittedAs: '0', omissionNote: 'An omitted `fiatAmount` is signed as `0`.' },
      bankAccountNumber: {
        omittedAs: 'undefined',
        omissionNote: 'An omitted `bankAccountNumber` is not rejected as missing; it is signed as `undefined`.',
        notRejectedAsMissing: true,
      },
    }),
    response: { shape: 'order', signature: orderSignature },
    errors: [11, 13, 7, 24, 25, 36, 37, 42, ...kycCodes, 17, 18, 44, 56, 65, 46, 12],
    errorNotes: {
      11: '`externalOrderId` already used; fetch the order instead.',
      13: '`webhookSecretKey` matches no registered endpoint; the order is not created.',
      7: 'Fund cannot cover the order.',
      24: 'Below the minimum.',
      25: 'Above the maximum.',
      36: 'Per-transaction cap.',
      37: 'Daily cap.',
      42: 'Monthly cap.',
      ...Object.fromEntries(kycCodes.map((c) => [c, "The user's KYC or nationality blocks the order."])),
      17: '`content` has accents or special characters.',
      18: 'The account could not be verified, or `recipientName` is missing or invalid.',
      44: 'A PHP QR order is missing its `additionalData`.',
      56: "`bankCode` is not in the provider's list.",
      65: 'The recipient is blacklisted.',
      46: 'Scan-to-pay is off for the partner, or no provider covers the currency.',
      12: 'The payout failed after the order was created; the fund is refunded and `data` holds the order.',
      1: 'For GEL, an omitted `GE` key in extendInfo fails with 1.',
    },
  },
  {
    id: 'v2.orders.details',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/orders/details',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Read an order (source of truth for reconciliation)',
    source: 'doc 1 §4.14',
    body: [partnerCode(), str('externalOrderId', true, { errorCode: 15 }), signatureField()],
    signedString: template('partnerCode|externalOrderId|<secretKey>'),
    response: { shape: 'order', signature: orderSignature },
    errors: [15],
    errorNotes: { 15: 'Wrong id, or the order belongs to another partner.' },
  },
  {
    id: 'v2.orders.review-cashout',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/orders/review-cashout',
    base: 'base_url',
    auth: 'signed-v2',
    title: 'Quote a cashout',
    source: 'doc 1 §4.15',
    notes: ['All fields required.', 'The live minimum and maximum are carried in the messages of errors 24 and 25.'],
    body: reviewCashoutFields,
    signedString: template('partnerCode|userEmail|fiatCurrency|fiatAmount|cryptoCurrency|<secretKey>'),
    response: { fields: reviewResponseFields(true, 'Echoed.'), signature: reviewSignature() },
    errors: reviewCashoutErrors,
    errorNotes: {
      16: "Below the provider's floor; 10,000 for VND in Vietnam.",
      ...Object.fromEntries(kycCodes.map((c) => [c, "The user's KYC or nationality blocks the cashout."])),
    },
  },
  {
    id: 'v2.orders.create-cashout',
    api: 'payout-v2',
    method: 'POST',
    path: '/api/v2/orders/create-cashout',
    base: 'base_url',
    auth: 'signed-v2',
    title: "Create a cashout to a recipient's bank account",
    source: 'doc 1 §4.16',
    notes: [
      "This string differs from scan-to-pay's in fields and order. The recipient's bank details travel in `extendInfo`, outside the signature.",
      'An omitted `fiatCurrency` or `fiatAmount` is signed as `undefined` and the order then fails with 46; no default is applied, so both are always sent.',
    ],
    body: createCashoutFields,
    checkedFirst: { errorCode: 13, source: '000 line 468 ("13 (checked before anything else; the order is not created)")' },
    signedString: template('partnerCode|externalOrderId|userEmail|cryptoCurrency|fiatCurrency|fiatAmount|<secretKey>', {
      fiatCurrency: {
        omittedAs: 'undefined',
        omissionNote: 'Signed as `undefined`; the order then fails with 46.',
        notRejectedAsMissing: true,
      },
      fiatAmount: {
        omittedAs: 'undefined',
        omissionNote: 'Signed as `undefined`; the order then fails with 46.',
        notRejectedAsMissing: true,
      },
    }),
    response: { shape: 'order', signature: orderSignature },
    errors: [...reviewCashoutErrors, 11, 13, 18, 56, 17, 27, 12],
    errorNotes: {
      13: 'Checked before anything else; the order is not created.',
      18: 'extendInfo missing, or account not verified.',
      5: 'Unrecognised recipientType.',
      12: 'Payout failed after creation, already refunded; `data` holds the order.',
      46: 'Service off, no provider for the currency, or fiatCurrency/fiatAmount omitted.',
    },
  },
];
