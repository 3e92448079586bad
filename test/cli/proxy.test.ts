// `payout-http proxy` as a separate process between a client written here (node:http, signing with
// node:crypto from the document's signed strings, not with the engine) and the local sandbox (a
// separate process too). The client sends correct requests and each family of mistake the
// explainer knows; the proxy's JSON lines are asserted, its responses compared with direct ones
// byte for byte, and upstreams that refuse, reset or never answer are put behind it.
import assert from 'node:assert/strict';
import { constants, generateKeyPairSync, sign as rsaSign, type KeyLike } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localEnv, localSecret, privateKeyPem, startCli, waitFor } from './run';

interface Reply {
  status: number;
  statusMessage: string;
  headers: [string, string][];
  body: Buffer;
}

/** One HTTP/1.1 exchange with node:http; rejects with the socket's error (code kept) when there is no response. */
function call(
  base: string,
  method: string,
  path: string,
  body?: string,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      ...(body !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } : {}),
      ...options.headers,
    };
    const req = request(new URL(path, base), { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode!, statusMessage: res.statusMessage ?? '', headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    if (options.timeoutMs)
      req.setTimeout(options.timeoutMs, () => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** The failure a request ends in (its error code), or the status when it got an answer. */
async function outcome(base: string, path: string, timeoutMs?: number): Promise<string> {
  try {
    const r = await call(base, 'POST', path, '{"partnerCode":"P"}', { timeoutMs });
    return `HTTP ${r.status}`;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON line the CLI printed; the assertions check its shape
type Line = Record<string, any>;

function startProxy(args: string[], home: string) {
  const proc = startCli(['proxy', ...args], { home });
  const lines = () =>
    proc
      .stdout()
      .split('\n')
      .filter((l) => l !== '');
  return {
    proc,
    lines,
    url: () => waitFor(() => lines()[0]?.match(/^http:\/\/127\.0\.0\.1:\d+$/)?.[0], 'the proxy address'),
    /** The n-th exchange line (1-based), once printed. */
    exchange: (n: number) => waitFor(() => lines()[n], `exchange line ${n}`),
    async stop() {
      if (proc.child.exitCode === null) proc.child.kill('SIGINT');
      return proc.exited;
    },
  };
}

describe('cli proxy', function () {
  this.timeout(90_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-proxy-'));
  let sb: SandboxProcess;
  let json: ReturnType<typeof startProxy>;
  let text: ReturnType<typeof startProxy>;
  let proxyUrl: string;
  let textUrl: string;
  let seen = 0;
  let secret: string;
  let partnerKey: string;
  let partnerCode: string;
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKeyFile = join(mkdtempSync(join(tmpdir(), 'payout-proxy-key-')), 'backend-old.pem');
  writeFileSync(otherKeyFile, other.publicKey.export({ type: 'spki', format: 'pem' }));

  before(async () => {
    sb = await startSandboxProcess({ home });
    secret = localSecret(home);
    partnerKey = privateKeyPem(home);
    partnerCode = localEnv(home).partnerCode!;
    // `--upstream local` finds the sandbox this state folder already runs.
    json = startProxy(['--upstream', 'local', '--json', '--other-key', otherKeyFile], home);
    text = startProxy(['--upstream', sb.url], home);
    [proxyUrl, textUrl] = await Promise.all([json.url(), text.url()]);
  });
  after(async () => {
    await Promise.all([json?.stop(), text?.stop()]);
    await sb?.stop();
  });

  const pkcs1 = (s: string, key: KeyLike = partnerKey) => rsaSign('sha256', Buffer.from(s, 'utf8'), key).toString('base64');
  const quote = (signature?: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ partnerCode, currency: 'USDT', fiatAmount: 100000, ...extra, ...(signature !== undefined ? { signature } : {}) });

  /** Sends through the JSON proxy and returns the client's reply and the proxy's line for it. */
  async function through(method: string, path: string, body?: string): Promise<{ reply: Reply; line: Line }> {
    const reply = await call(proxyUrl, method, path, body);
    const line = JSON.parse(await json.exchange(++seen)) as Line;
    return { reply, line };
  }

  it('prints its address on the first line and passes a correctly signed request as verified, response verified', async () => {
    assert.match(json.lines()[0], /^http:\/\/127\.0\.0\.1:\d+$/);
    // (stderr's line comes just after the address on stdout)
    const started = await waitFor(() => (/forwarding /.test(json.proc.stderr()) ? json.proc.stderr() : undefined), 'the forwarding line');
    assert.match(started, /checks on their own thread/, 'the inspector thread (dist/cli.js as a worker) runs');
    const { reply, line } = await through('POST', '/api/v2/orders/review-sell-order', quote(pkcs1(`${partnerCode}|USDT|100000|${secret}`)));
    assert.equal(reply.status, 200, reply.body.toString());
    assert.equal(line.endpoint, 'v2.orders.review-sell-order');
    assert.equal(line.request.signature, 'verified');
    assert.equal(line.request.explanation, undefined);
    assert.deepEqual(line.request.problems, []);
    assert.equal(line.response.status, 200);
    assert.equal(line.response.signature, 'verified');
    assert.equal(typeof line.ms, 'number');
  });

  // Each family of mistake the explainer knows, made by the client's own signing code.
  const mistakes: { family: string; variant: string | RegExp; signature: () => string; body?: (sig: string) => string }[] = [
    {
      family: 'a number written differently',
      variant: 'two-decimals:fiatAmount',
      signature: () => pkcs1(`${partnerCode}|USDT|100000.00|${secret}`),
    },
    {
      family: 'a field signed as undefined (missing from the signed object)',
      variant: 'as-undefined:fiatAmount',
      signature: () => pkcs1(`${partnerCode}|USDT|undefined|${secret}`),
    },
    { family: 'a field left out of the string', variant: 'drop:fiatAmount', signature: () => pkcs1(`${partnerCode}|USDT|${secret}`) },
    {
      family: 'fields in another order',
      variant: 'swap:currency,fiatAmount',
      signature: () => pkcs1(`${partnerCode}|100000|USDT|${secret}`),
    },
    {
      family: 'the pipe before the secret missing',
      variant: 'no-trailing-pipe',
      signature: () => pkcs1(`${partnerCode}|USDT|100000${secret}`),
    },
    { family: 'the secret left out', variant: 'no-secret', signature: () => pkcs1(`${partnerCode}|USDT|100000`) },
    {
      family: 'the JSON body signed instead of the string',
      variant: 'body-without-signature',
      signature: () => pkcs1(JSON.stringify({ partnerCode, currency: 'USDT', fiatAmount: 100000 })),
      body: (sig) => JSON.stringify({ partnerCode, currency: 'USDT', fiatAmount: 100000, signature: sig }),
    },
    {
      family: 'another key',
      variant: 'key:backend-old.pem',
      signature: () => pkcs1(`${partnerCode}|USDT|100000|${secret}`, other.privateKey),
    },
    {
      family: 'another padding (PSS)',
      variant: 'pss',
      signature: () =>
        rsaSign('sha256', Buffer.from(`${partnerCode}|USDT|100000|${secret}`), {
          key: partnerKey,
          padding: constants.RSA_PKCS1_PSS_PADDING,
          saltLength: 32,
        }).toString('base64'),
    },
  ];
  for (const m of mistakes) {
    it(`names the variant on a mismatch: ${m.family}`, async () => {
      const sig = m.signature();
      const { reply, line } = await through('POST', '/api/v2/orders/review-sell-order', m.body ? m.body(sig) : quote(sig));
      assert.equal(JSON.parse(reply.body.toString()).errorCode, 2, 'the sandbox rejects it as INVALID_SIGNATURE');
      assert.equal(line.request.signature, 'mismatch');
      assert.equal(line.request.explanation.match.id, m.variant);
      assert.equal(line.request.explanation.expectedDisplay, `${partnerCode}|USDT|100000|<secretKey>`);
      assert.ok(line.request.explanation.match.description.length > 0);
      assert.equal(line.response.signature, 'none', 'an error envelope (data: null) has nothing to verify');
    });
  }

  it('shows the segment diff of a mismatch', async () => {
    const { line } = await through('POST', '/api/v2/orders/review-sell-order', quote(pkcs1(`${partnerCode}|USDT|100000.00|${secret}`)));
    assert.deepEqual(line.request.explanation.match.diff, [{ index: 2, expected: '100000', actual: '100000.00' }]);
  });

  // Issue 26: an exchange that does not verify is explained with the earlier exchanges of the same run as candidates.
  it('finds the value a backend signed in an earlier exchange of this proxy run', async () => {
    const first = await through(
      'POST',
      '/api/v2/orders/review-sell-order',
      quote(pkcs1(`${partnerCode}|USDT|98765|${secret}`), { fiatAmount: 98765 }),
    );
    assert.equal(first.line.request.signature, 'verified');
    const { line } = await through('POST', '/api/v2/orders/review-sell-order', quote(pkcs1(`${partnerCode}|USDT|98765|${secret}`)));
    assert.equal(line.request.signature, 'mismatch');
    assert.equal(line.request.explanation.match.id, 'value:fiatAmount');
    assert.match(
      line.request.explanation.match.description,
      /^Your backend signed `fiatAmount` = `98765` where the request sends `100000` \(segment 3\)\./,
    );
    assert.match(line.request.explanation.match.changes[0].from, /^an earlier send of POST \/api\/v2\/orders\/review-sell-order/);
    assert.ok(!JSON.stringify(line).includes(secret));
  });

  it('says missing for a signed endpoint without a signature, unsigned for one that takes none, unknown for an unknown path', async () => {
    const missing = await through('POST', '/api/v2/orders/review-sell-order', quote());
    assert.equal(missing.line.request.signature, 'missing');
    const unsigned = await through('GET', '/plant-store/v3/plant/1');
    assert.equal(unsigned.line.endpoint, 'plant-store.getPlantById');
    assert.equal(unsigned.line.request.signature, 'unsigned');
    const unknown = await through('POST', '/api/v2/orders/no-such-endpoint', '{}');
    assert.equal(unknown.line.endpoint, 'unknown');
    assert.equal(unknown.reply.status, 404);
  });

  it('lists the lint problems of the body: an omitted signed field, a wrong type', async () => {
    const a = await through(
      'POST',
      '/api/v2/orders/review-sell-order',
      JSON.stringify({ partnerCode, currency: 'USDT', signature: pkcs1(`${partnerCode}|USDT|0|${secret}`) }),
    );
    assert.equal(
      a.line.request.signature,
      'verified',
      'signed as the service signs it (doc 1 §4.12: an omitted fiatAmount is signed as 0)',
    );
    assert.deepEqual(
      a.line.request.problems.map((p: Line) => p.code).filter((c: string) => c === 'payout/signed-field-omitted'),
      ['payout/signed-field-omitted'],
    );
    const b = await through(
      'POST',
      '/api/v2/orders/review-sell-order',
      quote(pkcs1(`${partnerCode}|USDT|true|${secret}`), { fiatAmount: true }),
    );
    assert.ok(
      b.line.request.problems.some((p: Line) => p.code === 'payout/wrong-type' && /fiatAmount/.test(p.message)),
      JSON.stringify(b.line.request.problems),
    );
  });

  it('answers exactly what the sandbox answers directly (byte for byte, but the Date header)', async () => {
    const withoutDate = (r: Reply) => ({
      ...r,
      headers: r.headers.filter(([n]) => n.toLowerCase() !== 'date'),
      body: r.body.toString('base64'),
    });
    const cases: [string, string, string?][] = [
      ['POST', '/api/v2/account/verify', JSON.stringify({ partnerCode, signature: pkcs1(`${partnerCode}|${secret}`) })],
      ['POST', '/api/v2/orders/review-sell-order', quote(pkcs1(`${partnerCode}|USDT|100000.00|${secret}`))],
      ['POST', '/api/v2/orders/no-such-endpoint', '{"a":1}'],
      ['GET', '/plant-store/v3/plant/1?x=%C3%A9&y=1'],
      ['GET', '/plant-store/v3/plant/search/status?status=available'],
    ];
    for (const [method, path, body] of cases) {
      const direct = await call(sb.url, method, path, body);
      const proxied = await through(method, path, body);
      assert.deepEqual(withoutDate(proxied.reply), withoutDate(direct), `${method} ${path}`);
    }
  });

  it('prints one terminal-safe line per exchange in text mode, the mismatch explained, no secret', async () => {
    await call(textUrl, 'POST', '/api/v2/orders/review-sell-order', quote(pkcs1(`${partnerCode}|USDT|100000.00|${secret}`)));
    // A secret in the path.
    await call(textUrl, 'POST', `/api/v2/${secret}`, '{}');
    // A mismatch's explanation shows the body's values, here one with OSC 52 (clipboard) and clear-screen.
    const hostile = '\u001b]52;c;SGVsbG8=\u0007\u001b[2J';
    await call(
      textUrl,
      'POST',
      '/api/v2/orders/review-sell-order',
      quote(pkcs1(`${partnerCode}|${hostile}|100000.00|${secret}`), { currency: hostile }),
    );
    const lines = await waitFor(() => (text.lines().length >= 4 ? text.lines() : undefined), 'three text lines');
    assert.match(lines[1], /request signature mismatch: fiatAmount was formatted with two decimals/);
    assert.match(lines[1], /segment 3: expected "100000", signed "100000\.00"/);
    assert.match(lines[2], /\/api\/v2\/<secretKey> \[unknown\]/);
    assert.match(lines[3], /\\x1b\]52;c;/, `the escape is shown, not sent to the terminal: ${lines[3]}`);
    assert.doesNotMatch(text.proc.stdout(), /[\u0000-\u0009\u000b-\u001f\u007f]/);
  });

  it('never prints a secret in any mode (secretKey, private key, a bearer token)', async () => {
    const token = 'tok-0123456789abcdef';
    await call(proxyUrl, 'POST', `/api/v2/${secret}`, JSON.stringify({ secretKey: secret }));
    await call(proxyUrl, 'GET', '/v3/kyc/profile', undefined, { headers: { Authorization: `Bearer ${token}` } });
    await call(textUrl, 'GET', `/v3/kyc/${token}`, undefined, { headers: { Authorization: `Bearer ${token}` } });
    seen += 2;
    await json.exchange(seen);
    await waitFor(() => (text.lines().length >= 5 ? true : undefined), 'the text line');
    const keyLines = privateKeyPem(home)
      .split('\n')
      .filter((l) => l.length > 20 && !l.startsWith('-----'));
    for (const [mode, out] of [
      ['json', json.proc.stdout() + json.proc.stderr()],
      ['text', text.proc.stdout() + text.proc.stderr()],
    ] as const) {
      assert.ok(!out.includes(secret), `${mode}: the secretKey was printed`);
      assert.ok(!out.includes(token), `${mode}: the bearer token was printed`);
      for (const l of keyLines) assert.ok(!out.includes(l), `${mode}: private key text was printed`);
    }
  });

  it('streams both ways: the upstream reads the request, and the client the response, before either is complete', async () => {
    // Each side waits for the other to have seen the first part, so a proxy that held a body until
    // it was whole (to check it first) would never finish: the check must run beside the traffic.
    let sawRequestStart!: () => void;
    const requestStarted = new Promise<void>((r) => (sawRequestStart = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const upstream = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
        if (body.includes('part-1')) sawRequestStart();
      });
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write(`got ${body.length} bytes;`);
        void released.then(() => res.end('the rest'));
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const p = startProxy(['--upstream', `http://127.0.0.1:${(upstream.address() as { port: number }).port}`, '--json'], home);
    try {
      const base = await p.url();
      const received = await new Promise<string>((resolve, reject) => {
        const req = request(
          new URL('/stream', base),
          { method: 'POST', headers: { 'Content-Type': 'text/plain' }, agent: false },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => {
              text += c.toString();
              if (text.startsWith('got ')) release();
            });
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        req.write('part-1;');
        void requestStarted.then(() => req.end('part-2'));
      });
      assert.equal(received, 'got 13 bytes;the rest');
      const line = JSON.parse(await p.exchange(1)) as Line;
      assert.equal(line.endpoint, 'unknown');
      assert.equal(line.request.bytes, 13);
      assert.equal(line.response.bytes, 21);
    } finally {
      await p.stop();
      await new Promise((r) => upstream.close(r));
    }
  });

  describe('an upstream that fails', () => {
    const servers: Server[] = [];
    const sockets: Socket[] = [];
    const proxies: ReturnType<typeof startProxy>[] = [];
    after(async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(proxies.map((p) => p.stop()));
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    });
    async function listen(onSocket: (s: Socket) => void): Promise<string> {
      const server = createServer((s) => {
        sockets.push(s);
        onSocket(s);
      });
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    }
    async function proxyTo(upstream: string) {
      const p = startProxy(['--upstream', upstream, '--json'], home);
      proxies.push(p);
      return { url: await p.url(), line: async () => JSON.parse(await p.exchange(1)) as Line };
    }

    it('refuses: the client gets a connection failure, and the proxy says the upstream refused', async () => {
      const closed = await listen(() => undefined);
      await new Promise((r) => servers.pop()!.close(r)); // nothing listens there now
      const p = await proxyTo(closed);
      assert.equal(await outcome(closed, '/api/v2/account/verify'), 'ECONNREFUSED');
      // A proxy cannot refuse a connection it has accepted: the nearest is a reset, with no HTTP answer.
      assert.equal(await outcome(p.url, '/api/v2/account/verify'), 'ECONNRESET');
      const line = await p.line();
      assert.equal(line.response, null);
      assert.equal(line.failure.code, 'ECONNREFUSED');
      assert.match(line.failure.message, /refused the connection/);
    });

    it('resets: the client gets the same reset', async () => {
      const resetting = await listen((s) => s.once('data', () => s.resetAndDestroy()));
      const p = await proxyTo(resetting);
      const direct = await outcome(resetting, '/api/v2/account/verify');
      assert.equal(direct, 'ECONNRESET');
      assert.equal(await outcome(p.url, '/api/v2/account/verify'), direct);
      const line = await p.line();
      assert.equal(line.failure.side, 'upstream');
      assert.equal(line.failure.code, 'ECONNRESET');
    });

    it('never answers: the client times out as it would directly, and the proxy says it gave up waiting', async () => {
      const silent = await listen(() => undefined);
      const p = await proxyTo(silent);
      const direct = await outcome(silent, '/api/v2/account/verify', 300);
      assert.equal(direct, 'CLIENT_TIMEOUT');
      assert.equal(await outcome(p.url, '/api/v2/account/verify', 300), direct);
      const line = await p.line();
      assert.equal(line.failure.side, 'client');
      assert.match(line.failure.message, /no answer from the upstream/);
    });
  });
});
