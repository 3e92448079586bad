// Lint agrees with the service (issue 13): each request lint marks with a required-field-missing
// error is answered 5 INVALID_REQUEST_DATA by the real sandbox process, signed or not; and the
// field the document says is "not rejected as missing" is neither an error nor a 5.
import { strict as assert } from 'node:assert';
import { endpointById } from '../../engine/catalogue';
import { lintText } from '../../engine/language';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { kycFields, localClients, type V2Client } from './client';

const SELL = {
  externalOrderId: '',
  currency: 'USDT',
  fiatAmount: 100000,
  bankCode: '970436',
  bankAccountNumber: '0123456789',
  content: 'Coffee',
  userEmail: 'alice@example.com',
  extendInfo: null,
};
const without = (o: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== name));

describe('sandbox and lint agree on missing required fields (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    ({ v2 } = localClients(sb.home));
  });
  after(async () => sb?.stop());

  const lintErrors = (endpointId: string, body: Record<string, unknown>) => {
    const e = endpointById(endpointId)!;
    const text = `### t\n${e.method} {{base_url}}${e.path}\nContent-Type: application/json\n\n${JSON.stringify({ partnerCode: 'P', ...body }, null, 2)}\n`;
    return lintText(text, { fileDir: sb.home }).filter((d) => d.code === 'payout/required-field-missing' && d.severity === 'error');
  };

  const cases: [string, string, () => Record<string, unknown>][] = [
    ['v2.orders.create-sell-order', 'userEmail', () => ({ ...SELL, externalOrderId: `o-${Math.random()}` })],
    ['v2.orders.create-sell-order', 'content', () => ({ ...SELL, externalOrderId: `o-${Math.random()}` })],
    ['v2.orders.review-sell-order', 'currency', () => ({ currency: 'USDT', fiatAmount: 100000 })],
    ['v2.user.submit-kyc', 'nationality', () => ({ userEmail: `k-${Date.now()}@example.com`, ...kycFields() })],
  ];
  for (const [id, field, body] of cases) {
    it(`${id} without ${field}: a lint error, and the sandbox answers 5`, async () => {
      const b = without(body(), field);
      const errors = lintErrors(id, b);
      assert.equal(errors.length, 1, JSON.stringify(errors));
      assert.match(errors[0].message, new RegExp(`\`${field}\``));
      const r = await v2.call(id, b);
      assert.equal(r.body.errorCode, 5, JSON.stringify(r.body));
    });
  }

  it('create-sell-order without bankAccountNumber ("not rejected as missing"): no lint error, and no 5', async () => {
    const b = without({ ...SELL, externalOrderId: `o-${Math.random()}` }, 'bankAccountNumber');
    assert.deepEqual(lintErrors('v2.orders.create-sell-order', b), []);
    const r = await v2.call('v2.orders.create-sell-order', b);
    assert.notEqual(r.body.errorCode, 5, JSON.stringify(r.body));
  });
});
