// The signed-string view's "Unresolved variables" list names only what the user can define: a
// system variable (`{{$uuid}}`) or a request reference gets its value when the request is sent.
import assert from 'node:assert/strict';
import { mark, open, service } from './fixture';

describe('language/signed string: variables to define', () => {
  it('lists an undefined variable, not $uuid or a response reference', () => {
    const svc = service();
    const m = mark(
      '### Quote\n# @name quote\nPOST {{base_url}}/api/v2/orders/review-cashout\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}", "userEmail": "a@b.co", "fiatCurrency": "VND", "fiatAmount": 100000, "cryptoCurrency": "USDT" }\n\n' +
        '### Cash out\nPOST {{base_url}}/api/v2/orders/create-cashout\nContent-Type: application/json\n\n' +
        '{\n  "partnerCode": "{{partnerCode}}",\n  "externalOrderId": "{{$uuid}}",\n  "userEmail": "{{userEmail}}",\n  "cryptoCurrency": "USDT",\n  "fiatCurrency": "VND",\n  "fiatAmount": {{quote.response.body.$.data.fiatAmount}}|\n}\n',
    );
    const result = svc.canonicalString(open(svc, m.text), m.positions[0]);
    assert.ok(result);
    assert.match(result.display, /\{\{\$uuid\}\}/);
    assert.deepEqual(result.unresolved, ['userEmail']);
  });
});
