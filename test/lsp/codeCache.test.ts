// dist/server.js compiles cli.js with V8's code cache (cli/serverStart.ts): written once per bundle
// into a folder only this user can write, used on the next start, and never in a way that could
// change what runs: a corrupt cache is rejected and replaced, a folder others can write is not used.
// Each case runs the real bundled server and checks its first diagnostics.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeFolder } from '../helpers/folders';
import { messageText } from '../helpers/messageText';
import { SERVER, startServer } from './harness';

const FILE = [
  '### Balance',
  'POST {{base_url}}/api/v2/wallet/balance',
  'Content-Type: application/json',
  '',
  '{ "currencyy": "USDT" }',
  '',
].join('\n');

describe('language server start: cli.js compiled with V8 code cache (dist/server.js)', function () {
  this.timeout(60_000);
  let home: string;
  before(() => (home = mkdtempSync(join(tmpdir(), 'payout-code-cache-'))));
  after(() => removeFolder(home));

  const caches = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => /^cli-[0-9a-f]+\.cache$/.test(f)) : []);
  const until = async (what: string, ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(ok(), what);
  };

  /** Starts the server with the cache in `dir`, checks its first diagnostics; `whileUp` runs before it stops. */
  async function start(dir: string, whileUp: () => Promise<void> = () => Promise.resolve()) {
    const server = await startServer({}, { ...process.env, PAYOUT_HTTP_HOME: home, PAYOUT_HTTP_CODE_CACHE: dir });
    try {
      const uri = pathToFileURL(join(home, 'a.payout.http')).href;
      const published = server.diagnostics(uri, 1);
      await server.open(uri, FILE, 1);
      const { diagnostics } = await published;
      assert.ok(
        diagnostics.some((d) => /currencyy/.test(messageText(d.message))),
        `a finding on the misspelt field, got ${JSON.stringify(diagnostics)}`,
      );
      await whileUp();
      assert.equal(server.stderr.join(''), '');
    } finally {
      await server.close();
    }
  }

  it('writes the cache once, private, and uses it on the next start without writing it again', async () => {
    const dir = join(home, 'cache');
    await start(dir, () => until('a cache file is written', () => caches(dir).length === 1));
    const [name] = caches(dir);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600);
    const before = readFileSync(join(dir, name));
    const { mtimeMs } = statSync(join(dir, name));
    await start(dir, () => new Promise((r) => setTimeout(r, 1500)));
    assert.deepEqual(caches(dir), [name]);
    assert.equal(statSync(join(dir, name)).mtimeMs, mtimeMs, 'an accepted cache is not written again');
    assert.ok(readFileSync(join(dir, name)).equals(before));
  });

  it('rejects a corrupt cache (same size, other bytes), starts as without one and writes a good one', async () => {
    const dir = join(home, 'cache');
    const [name] = caches(dir);
    const size = statSync(join(dir, name)).size;
    const garbage = Buffer.alloc(size, 0x5a);
    writeFileSync(join(dir, name), garbage);
    await start(dir, () => until('the cache is written again', () => !readFileSync(join(dir, name)).equals(garbage)));
  });

  it("removes an earlier bundle's cache when it writes its own", async () => {
    const dir = join(home, 'cache2');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'cli-000000000000000000000000.cache'), 'old');
    await start(dir, () =>
      until("the other bundle's cache is gone", () => caches(dir).length === 1 && !caches(dir)[0].startsWith('cli-0000')),
    );
  });

  it('without cli.js beside it, exits 1 naming the missing file and the fix', () => {
    const dir = join(home, 'alone');
    mkdirSync(dir);
    copyFileSync(SERVER, join(dir, 'server.js'));
    const r = spawnSync(process.execPath, [join(dir, 'server.js'), '--stdio'], { input: '', encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr,
      `The language server's bundle ${join(dir, 'cli.js')} cannot be loaded (missing or unreadable): reinstall the extension or the CLI, or run npm run build.\n`,
    );
  });

  it('does not use or write a cache in a folder others can write, nor with PAYOUT_HTTP_CODE_CACHE empty', async function () {
    if (process.platform === 'win32') this.skip();
    const dir = join(home, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    await start(dir, () => new Promise((r) => setTimeout(r, 1500)));
    assert.deepEqual(readdirSync(dir), []);
    await start('', () => new Promise((r) => setTimeout(r, 1500)));
  });
});
