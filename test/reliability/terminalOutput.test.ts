// Issue 12 (3): bytes from the network or a file never reach the terminal as control characters.
// A hostile HTTP server (a real socket) answers `send` with OSC 52 (clipboard write), OSC 0 (window
// title), BEL and clear-screen, in a decoded `message` and in a raw text body; an unverified webhook
// carries them in its externalOrderId; a binary request file is refused by name. In text mode none
// of those bytes appear on stdout or stderr: they are shown escaped (`\x1b`).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO, runCli, startCli, waitFor } from '../cli/run';

const OSC52 = '\u001b]52;c;cm0gLXJmIH4K\u0007';
const OSC0 = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J\u001b[H';
const C1_CSI = '\u009b2J';
const HOSTILE = `${OSC52}${OSC0}${CLEAR}${C1_CSI}\u0007done`;
// ESC, BEL, C1 CSI and DEL must never reach the terminal raw.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function assertSafe(text: string, where: string): void {
  const m = RAW_CONTROL.exec(text);
  assert.equal(
    m,
    null,
    `${where} carries a raw control character U+${m?.[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${m?.index}: ${JSON.stringify(text.slice(Math.max(0, (m?.index ?? 0) - 40), (m?.index ?? 0) + 40))}`,
  );
}

describe('reliability: terminal output is safe from hostile bytes (issue 12)', function () {
  this.timeout(60_000);
  let server: Server;
  let base: string;
  const dir = mkdtempSync(join(tmpdir(), 'payout-hostile-'));
  const home = mkdtempSync(join(tmpdir(), 'payout-hostile-home-'));

  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/text')) {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.end(`plain ${HOSTILE}\r\nsecond line`);
          return;
        }
        // A well-formed error envelope whose message (JSON-escaped on the wire) decodes to escape sequences.
        const body = JSON.stringify({ success: false, message: HOSTILE, data: { note: HOSTILE }, errorCode: 2, semanticCode: `X${OSC0}` });
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writeFileSync(join(dir, 'http-client.env.json'), JSON.stringify({ hostile: { base_url: base, partnerCode: 'PARTNER-A' } }));
    writeFileSync(
      join(dir, 'http-client.private.env.json'),
      JSON.stringify({
        hostile: { secretKey: 'S3CRET-key', privateKeyFile: resolve(REPO, 'test/fixtures/keys/test-partner-private.pem') },
      }),
    );
    writeFileSync(
      join(dir, 'hostile.payout.http'),
      [
        '### balance',
        '# @name balance',
        'POST {{base_url}}/api/v2/wallet/balance',
        'Content-Type: application/json',
        '',
        '{"partnerCode": "{{partnerCode}}", "currency": "USDT"}',
        '',
        '### text',
        '# @name text',
        'GET {{base_url}}/text',
        '',
      ].join('\n'),
    );
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('send (text mode): decoded messages and bodies are shown escaped, never raw', async () => {
    const r = await runCli(['send', join(dir, 'hostile.payout.http'), '--all', '--env', 'hostile', '--no-retry'], { home, cwd: dir });
    assertSafe(r.stdout, 'stdout');
    assertSafe(r.stderr, 'stderr');
    assert.match(r.stdout, /message: \\x1b\]52;c;cm0gLXJmIH4K\\x07\\x1b\]0;pwned\\x07\\x1b\[2J\\x1b\[H\\u009b2J\\x07done/, r.stdout);
    assert.match(r.stdout, /plain \\x1b\]52;/);
    assert.match(r.stdout, /second line/);
  });

  it('send --json keeps valid JSON with the same values (escapes are JSON escapes)', async () => {
    const r = await runCli(['send', join(dir, 'hostile.payout.http'), '--name', 'text', '--env', 'hostile', '--no-retry', '--json'], {
      home,
      cwd: dir,
    });
    assertSafe(r.stdout, 'stdout');
    const parsed = JSON.parse(r.stdout) as { response?: { bodyText?: string } }[];
    assert.ok(JSON.stringify(parsed).includes('pwned'));
  });

  it('webhooks listen: an unverified externalOrderId with escape sequences is printed escaped', async () => {
    const listener = startCli(['webhooks', 'listen', '--port', '0'], { home });
    try {
      const url = await waitFor(() => /listening for webhooks at (http:\/\/\S+)/.exec(listener.stderr())?.[1], 'the listener URL');
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          externalOrderId: HOSTILE,
          type: `SELL${CLEAR}`,
          status: OSC0,
          fiatAmount: 1,
          descriptions: OSC52,
          signature: 'forged',
        }),
      });
      await res.arrayBuffer();
      await waitFor(() => (listener.stdout().includes('done') ? true : undefined), 'the delivery line');
      assertSafe(listener.stdout(), 'stdout');
      assertSafe(listener.stderr(), 'stderr');
      assert.match(listener.stdout(), /order \\x1b\]52;/);
    } finally {
      listener.child.kill('SIGINT');
      await listener.exited;
    }
  });

  it('a binary request file is refused as "not a request file", by name, its bytes never echoed', async () => {
    const bin = join(dir, 'image.payout.http');
    writeFileSync(
      bin,
      Buffer.concat([Buffer.from(`POST ${base}/x\n\n${HOSTILE}`), Buffer.from([0, 1, 2, 0xff, 0xfe, 0x1b, 0x5b, 0x32, 0x4a])]),
    );
    for (const args of [
      ['send', bin, '--all', '--env', 'hostile'],
      ['lint', bin],
      ['sign', bin, '--all', '--env', 'hostile'],
    ]) {
      const r = await runCli(args, { home, cwd: dir });
      assert.equal(r.code, 2, `${args[0]}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /image\.payout\.http is not a request file: it holds NUL bytes, so it is binary, not text/);
      assertSafe(r.stdout + r.stderr, `${args[0]} output`);
      assert.doesNotMatch(r.stdout + r.stderr, /pwned/);
    }
    const latin1 = join(dir, 'latin1.http');
    writeFileSync(latin1, Buffer.from('GET http://x/caf\xe9\n', 'latin1'));
    const r = await runCli(['lint', latin1], { home, cwd: dir });
    assert.match(r.stderr, /latin1\.http is not a request file: it is not UTF-8 text/);
  });

  it('no CLI command writes to stdout or stderr except through cli/output.ts', () => {
    const files = [
      'main.ts',
      'args.ts',
      'format.ts',
      'report.ts',
      'session.ts',
      ...readdirSync(join(REPO, 'cli/commands')).map((f) => `commands/${f}`),
    ];
    for (const f of files) assert.doesNotMatch(readFileSync(join(REPO, 'cli', f), 'utf8'), /process\.std(out|err)\.write/, `cli/${f}`);
  });
});
