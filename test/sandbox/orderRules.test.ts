// Order rules over time, with the clock pinned (startSandbox takes the clock; the server is the real
// one on a real socket, in this process so the test can move time): the per-user caps in USD over the
// UTC day, the week from Monday 00:00 UTC (doc 1 §7 code 90) and the calendar month, the daily count;
// a failed order does not count against them; and what the order errors tell the user to do.
import { strict as assert } from 'node:assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../engine/sandbox/server';
import { localClients, verifiedUser, type V2Client } from './client';

// A 500,000 VND order costs 20.24 USDT (= USD): two fit in a day, four in a week, eight in a month.
const CAPS = { perTransactionUsd: 30, dailyUsd: 50, weeklyUsd: 90, monthlyUsd: 170, dailyCount: 3 };
const at = (iso: string) => Date.parse(`${iso}Z`);

describe('sandbox order rules with a pinned clock (in-process server, real socket)', () => {
  let now = at('2026-01-05T12:00:00.000'); // a Monday
  let sb: RunningSandbox;
  let v2: V2Client;
  let n = 0;
  const order = (userEmail: string, when: string, more: Record<string, unknown> = {}) => {
    now = at(when);
    return v2.call('v2.orders.create-sell-order', {
      externalOrderId: `rule-${++n}`,
      currency: 'USDT',
      fiatAmount: 500_000,
      userEmail,
      bankCode: '970436',
      bankAccountNumber: '0123456789',
      content: 'Rent',
      extendInfo: null,
      ...more,
    });
  };
  /** The order's error code, or 0 when it was created. */
  const code = async (userEmail: string, when: string, more: Record<string, unknown> = {}) => {
    const r = await order(userEmail, when, more);
    return r.body.success ? 0 : r.body.errorCode;
  };

  before(async () => {
    sb = await startSandbox({
      home: mkdtempSync(join(tmpdir(), 'payout-rules-')),
      kycDelayMs: 0,
      clock: () => now,
      config: { local: { caps: CAPS, funds: { USDT: 1e6 } } },
    });
    ({ v2 } = localClients(sb.home));
  });
  after(async () => sb?.close());

  it('the day cap counts from 00:00:00.000 UTC; a failed order does not count', async () => {
    const u = await verifiedUser(v2, 'day@example.com');
    assert.equal(await code(u, '2026-01-06T00:00:00.000'), 0);
    assert.equal(await code(u, '2026-01-06T23:59:59.999'), 0);
    const third = await order(u, '2026-01-06T23:59:59.999');
    assert.equal(third.body.errorCode, 37);
    assert.equal(
      third.body.message,
      "The user's orders today would reach 60.72 USD, above the daily cap of 50 USD: try a smaller amount or tomorrow (UTC)",
    );
    // A new UTC day.
    assert.equal(await code(u, '2026-01-07T00:00:00.000'), 0);
    // The payout of the sandbox's failing test account fails after creation (12): refunded, not counted.
    assert.equal(await code(u, '2026-01-07T00:00:00.000', { bankAccountNumber: '0000000012' }), 12);
    assert.equal(await code(u, '2026-01-07T00:00:00.000'), 0);
  });

  it('the week cap counts from Monday 00:00:00.000 UTC', async () => {
    const u = await verifiedUser(v2, 'week@example.com');
    for (const day of ['2026-01-12', '2026-01-12', '2026-01-13', '2026-01-13']) assert.equal(await code(u, `${day}T00:00:00.000`), 0, day);
    const fifth = await order(u, '2026-01-14T00:00:00.000');
    assert.equal(fifth.body.errorCode, 90);
    assert.equal(
      fifth.body.message,
      "The user's orders this week would reach 101.2 USD, above the weekly cap of 90 USD (the week starts Monday 00:00 UTC)",
    );
    // Sunday 23:59:59.999 is still that week; Monday 00:00 the next.
    assert.equal(await code(u, '2026-01-18T23:59:59.999'), 90);
    assert.equal(await code(u, '2026-01-19T00:00:00.000'), 0);
  });

  it('the month cap counts from the 1st, 00:00:00.000 UTC', async () => {
    const u = await verifiedUser(v2, 'month@example.com');
    // 2026-02-01 is a Sunday: its orders count in February and in the week of Monday 26 January.
    const days = ['2026-02-01', '2026-02-01', '2026-02-02', '2026-02-02', '2026-02-03', '2026-02-03', '2026-02-09', '2026-02-09'];
    for (const day of days) assert.equal(await code(u, `${day}T00:00:00.000`), 0, day);
    const ninth = await order(u, '2026-02-10T00:00:00.000');
    assert.equal(ninth.body.errorCode, 42);
    assert.equal(ninth.body.message, "The user's orders this month would reach 182.16 USD, above the monthly cap of 170 USD");
    assert.equal(await code(u, '2026-03-01T00:00:00.000'), 0);
  });

  it('the daily count: the 4th order of a day is refused with 37, whatever its amount', async () => {
    const u = await verifiedUser(v2, 'count@example.com');
    for (let i = 0; i < 3; i++) assert.equal(await code(u, '2026-01-20T08:00:00.000', { fiatAmount: 100_000 }), 0);
    const fourth = await order(u, '2026-01-20T08:00:00.000', { fiatAmount: 100_000 });
    assert.equal(fourth.body.errorCode, 37);
    assert.equal(fourth.body.message, 'The user has reached the daily cap of 3 orders: try again tomorrow (UTC)');
    assert.equal(await code(u, '2026-01-21T08:00:00.000', { fiatAmount: 100_000 }), 0);
  });

  it('a cap is exceeded only above it (36, 37, 90, 42 are ..._LIMIT_EXCEEDED): an order worth exactly the per-transaction cap, and a day, week or month total exactly at its cap, are created', async () => {
    now = at('2026-04-06T08:00:00.000'); // a Monday
    const quote = await v2.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount: 500_000 });
    assert.equal(quote.body.success, true, quote.body.message);
    // USDT counts one USD per token, so the order's USD value is its token amount to the last digit.
    const usd = quote.body.data.tokenAmount as number;
    const exact = await startSandbox({
      home: mkdtempSync(join(tmpdir(), 'payout-rules-exact-')),
      kycDelayMs: 0,
      clock: () => now,
      // Each total summed as the sandbox sums it, order by order, so it meets the cap to the last bit.
      config: {
        local: {
          caps: {
            perTransactionUsd: usd,
            dailyUsd: usd + usd,
            weeklyUsd: usd + usd + usd,
            monthlyUsd: usd + usd + usd + usd,
            dailyCount: 10,
          },
          funds: { USDT: 1e6 },
        },
      },
    });
    try {
      const client = localClients(exact.home).v2;
      const u = await verifiedUser(client, 'exact@example.com');
      const create = async () => {
        const r = await client.call('v2.orders.create-sell-order', {
          externalOrderId: `exact-${++n}`,
          currency: 'USDT',
          fiatAmount: 500_000,
          userEmail: u,
          bankCode: '970436',
          bankAccountNumber: '0123456789',
          content: 'Rent',
          extendInfo: null,
        });
        return r.body.success ? 0 : `${r.body.errorCode} ${r.body.message}`;
      };
      assert.equal(await create(), 0, 'worth exactly the per-transaction cap');
      assert.equal(await create(), 0, 'the day total reaches exactly the daily cap');
      assert.match(String(await create()), /^37 /, 'one more goes above the daily cap');
      now = at('2026-04-07T08:00:00.000'); // the same week and month
      assert.equal(await create(), 0, 'the week total reaches exactly the weekly cap');
      assert.match(String(await create()), /^90 /, 'one more goes above the weekly cap');
      now = at('2026-04-13T08:00:00.000'); // the next week, the same month
      assert.equal(await create(), 0, 'the month total reaches exactly the monthly cap');
      assert.match(String(await create()), /^42 /, 'one more goes above the monthly cap');
    } finally {
      await exact.close();
    }
  });

  it('the per-transaction cap: 36 names the amount, the cap and the fix', async () => {
    const u = await verifiedUser(v2, 'single@example.com');
    const r = await order(u, '2026-01-22T08:00:00.000', { fiatAmount: 800_000 });
    assert.equal(r.body.errorCode, 36);
    assert.equal(r.body.message, 'The order is worth 32.36 USD, above the per-transaction cap of 30 USD: lower the fiatAmount');
  });
});
