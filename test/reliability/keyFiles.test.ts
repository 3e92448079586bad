// Issue 12 (2): a device, a FIFO or a huge file named as privateKeyFile used to be read without
// bound (/dev/zero: gigabytes, then abort) or block forever (a FIFO with no writer). Now each is a
// clear error naming the file and the fix, in the CLI (`sign`, `lint`) and in the language server,
// which stays responsive and publishes diagnostics. A hang fails by mocha's timeout; memory is
// bounded through the child's peak RSS (a resource bound, not a speed assertion).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HoverRequest } from 'vscode-languageserver-protocol/node';
import { cliPath } from '../helpers/sandboxProcess';
import { peakRssMiB, runMeasured } from '../helpers/maxRss';
import { startServer } from '../lsp/harness';
import { removeFolder } from '../helpers/folders';

const MEMORY_BOUND_MIB = 100;

const REQUEST = [
  '# @name sell',
  'POST {{base_url}}/api/v2/orders/create-sell-order',
  'Content-Type: application/json',
  '',
  '{',
  '  "partnerCode": "{{partnerCode}}",',
  '  "externalOrderId": "order-1",',
  '  "currency": "USDT",',
  '  "fiatAmount": 100000,',
  '  "userEmail": "a@example.com",',
  '  "bankCode": "970436",',
  '  "bankAccountNumber": "0123456789",',
  '  "content": "Coffee",',
  '  "signature": "AAAA"',
  '}',
  '',
].join('\n');

describe('reliability: key files that are not key files (issue 12)', function () {
  this.timeout(60_000); // a read that hangs fails here
  let root: string;
  const cases: { name: string; keyFile: string; expect: RegExp }[] = [];

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'payout-keyfiles-'));
    const fifo = join(root, 'key.fifo');
    execFileSync('mkfifo', [fifo]);
    const big = join(root, 'big.pem');
    writeFileSync(big, Buffer.alloc(10 * 1024 * 1024, 'A'));
    cases.push(
      { name: '/dev/zero', keyFile: '/dev/zero', expect: /\/dev\/zero: it is a character device, not a key file: point privateKeyFile at/ },
      { name: 'a FIFO', keyFile: fifo, expect: /key\.fifo: it is a FIFO \(named pipe\), not a key file: point privateKeyFile at/ },
      {
        name: 'a 10 MB file',
        keyFile: big,
        expect: /big\.pem: it is 10485760 bytes, more than the 65536 bytes allowed: a PEM key is a few KB/,
      },
    );
    for (const [i, c] of cases.entries()) {
      const dir = join(root, `ws${i}`);
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'http-client.env.json'),
        JSON.stringify({ dev: { base_url: 'http://127.0.0.1:9', partnerCode: 'PARTNER-A' } }),
      );
      writeFileSync(
        join(dir, 'http-client.private.env.json'),
        JSON.stringify({ dev: { secretKey: 'S3CRET-key', privateKeyFile: c.keyFile } }),
      );
      writeFileSync(join(dir, 'sell.payout.http'), REQUEST);
    }
  });

  after(() => removeFolder(root));

  for (const [i, name] of ['/dev/zero', 'a FIFO', 'a 10 MB file'].entries()) {
    it(`cli sign and lint: ${name} as privateKeyFile is a clear error, under ${MEMORY_BOUND_MIB} MB`, async () => {
      const c = cases[i];
      const file = join(root, `ws${i}`, 'sell.payout.http');
      const sign = await runMeasured(process.execPath, [cliPath(), 'sign', file, '--env', 'dev'], {
        env: { ...process.env, PAYOUT_HTTP_HOME: root },
      });
      assert.ok(sign.code === 0 || sign.code === 1, `sign exited ${sign.code}: ${sign.stderr}`);
      assert.match(sign.stdout, c.expect);
      assert.ok(sign.maxRssMiB < MEMORY_BOUND_MIB, `sign peaked at ${sign.maxRssMiB.toFixed(1)} MiB`);
      // lint reads the key to check the typed signature; it cannot, so it just does not check it.
      const lint = await runMeasured(process.execPath, [cliPath(), 'lint', file, '--env', 'dev'], {
        env: { ...process.env, PAYOUT_HTTP_HOME: root },
      });
      assert.match(lint.stdout, /1 file: \d+ error\(s\)/, lint.stdout + lint.stderr);
      assert.ok(lint.maxRssMiB < MEMORY_BOUND_MIB, `lint peaked at ${lint.maxRssMiB.toFixed(1)} MiB`);
    });
  }

  it(`language server: workspaces pointing at each publish diagnostics, stay responsive, under ${MEMORY_BOUND_MIB} MB`, async () => {
    const server = await startServer({ environment: 'dev' }, { ...process.env, PAYOUT_HTTP_HOME: root });
    try {
      for (const i of cases.keys()) {
        const uri = pathToFileURL(join(root, `ws${i}`, 'sell.payout.http')).href;
        const published = server.diagnostics(uri, 1);
        await server.open(uri, REQUEST, 1);
        assert.equal((await published).version, 1);
      }
      // Still answering requests after all three.
      const uri = pathToFileURL(join(root, 'ws0', 'sell.payout.http')).href;
      const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 40 } });
      assert.ok(hover, 'a hover on the endpoint');
      const peak = peakRssMiB(server.child.pid!);
      assert.ok(peak < MEMORY_BOUND_MIB, `the server peaked at ${peak.toFixed(1)} MiB`);
    } finally {
      await server.close();
    }
  });
});
