// A generated .payout.http file of many signed requests (~380 characters each), for the
// 5,000-request test and scripts/bench-parser.ts.

export function bigHttpFile(requests: number): string {
  const parts = ['@userEmail = alice@example.com\n@amount = 100000\n\n'];
  for (let i = 0; i < requests; i++) {
    parts.push(
      `### Order ${i}\n` +
        `# @name order${i}\n` +
        `POST {{base_url}}/api/v2/orders/create-sell-order\n` +
        `Content-Type: application/json\n` +
        `lang: en\n` +
        `\n` +
        `{\n` +
        `  "partnerCode": "{{partnerCode}}",\n` +
        `  "externalOrderId": "order-${i}-{{$uuid}}",\n` +
        `  "currency": "USDT",\n` +
        `  "fiatAmount": {{amount}},\n` +
        `  "bankCode": "970436",\n` +
        `  "bankAccountNumber": "0011${String(i).padStart(6, '0')}",\n` +
        `  "content": "Coffee ${i}",\n` +
        `  "userEmail": "{{userEmail}}",\n` +
        `  "extendInfo": null\n` +
        `}\n` +
        `\n` +
        `?? status == 201\n` +
        `\n`,
    );
  }
  return parts.join('');
}
