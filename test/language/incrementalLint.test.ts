// Lint after an edit reuses the previous version's work (engine/language/diagnostics.ts and
// lint/index.ts's lintFileAfter): the blocks the edit did not touch are not linted again, and a
// file rule that found nothing is not run again while the edited blocks contribute the same data.
// These tests pin what must still be found after such edits, and that the rule is skipped.
import assert from 'node:assert/strict';
import { fileRules } from '../../engine/language/lint';
import { open, service } from './fixture';

const request = (name: string, id: string, content: string) =>
  `### ${name}\n# @name ${name}\nPOST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n` +
  `{\n  "partnerCode": "{{partnerCode}}",\n  "externalOrderId": "${id}",\n  "currency": "USDT",\n  "fiatAmount": 100000,\n` +
  `  "userEmail": "a@b.co",\n  "bankCode": "970436",\n  "bankAccountNumber": "1000000000",\n  "content": "${content}",\n  "extendInfo": null\n}\n\n`;

const codes = (svc: ReturnType<typeof service>, text: string, uri: string) =>
  svc
    .diagnostics(open(svc, text, uri))
    .map((d) => d.code)
    .filter((c) => c === 'payout/duplicate-external-order-id' || c === 'payout/duplicate-request-name');

describe('language/incremental lint', () => {
  it('finds a duplicate an edit creates, keeps it while other blocks are edited, and drops it when fixed', () => {
    const svc = service();
    const uri = 'file:///work/incremental.payout.http';
    const head = request('a', 'order-1', 'Coffee');
    assert.deepEqual(codes(svc, head + request('b', 'order-2', 'Tea'), uri), []);
    assert.deepEqual(codes(svc, head + request('b', 'order-2', 'Teas'), uri), []);
    assert.deepEqual(codes(svc, head + request('b', 'order-1', 'Teas'), uri), ['payout/duplicate-external-order-id']);
    assert.deepEqual(codes(svc, request('a', 'order-1', 'Coffees') + request('b', 'order-1', 'Teas'), uri), [
      'payout/duplicate-external-order-id',
    ]);
    assert.deepEqual(codes(svc, request('a', 'order-1', 'Coffees') + request('a', 'order-3', 'Teas'), uri), [
      'payout/duplicate-request-name',
    ]);
    assert.deepEqual(codes(svc, request('a', 'order-1', 'Coffees') + request('c', 'order-3', 'Teas'), uri), []);
  });

  it('does not run a file rule again after a keystroke that leaves its data alone', () => {
    const rule = fileRules.find((r) => r.code === 'payout/duplicate-request-name')!;
    const check = rule.check.bind(rule);
    let runs = 0;
    rule.check = (...args) => {
      runs++;
      return check(...args);
    };
    try {
      const svc = service();
      const uri = 'file:///work/skip.payout.http';
      codes(svc, request('a', 'order-1', 'Coffee') + request('b', 'order-2', 'Tea'), uri);
      assert.equal(runs, 1);
      codes(svc, request('a', 'order-1', 'Coffee') + request('b', 'order-2', 'Teas'), uri);
      assert.equal(runs, 1, 'the body edit changed no name: the rule is not run again');
      codes(svc, request('a', 'order-1', 'Coffee') + request('bb', 'order-2', 'Teas'), uri);
      assert.equal(runs, 2, 'a renamed request runs it again');
    } finally {
      rule.check = check;
    }
  });

  it('finds a duplicate in a request pasted at the end, and one an edit across two requests creates', () => {
    const svc = service();
    // Requests without a name: the names in scope stay the same, so only the order ids tell.
    const plain = (id: string, content: string) => request('x', id, content).replace('### x\n# @name x\n', '###\n');
    const uri = 'file:///work/pasted.payout.http';
    const a = plain('order-1', 'Coffee');
    assert.deepEqual(codes(svc, a, uri), []);
    assert.deepEqual(codes(svc, a + plain('order-1', 'Tea'), uri), ['payout/duplicate-external-order-id']);
    const three = (second: string, third: string, content: string) => a + plain('order-2', `Tea${second}`) + plain(third, content);
    const other = 'file:///work/replaced.payout.http';
    assert.deepEqual(codes(svc, three('', 'order-3', 'Cake'), other), []);
    // One edit over the second and third requests: the second keeps its id, the third takes the first's.
    assert.deepEqual(codes(svc, three('s', 'order-1', 'Cakes'), other), ['payout/duplicate-external-order-id']);
  });
});
