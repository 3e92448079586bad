// The error catalogue of doc 1 §7 (every row, mapped and unmapped), the v3 errors of doc 2 §7,
// and the errors shared by every endpoint of an auth kind. `meaning` is the document's condition;
// `check` is what the integrator should look at, in plain words.

import type { AuthKind, ErrorSpec, V3ErrorSpec } from './types';

/** Retry with backoff is appropriate for these (doc 1 §7). */
const RETRYABLE = new Set([9, 20, 46, 66]);
/** Doc 1 §7: business errors use HTTP 201; 38 is the one code that returns 401. */
const httpStatusOf = (code: number) => (code === 38 ? 401 : code === 0 ? SUCCESS_HTTP_STATUS : 201);

/** HTTP status of a successful response: not shown; the project answers 200. */
export const SUCCESS_HTTP_STATUS = 200;

type Row = [code: number, semanticCode: string, meaning: string, check: string, extra?: Partial<ErrorSpec>];

const mappedRows: Row[] = [
  [0, 'SUCCESS', 'Success.', 'Nothing to do; verify `data.signature` with the service public key.'],
  [
    1,
    'INTERNAL_SERVER_ERROR',
    'Server error, or unusable key material.',
    'Check that your key is a well-formed RSA-2048 PEM (BEGIN PUBLIC KEY / RSA PUBLIC KEY; PRIVATE KEY / RSA PRIVATE KEY). For bank account verify in VND, check bankCode and the account number. Otherwise retry later.',
  ],
  [
    2,
    'INVALID_SIGNATURE',
    'Signature does not match the string, or the public key is missing.',
    "Compare your signed string with the endpoint's template (field order, omitted fields signed as `undefined`/`0`, the trailing `|<secretKey>`); sign with RSA-SHA256 PKCS#1 v1.5 (not PSS), base64; check the public key registered at onboarding.",
  ],
  [3, 'PARTNER_ACCOUNT_LOCKED', 'Partner account not active.', 'Ask the service to activate the partner account.'],
  [
    4,
    'PARTNER_NOT_FOUND',
    'Unknown partnerCode.',
    'Check `partnerCode` against your onboarding credentials and the environment (sandbox and production differ).',
  ],
  [
    5,
    'INVALID_REQUEST_DATA',
    'Request validation failed.',
    'Read the message: it names the missing or invalid field. Send every required field with the documented type and values.',
  ],
  [6, 'TOKEN_NOT_SUPPORTED_ON_NETWORK', 'Token not supported on the network.', 'Check `currencies` against `network` (ERC20, TRC20, TON).'],
  [7, 'PARTNER_INSUFFICIENT_BALANCE', 'Fund cannot cover the order.', 'Top up the fund or lower the amount; check wallet/balance.'],
  [8, 'NETWORK_FEE_UNAVAILABLE', 'Network fee not found.', 'Try another network or retry later.'],
  [9, 'SERVICE_UNDER_MAINTENANCE', 'Maintenance for this channel and currency.', 'Retry with backoff.'],
  [10, 'INVALID_WALLET_ADDRESS', 'Wallet address invalid.', 'Check the wallet address for the network.'],
  [
    11,
    'DUPLICATE_TRANSACTION_ID',
    'externalOrderId already exists; usually the earlier attempt succeeded, so fetch the order.',
    'Fetch the order with orders/details instead of creating it again; use a fresh externalOrderId only for a genuinely new order.',
  ],
  [
    12,
    'TRANSACTION_CREATE_FAILED',
    'Payout failed after creation; refunded; order in `data`.',
    'Read the order in `data` (its `descriptions` gives the reason); the fund is already refunded. Fix the cause and create a new order with a new externalOrderId.',
  ],
  [
    13,
    'WEBHOOK_SECRET_NOT_FOUND',
    'webhookSecretKey matches no registered endpoint; order not created.',
    'Use the webhookSecretKey of a registered webhook endpoint, or omit it and poll orders/details.',
  ],
  [14, 'UNKNOWN_SERVICE_TYPE', 'Service type unidentified.', 'Check `service` (default `SELL`).'],
  [
    15,
    'TRANSACTION_NOT_FOUND',
    'No order with that id under the account.',
    'Check the externalOrderId and that you use the partner (and environment) that created the order.',
  ],
  [
    16,
    'AMOUNT_OUT_OF_RANGE',
    "Below the payment provider's own floor; message gives 10,000 and 14,000,000 as bounds.",
    'Send a fiatAmount within the bounds in the message (VND cashout: 10,000 to 14,000,000).',
  ],
  [
    17,
    'INVALID_TRANSFER_CONTENT',
    'Accents or special characters.',
    'Use unaccented letters only in `content` / `transferContent`, no special characters.',
  ],
  [
    18,
    'INVALID_BANK_ACCOUNT',
    'Bank account could not be verified.',
    'Check bankCode and account number (bank/account/verify), and the recipient name; for PHP, recipientName and account number must not both be all digits.',
  ],
  [19, 'PARTNER_IP_NOT_ALLOWED', 'Calling IP not allowlisted.', 'Call from an allowlisted IP, or register this IP with the service.'],
  [20, 'SERVICE_TEMPORARILY_UNAVAILABLE', 'Under maintenance.', 'Retry with backoff.'],
  [22, 'BUY_AMOUNT_BELOW_MIN', 'Message carries `{{minBuy}}`.', 'Raise the amount to at least the minimum in the message.'],
  [23, 'BUY_AMOUNT_ABOVE_MAX', 'Message carries `{{maxBuy}}`.', 'Lower the amount to at most the maximum in the message.'],
  [
    24,
    'SELL_AMOUNT_BELOW_MIN',
    'Message carries the live `{{minSell}}`.',
    'Raise the amount to at least the minimum in the message (or `minSell` from orders/prices).',
  ],
  [
    25,
    'SELL_AMOUNT_ABOVE_MAX',
    'Message carries the live `{{maxSell}}`.',
    'Lower the amount to at most the maximum in the message (or `maxSell` from orders/prices).',
  ],
  [
    26,
    'USER_REGISTRATION_REQUIRED',
    'End user could not be provisioned.',
    "Check userEmail and the user's KYC; contact the service if it persists.",
  ],
  [27, 'USER_EMAIL_INVALID', 'userEmail malformed.', 'Send a well-formed email address in `userEmail`.'],
  [29, 'EMAIL_CONFIRMATION_CODE_INCORRECT', 'Confirmation code incorrect.', 'Re-enter the confirmation code.'],
  [30, 'EMAIL_CONFIRMATION_CODE_EXPIRED', 'Confirmation code expired.', 'Request a new confirmation code.'],
  [31, 'VERIFICATION_EMAIL_LIMIT_REACHED', 'Daily limit reached.', 'Wait until tomorrow before requesting another verification email.'],
  [33, 'QR_CODE_NOT_SUPPORTED', 'QR format not supported.', 'Check `qrContent` is the raw scanned string of a supported QR type.'],
  [
    34,
    'USER_KYC_VERIFICATION_REQUIRED',
    'No KYC profile or not VERIFIED; not-submitted, in-progress and rejected all give this code.',
    "Read the user's KYC with get-kyc-information; submit or fix it and wait for VERIFIED.",
  ],
  [35, 'USER_KYC_UNDER_PROCESSING', 'A submission is in flight.', 'Wait for the current review to finish before resubmitting.'],
  [
    36,
    'TRANSACTION_AMOUNT_LIMIT_EXCEEDED',
    'Per-transaction cap, in USD; message carries `{{fiatAmount}}`.',
    'Lower the amount below the per-transaction cap, or split the payment.',
  ],
  [37, 'DAILY_AMOUNT_LIMIT_EXCEEDED', 'Daily amount or transaction-count cap, in USD.', 'Wait for the next day, or lower the amount.'],
  [38, 'LOGIN_SESSION_EXPIRED', 'Login session expired; HTTP 401.', 'Authenticate again.'],
  [42, 'MONTHLY_AMOUNT_LIMIT_EXCEEDED', 'Monthly cap, in USD.', 'Wait for the next month, or lower the amount.'],
  [
    44,
    'INVALID_PAYMENT_INFO',
    'A PHP payout lacks recipientName or additionalData.',
    'Put `recipientName` and `additionalData` from the QR decoding, verbatim, in `extendInfo.PH`.',
  ],
  [
    46,
    'SERVICE_NOT_AVAILABLE',
    'Service off for the account, or no provider for the currency.',
    'Check the currency is covered and the service is on for the account; for create-cashout send fiatCurrency and fiatAmount. Retry with backoff.',
  ],
  [48, 'PAYMENT_CHANNEL_NOT_SUPPORTED', 'No payment channel for this fiat currency.', 'Use a supported fiat currency.'],
  [
    50,
    'REQUESTED_INFO_NOT_FOUND',
    'No user or KYC profile for that email under the partner.',
    "Check userEmail; submit the user's KYC first.",
  ],
  [
    52,
    'KYC_DOCUMENT_ALREADY_REGISTERED',
    'Already verified, or nationalId belongs to another user of the partner.',
    'Do not resubmit a verified user (use submit-kyc-supplement); check the nationalId belongs to this user.',
  ],
  [
    53,
    'FIAT_CURRENCY_NOT_SUPPORTED',
    'Fiat currency not supported by the endpoint.',
    'Use a fiat currency the endpoint supports (bank account verify: VND, NGN, GHS, ZAR, KES).',
  ],
  [56, 'BANK_NOT_SUPPORTED', "Bank code not in the provider's list.", 'Take bankCode from the QR decoding or bank/get-supported-banks.'],
  [
    58,
    'KYC_DOCUMENT_FORMAT_INVALID',
    'A document is not a valid base64 data URL.',
    'Send each image as `data:image/<type>;base64,<DATA>` and the report as `data:application/pdf;base64,<DATA>`; send backIdImage unless the type is PASSPORT.',
  ],
  [
    59,
    'NATIONALITY_NOT_SUPPORTED',
    'Nationality missing, or blocked for this service and currency.',
    "Check the user's nationality (ISO 3166-1 alpha-2, uppercase) is set and allowed for this service and currency.",
  ],
  [60, 'HIGHER_KYC_LEVEL_REQUIRED', 'Provider needs a higher KYC level.', 'The user must complete a higher KYC level with the provider.'],
  [61, 'KYC_PROFILE_UNDER_REVIEW', 'Provider-side profile pending.', 'Wait for the provider to finish reviewing the profile.'],
  [62, 'KYC_PROFILE_NOT_ELIGIBLE', 'Provider-side profile rejected.', 'The user is not eligible with this provider.'],
  [
    63,
    'BANK_ACCOUNT_KYC_MISMATCH',
    "Payout account must match the user's KYC identity.",
    "Pay out to an account held in the user's own KYC name.",
  ],
  [64, 'HIGH_RISK_USER', "User's email blacklisted.", 'The user cannot transact; contact the service.'],
  [65, 'HIGH_RISK_BANK_ACCOUNT', 'Recipient account or name blacklisted.', 'The recipient cannot be paid; contact the service.'],
  [
    66,
    'SERVICE_NOT_ACTIVATED',
    'Service not activated; `message` is the literal text `msg.66`.',
    'Ask the service to activate it; retry with backoff.',
    {
      literalMessage: 'msg.66',
      fallbackMessage: 'The service is not activated for this account (the service sent the placeholder text "msg.66").',
    },
  ],
  [
    67,
    'QR_CODE_UNREADABLE',
    'QR code unreadable; `message` is the literal text `msg.67`.',
    'Rescan the QR code and send the raw scanned string as `qrContent`.',
    {
      literalMessage: 'msg.67',
      fallbackMessage: 'The QR code could not be read (the service sent the placeholder text "msg.67").',
    },
  ],
  [
    90,
    'WEEKLY_AMOUNT_LIMIT_EXCEEDED',
    'Weekly cap, in USD; the week starts Monday 00:00 UTC.',
    'Wait for the next week (Monday 00:00 UTC), or lower the amount.',
  ],
];

// Doc 1 §7 "Unmapped codes": they arrive as INTERNAL_SERVER_ERROR but keep their errorCode and message.
const unmappedRows: [code: number, meaning: string, check: string][] = [
  [21, 'The blockchain network requires a memo.', 'Send the memo the network needs.'],
  [28, 'Service in maintenance.', 'Retry later.'],
  [32, 'The QR code is invalid.', 'Check the QR content.'],
  [39, 'The amount is invalid.', 'Check the amount.'],
  [40, 'The card type is no longer supported.', 'Use another card type.'],
  [41, 'Not available in the country.', 'The service is not offered in this country.'],
  [43, 'Exceeding the daily limit.', 'Wait for the next day, or lower the amount.'],
  [45, 'The amount received must exceed `{{minimum}}`.', 'Raise the amount above the minimum in the message.'],
  [47, 'Access denied.', "Check the account's permissions with the service."],
  [49, 'Information already exists.', 'Do not submit the same information twice.'],
  [51, 'The email is already bound to a registered account.', 'Use another email.'],
  [54, 'The card is not activated yet.', 'Activate the card first.'],
  [55, 'Cardholder information is under review.', 'Wait for the review to finish.'],
  [57, 'The amount to be converted must exceed `{{fiatAmount}}`.', 'Raise the amount above the one in the message.'],
];

const UNMAPPED_NOTE = ' Arrives with semanticCode INTERNAL_SERVER_ERROR; read errorCode alongside.';

export const errors: ErrorSpec[] = [
  ...mappedRows.map(([code, semanticCode, meaning, check, extra]): ErrorSpec => ({
    code,
    semanticCode,
    meaning,
    check,
    retry: RETRYABLE.has(code),
    httpStatus: httpStatusOf(code),
    mapped: true,
    ...extra,
  })),
  ...unmappedRows.map(([code, meaning, check]): ErrorSpec => ({
    code,
    semanticCode: 'INTERNAL_SERVER_ERROR',
    meaning,
    check: check + UNMAPPED_NOTE,
    retry: RETRYABLE.has(code),
    httpStatus: httpStatusOf(code),
    mapped: false,
  })),
].sort((a, b) => a.code - b.code);

/** Doc 2 §7. Other error codes of v3 endpoints: not shown (the project uses the doc-1 semanticCode names). */
export const v3Errors: V3ErrorSpec[] = [
  { httpStatus: 401, code: 'INVALID_SIGNATURE', meaning: 'Bad assertion signature, wrong `aud`, or a stale assertion.' },
  { httpStatus: 401, code: 'ACCESS_TOKEN_INVALID', meaning: 'Token missing, invalid or expired.' },
  { httpStatus: 403, code: 'PARTNER_IP_NOT_ALLOWED', meaning: 'Calling IP not on the allowlist, however valid the token is.' },
];

/** Doc 1 §4.0 rule 2: signature verification runs first, so every signed endpoint can return these. */
export const sharedErrors: Partial<Record<AuthKind, number[]>> = {
  'signed-v2': [1, 2, 3, 4, 5, 19],
  public: [],
  none: [],
};

/** v3: the token exchange checks the assertion; authenticated endpoints the token; all the IP (doc 2 §5.6, §7). */
export const sharedV3Errors: Partial<Record<AuthKind, string[]>> = {
  'token-exchange': ['INVALID_SIGNATURE', 'PARTNER_IP_NOT_ALLOWED'],
  'bearer-v3': ['ACCESS_TOKEN_INVALID', 'PARTNER_IP_NOT_ALLOWED'],
  'sandbox-only': ['ACCESS_TOKEN_INVALID', 'PARTNER_IP_NOT_ALLOWED'],
  public: ['PARTNER_IP_NOT_ALLOWED'],
};
