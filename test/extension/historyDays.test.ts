import assert from 'node:assert/strict';
import { groupByDay, itemDescription, previousOf } from '../../client/src/historyDays';
import type { HistoryItem } from '../../engine/protocol';

function item(id: string, time: Date, label: string, uri = 'file:///w/a.payout.http'): HistoryItem {
  return {
    id,
    time: time.toISOString(),
    environment: 'local',
    label,
    uri,
    line: 2,
    method: 'POST',
    url: 'http://x/a',
    status: 200,
    durationMs: 12,
    ok: true,
  };
}

describe('client/historyDays: the History view grouped by day, newest first', () => {
  const now = new Date(2026, 10, 27, 15, 0, 0); // local time
  const items = [
    item('0001', new Date(2026, 10, 25, 9, 0, 0), 'quote'),
    item('0004', new Date(2026, 10, 27, 14, 0, 0), 'quote'),
    item('0002', new Date(2026, 10, 26, 23, 59, 0), 'pay'),
    item('0003', new Date(2026, 10, 27, 0, 1, 0), 'quote', 'file:///w/b.payout.http'),
  ];

  it('puts each entry under Today, Yesterday or its date, newest day and newest entry first', () => {
    const days = groupByDay(items, now);
    assert.deepEqual(
      days.map((d) => [d.label, d.items.map((i) => i.id)]),
      [
        ['Today', ['0004', '0003']],
        ['Yesterday', ['0002']],
        ['2026-11-25', ['0001']],
      ],
    );
  });

  it('compares with the next older entry of the same request in the same file', () => {
    assert.equal(previousOf(items, items[1])?.id, '0001'); // 0003 is the same label in another file
    assert.equal(previousOf(items, items[0]), undefined);
  });

  it('describes an entry by method, status, clock time, environment and duration', () => {
    assert.equal(itemDescription(items[1]), 'POST 200 · 14:00:00 · local · 12 ms');
    assert.equal(itemDescription({ ...items[1], status: undefined, durationMs: undefined }), 'POST not sent · 14:00:00 · local');
  });
});
