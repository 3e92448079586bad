import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryStore, newHistoryId, readHistory } from '../../engine/history/store';
import type { HistoryEntry } from '../../engine/history/types';

function entry(time: Date, label: string, body = '{}'): HistoryEntry {
  return {
    id: newHistoryId(time),
    time: time.toISOString(),
    environment: 'local',
    origin: 'cli',
    source: { uri: 'file:///w/orders.payout.http', name: label, label, line: 3 },
    request: { method: 'POST', url: 'http://127.0.0.1:1/api/v2/x', headers: {}, body },
    response: { status: 200, headers: {}, body: '{"code":0}', bytes: 10, truncated: false },
    assertions: [],
    ok: true,
    view: `view of ${label}`,
  };
}

describe('history/store: one file per exchange, bounded, torn files set aside', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'payout-history-')), 'history');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('lists newest first, reads one by id, and writes owner-only files in an owner-only folder', () => {
    const store = new HistoryStore(dir);
    const t0 = Date.UTC(2026, 10, 27, 10, 0, 0);
    const entries = [0, 1, 2].map((i) => entry(new Date(t0 + i * 1000), `r${i}`));
    for (const e of entries) store.append(e);
    assert.deepEqual(
      store.read().entries.map((e) => e.source.label),
      ['r2', 'r1', 'r0'],
    );
    assert.equal(store.get(entries[1].id)?.view, 'view of r1');
    assert.equal(store.get('../../etc/passwd'), undefined);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    for (const name of readdirSync(dir)) assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600, name);
    // no temp file is left behind
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.startsWith('.')),
      [],
    );
  });

  it('keeps only the newest N entries', () => {
    const store = new HistoryStore(dir, { entries: 3, bytes: 10_000_000 });
    const t0 = Date.UTC(2026, 10, 27, 10, 0, 0);
    for (let i = 0; i < 7; i++) store.append(entry(new Date(t0 + i * 1000), `r${i}`));
    assert.deepEqual(
      store.read().entries.map((e) => e.source.label),
      ['r6', 'r5', 'r4'],
    );
    assert.equal(readdirSync(dir).length, 3);
  });

  it('drops the oldest entries when the bytes cap is passed', () => {
    const big = 'x'.repeat(4000);
    const store = new HistoryStore(dir, { entries: 500, bytes: 10_000 });
    const t0 = Date.UTC(2026, 10, 27, 10, 0, 0);
    for (let i = 0; i < 5; i++) store.append(entry(new Date(t0 + i * 1000), `r${i}`, big));
    const left = store.read().entries.map((e) => e.source.label);
    assert.deepEqual(left, ['r4', 'r3']);
    const total = readdirSync(dir).reduce((s, n) => s + statSync(join(dir, n)).size, 0);
    assert.ok(total <= 10_000, `${total} bytes on disk`);
  });

  it('a torn file and a corrupt file are set aside, every other entry still reads, and appending goes on', () => {
    const store = new HistoryStore(dir);
    const t0 = Date.UTC(2026, 10, 27, 10, 0, 0);
    const es = [0, 1, 2, 3].map((i) => entry(new Date(t0 + i * 1000), `r${i}`));
    for (const e of es) store.append(e);
    const full = readFileSync(join(dir, `${es[1].id}.json`), 'utf8');
    writeFileSync(join(dir, `${es[1].id}.json`), full.slice(0, Math.floor(full.length / 2))); // torn mid-write
    writeFileSync(join(dir, `${es[2].id}.json`), JSON.stringify({ hello: 'world' })); // JSON, not an entry
    const read = store.read();
    assert.deepEqual(
      read.entries.map((e) => e.source.label),
      ['r3', 'r0'],
    );
    assert.equal(read.problems.length, 2);
    assert.match(read.problems.join('\n'), /torn write/);
    assert.match(read.problems.join('\n'), /not a history entry/);
    assert.ok(readdirSync(dir).includes(`${es[1].id}.corrupt`));
    // read again: the set-aside files are not reported twice; a new entry lands as usual
    assert.deepEqual(store.read().problems, []);
    store.append(entry(new Date(t0 + 9000), 'r9'));
    assert.deepEqual(
      readHistory(dir).map((e) => e.source.label),
      ['r9', 'r3', 'r0'],
    );
  });

  it('a temp file left by a writer that died is neither listed nor kept once stale', () => {
    const store = new HistoryStore(dir);
    const t0 = Date.UTC(2026, 10, 27, 10, 0, 0);
    const e = entry(new Date(t0), 'r0');
    store.append(e);
    const stale = join(dir, `.${newHistoryId(new Date(t0 + 1))}.json.999.tmp`);
    writeFileSync(stale, '{"id":');
    const old = new Date(Date.now() - 120_000);
    utimesSync(stale, old, old);
    assert.deepEqual(
      store.read().entries.map((x) => x.source.label),
      ['r0'],
    );
    store.append(entry(new Date(t0 + 2000), 'r1'));
    assert.equal(
      readdirSync(dir).some((n) => n.endsWith('.tmp')),
      false,
    );
  });

  it('clear removes every entry and reports how many there were; a missing folder reads as empty', () => {
    assert.deepEqual(new HistoryStore(dir).read(), { entries: [], problems: [] });
    const store = new HistoryStore(dir);
    for (let i = 0; i < 3; i++) store.append(entry(new Date(Date.UTC(2026, 0, 1) + i), `r${i}`));
    assert.equal(store.clear(), 3);
    assert.deepEqual(store.read().entries, []);
  });
});
