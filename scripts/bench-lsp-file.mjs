// The benchmark's big file: `count` requests (5,000 make ~1.9 MB), a realistic mix of signed
// scan-to-pay and cashout orders, quotes and KYC reads, each with its own literal order id so the
// file lints clean except where a request deliberately omits a signed field. Deterministic.

const sell = (i) => `### Pay merchant ${i}
# @name pay${i}
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json
lang: en
X-Request-Id: {{$uuid}}

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "order-${i}",
  "currency": "USDT",
  "fiatAmount": ${100000 + i},
  "userEmail": "{{userEmail}}",
  "bankCode": "970436",
  "bankAccountNumber": "${1000000000 + i}",
  "content": "Coffee number ${i}",
  "extendInfo": null
}
`;

const cashout = (i) => `### Cash out ${i}
# @name cashout${i}
POST {{base_url}}/api/v2/orders/create-cashout
Content-Type: application/json
lang: en
X-Request-Id: {{$uuid}}

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "cash-${i}",
  "userEmail": "{{userEmail}}",
  "cryptoCurrency": "USDT",
  "fiatCurrency": "VND",
  "fiatAmount": ${200000 + i},
  "extendInfo": { "recipientName": "NGUYEN VAN A", "recipientNumber": "${2000000000 + i}", "recipientBankCode": "970436" }
}
`;

const quote = (i) => `### Quote ${i}
POST {{base_url}}/api/v2/orders/review-sell-order
Content-Type: application/json
lang: en
X-Request-Id: {{$uuid}}

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT",
  "fiatAmount": ${50000 + i}
}
`;

const kyc = (i) => `### KYC of user ${i}
POST {{base_url}}/api/v2/user/get-kyc-information
Content-Type: application/json
lang: en
X-Request-Id: {{$uuid}}

{
  "partnerCode": "{{partnerCode}}",
  "userEmail": "user${i}@example.com"
}
`;

const kinds = [sell, sell, cashout, quote, kyc];

export function generateRequests(count = 5000) {
  const parts = ['@userEmail = alice@example.com\n\n'];
  for (let i = 0; i < count; i++)
    parts.push(kinds[i % kinds.length](i).replace('\n', `\n# generated request ${i} of ${count}, for the benchmark\n`), '\n');
  return parts.join('');
}
