// The sandbox state journal (engine/sandbox/journal.ts) on its own: replay after a hard stop, a
// torn last record dropped on start, compaction (snapshot + truncate) keeping every change, and a
// snapshot left beside an untruncated journal (a crash inside a compaction) not replayed twice.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPACT_MIN_BYTES } from '../../engine/sandbox/journal';
import { orderKey, Store, type OrderRecord } from '../../engine/sandbox/state';

function order(id: string, pad = ''): OrderRecord {
  return {
    partnerCode: 'P',
    userEmail: 'a@example.com',
    createdAtMs: 1,
    fiatCurrency: 'VND',
    currency: 'USDT',
    tokenAmount: 1,
    usdAmount: 1,
    extendInfo: pad,
    order: {
      externalOrderId: id,
      type: 'SELL',
      fiatAmount: 1,
      paidAmount: 0,
      status: 'AWAITING_PAYMENT',
      descriptions: '',
      createdAt: '',
      expiresAt: '',
      tokenTransfer: {},
      bankTransfer: {},
      fees: { systemFee: 0, processingFee: 0 },
    },
  };
}

function put(store: Store, id: string, pad = ''): void {
  store.state.orders[orderKey('P', id)] = order(id, pad);
  store.state.ledger.push({
    seq: store.nextSeq(),
    at: '',
    partnerCode: 'P',
    currency: 'USDT',
    amount: 1,
    balanceAfter: 0,
    kind: 'DEBIT',
    externalOrderId: id,
  });
  store.changed(['orders', orderKey('P', id)]);
}

describe('reliability: the sandbox state journal (issue 12)', () => {
  it('replays what was made durable without a clean close; drops a torn last record', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'payout-journal-')), 'state.json');
    const a = new Store(file);
    put(a, 'one');
    put(a, 'two');
    await a.durable();
    // A hard stop in the middle of the next write: half a line at the end.
    appendFileSync(file.replace(/\.json$/, '.journal'), '{"g":0,"n":[9,1001],"s":[["orders","P\\nthr');
    const logs: string[] = [];
    const b = new Store(file, (l) => logs.push(l));
    assert.deepEqual(Object.keys(b.state.orders).sort(), [orderKey('P', 'one'), orderKey('P', 'two')]);
    assert.equal(b.state.ledger.length, 2);
    assert.match(logs.join('\n'), /dropped a torn last record/);
    assert.ok(readFileSync(file.replace(/\.json$/, '.journal'), 'utf8').endsWith('\n'), 'the file is cut back to its last whole line');
    put(b, 'three');
    await b.close();
    assert.equal(Object.keys(new Store(file).state.orders).length, 3);
  });

  it('compacts once the journal outgrows the snapshot, keeping every change; a leftover old-generation journal is not replayed twice', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'payout-journal-')), 'state.json');
    const journal = file.replace(/\.json$/, '.journal');
    const s = new Store(file);
    const pad = 'x'.repeat(2000);
    const n = Math.ceil((COMPACT_MIN_BYTES * 1.5) / 2200);
    for (let i = 0; i < n; i++) {
      put(s, `o${i}`, pad);
      if (i % 50 === 0) await s.durable();
    }
    await s.durable();
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    assert.ok(snapshot.journalGeneration >= 1, 'a snapshot was written');
    assert.ok(statSync(journal).size < COMPACT_MIN_BYTES, 'and the journal truncated');
    const oldJournal = readFileSync(journal);
    const again = new Store(file);
    assert.equal(Object.keys(again.state.orders).length, n);
    assert.equal(again.state.ledger.length, n);
    // A crash between the snapshot's rename and the journal's truncation: old-generation lines stay.
    writeFileSync(
      journal,
      Buffer.concat([
        Buffer.from(JSON.stringify({ g: snapshot.journalGeneration - 1, n: [1, 1], a: [['ledger', [{ seq: 1 }]]] }) + '\n'),
        oldJournal,
      ]),
    );
    const third = new Store(file);
    assert.equal(third.state.ledger.length, n, 'no entry replayed twice');
    await s.close();
  });
});
