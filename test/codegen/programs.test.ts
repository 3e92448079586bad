// `payout-http code`: for every signed endpoint of the catalogue and every language whose toolchain
// is on the machine, the generated program is built and run as a process against the local sandbox
// (a real process, reached through a recording proxy in this test) and must exit 0 with the response
// verified; a tampered data.signature must exit 3; a wrong secret, an unknown partner code and a
// closed port exit 1. The number helper of each language is checked against JavaScript on a corpus.
// Under PAYOUT_HTTP_REQUIRE_TOOLCHAINS=1 (set by .ci/run) a missing toolchain fails instead of skipping.
import assert from 'node:assert/strict';
import { createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { catalogue, endpointById } from '../../engine/catalogue';
import { bearerLine, LANGUAGES, programFromSession, type Language, type SessionProgram } from '../../engine/codegen';
import { buildCanonical } from '../../engine/signing';
import { openSession } from '../../cli/session';
import { startRecordingProxy, type Exchange, type OwnAnswer, type RecordingProxy } from './recordingProxy';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { buildPrograms, findToolchain, inPool, JVM_QUICK_START, run, type Built, type Run } from './toolchains';

const REPO = resolve(__dirname, '..', '..');

const V3_CASHOUT = 'v3-cashout (written by the test)';

/** A /v3 cashout file: the test pass's user and KYC, then quote, create and force an outcome. */
function v3CashoutFile(): string {
  const pass = readFileSync(join(REPO, 'examples', 'sandbox-test-pass.payout.http'), 'utf8');
  const userAndKyc = pass.slice(pass.indexOf('### 0.'), pass.indexOf('### 2b.'));
  const request = (name: string, path: string, body: string) =>
    `### ${name}\n# @name ${name}\n# @user {{userEmail}}\nPOST {{base_url}}${path}\nContent-Type: application/json\n\n${body}\n\n`;
  const file = join(mkdtempSync(join(tmpdir(), 'payout-codegen-v3-')), 'v3-cashout.payout.http');
  writeFileSync(
    file,
    '@userEmail = {{testUser.response.body.$.userEmail}}\n@cashoutId = {{cashOrder.response.body.$.data.externalOrderId}}\n\n' +
      userAndKyc +
      request('cashQuote', '/v3/cashout/quotes', '{ "cryptoCurrency": "USDT", "fiatCurrency": "VND", "fiatAmount": 300000 }') +
      request(
        'cashOrder',
        '/v3/cashout/orders',
        '{ "externalOrderId": "co3-{{$uuid}}", "cryptoCurrency": "USDT", "fiatCurrency": "VND", "fiatAmount": 300000,\n' +
          '  "extendInfo": { "recipientName": "LE VAN CUONG", "recipientNumber": "0123456789", "recipientBankCode": "970418" } }',
      ) +
      request('cashSimulate', '/v3/simulate/cashout/outcomes', '{ "orderId": "{{cashoutId}}", "outcome": "SUCCESS" }'),
  );
  return file;
}

/** Which example request proves each signed endpoint, and what is sent first to give it its state. */
const PLAN: { endpoint: string; file: string; name: string; first?: string[] }[] = [
  { endpoint: 'v2.account.verify', file: 'quickstart', name: 'account' },
  { endpoint: 'v2.wallet.balance', file: 'quickstart', name: 'balance' },
  { endpoint: 'v2.orders.prices', file: 'quickstart', name: 'prices' },
  { endpoint: 'v2.bank.get-supported-banks', file: 'quickstart', name: 'banks' },
  { endpoint: 'v2.user.submit-kyc', file: 'kyc', name: 'submit', first: ['testUser'] },
  { endpoint: 'v2.user.get-kyc-information', file: 'kyc', name: 'profile', first: ['submit'] },
  { endpoint: 'v2.user.check-access-service', file: 'kyc', name: 'access', first: ['submit'] },
  { endpoint: 'v2.user.submit-kyc-supplement', file: 'kyc', name: 'supplement', first: ['submit'] },
  { endpoint: 'v2.bank.account.verify', file: 'cashout', name: 'account' },
  { endpoint: 'v2.orders.review-sell-order', file: 'scan-to-pay', name: 'quote' },
  { endpoint: 'v2.orders.create-sell-order', file: 'scan-to-pay', name: 'order', first: ['kyc', 'quote'] },
  { endpoint: 'v2.orders.details', file: 'scan-to-pay', name: 'details', first: ['kyc', 'order'] },
  { endpoint: 'v2.orders.review-cashout', file: 'cashout', name: 'quote', first: ['kyc'] },
  { endpoint: 'v2.orders.create-cashout', file: 'cashout', name: 'cashout', first: ['kyc', 'account'] },
  { endpoint: 'v3.kyc.submissions', file: 'sandbox-test-pass', name: 'kyc', first: ['testUser'] },
  { endpoint: 'v3.kyc.profile', file: 'sandbox-test-pass', name: 'profile', first: ['testUser', 'kyc'] },
  { endpoint: 'v3.fund.balances', file: 'sandbox-test-pass', name: 'fund', first: ['testUser', 'kyc'] },
  { endpoint: 'v3.scan-to-pay.quotes', file: 'sandbox-test-pass', name: 'quote', first: ['testUser', 'kyc'] },
  { endpoint: 'v3.scan-to-pay.orders', file: 'sandbox-test-pass', name: 'order', first: ['testUser', 'kyc', 'quote'] },
  { endpoint: 'v3.simulate.scan-to-pay.outcomes', file: 'sandbox-test-pass', name: 'success', first: ['testUser', 'kyc', 'order'] },
  { endpoint: 'v3.orders.get', file: 'sandbox-test-pass', name: 'settled', first: ['testUser', 'kyc', 'order'] },
  { endpoint: 'v3.fund.ledger', file: 'sandbox-test-pass', name: 'ledger', first: ['testUser', 'kyc', 'order2'] },
  // A `# @user {{userEmail}}` line does not make `testUser` a dependency the session sends by itself.
  // The examples have no /v3 cashout: v3Cashout() writes one from the test pass's KYC.
  { endpoint: 'v3.cashout.quotes', file: V3_CASHOUT, name: 'cashQuote', first: ['testUser', 'kyc'] },
  { endpoint: 'v3.cashout.orders', file: V3_CASHOUT, name: 'cashOrder', first: ['testUser', 'kyc'] },
  { endpoint: 'v3.simulate.cashout.outcomes', file: V3_CASHOUT, name: 'cashSimulate', first: ['testUser', 'kyc', 'cashOrder'] },
];

/**
 * Numbers as JSON text, each read by JavaScript into the double the service signs: integers past
 * 2^53, 1e21, 1e-7, 0.1 + 0.2 (0.30000000000000004), -0, 100000.00, the extremes, and values whose
 * shortest digits Java 17's Double.toString misses (2.82879384806159e17, 1e23).
 */
const CORPUS_JSON =
  '[0, -0, 1, -1.5, 100000, 100000.00, 1e21, 1E21, 1e20, 123456789012345680000, 1e-7, 1e-6, 0.000001234, 1.5e-7, -1e-7, ' +
  '0.30000000000000004, 0.1, 4.35, 123.456, 2e-3, 1.0000000000000002, 9007199254740992, 9007199254740993, ' +
  '12345678901234567890, 2.82879384806159e17, 1e23, 9.999999999999999e22, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]';

/**
 * Requests the examples do not have, in a file of their own: the corpus as a signed value
 * (review-cashout signs fiatAmount; an array is signed as String(array), its numbers joined by
 * commas), and signed fields left out, which are signed as `0` and `undefined` (doc 1 §4.0 rule 5).
 */
function extraFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'payout-codegen-extra-'));
  const file = join(dir, 'extra.payout.http');
  const request = (name: string, path: string, body: string) =>
    `### ${name}\n# @name ${name}\nPOST {{base_url}}${path}\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n${body}\n}\n\n`;
  writeFileSync(
    file,
    request(
      'corpus',
      '/api/v2/orders/review-cashout',
      `  "userEmail": "corpus@example.com",\n  "fiatCurrency": "VND",\n  "fiatAmount": ${CORPUS_JSON},\n  "cryptoCurrency": "USDT"`,
    ) +
      request('noAmount', '/api/v2/orders/review-sell-order', '  "currency": "USDT"') +
      request('noCurrency', '/api/v2/wallet/balance', '  "fiatCurrency": "VND"'),
  );
  return file;
}

/**
 * Under /corpus~RUN the proxy is the service itself: it answers the corpus request with numbers
 * written as JSON text, signed with the sandbox's service key.
 */
function corpusAnswer(serviceKeyPem: string, secret: string): OwnAnswer {
  return (url) => {
    if (!/^\/corpus[~/]/.test(url)) return undefined;
    const text = `{"fiatAmount":${CORPUS_JSON},"currency":"USDT","price":100000.00,"tokenAmount":1e-7,"totalPayment":12345678901234567890}`;
    const data = JSON.parse(text) as Record<string, unknown>;
    const template = endpointById('v2.orders.review-cashout')!.response!.signature!;
    const signature = sign(
      'sha256',
      Buffer.from(buildCanonical(template, data).withSecret(secret)),
      createPrivateKey(serviceKeyPem),
    ).toString('base64');
    return {
      status: 201,
      body: `{"success":true,"message":"Success","data":${text.slice(0, -1)},"signature":"${signature}"},"errorCode":0,"semanticCode":"SUCCESS"}`,
    };
  };
}

const required = process.env.PAYOUT_HTTP_REQUIRE_TOOLCHAINS === '1';

describe('code: generated programs run against the local sandbox', function () {
  this.timeout(300_000);
  let sb: SandboxProcess;
  let proxy: RecordingProxy;
  let credentials: {
    partnerCode: string;
    secretKey: string;
    webhookSecretKey: string;
    privateKeyFile: string;
    pkcs1KeyFile: string;
    servicePublicKeyFile: string;
  };
  const savedHome = process.env.PAYOUT_HTTP_HOME;

  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    // The generator resolves requests through the same session as the CLI, in this process.
    process.env.PAYOUT_HTTP_HOME = sb.home;
    const dir = join(sb.home, 'credentials');
    const partner = JSON.parse(readFileSync(join(dir, 'partner.json'), 'utf8')) as {
      partnerCode: string;
      secretKey: string;
      webhookSecretKey: string;
    };
    const pkcs1KeyFile = join(mkdtempSync(join(tmpdir(), 'payout-codegen-key-')), 'partner-pkcs1.pem');
    writeFileSync(pkcs1KeyFile, createPrivateKey(readFileSync(join(dir, 'partner-private.pem'))).export({ type: 'pkcs1', format: 'pem' }), {
      mode: 0o600,
    });
    credentials = {
      ...partner,
      privateKeyFile: join(dir, 'partner-private.pem'),
      pkcs1KeyFile,
      servicePublicKeyFile: join(dir, 'service-public.pem'),
    };
    proxy = await startRecordingProxy(sb.url, corpusAnswer(readFileSync(join(dir, 'service-private.pem'), 'utf8'), partner.secretKey));
  });
  after(async () => {
    if (savedHome === undefined) delete process.env.PAYOUT_HTTP_HOME;
    else process.env.PAYOUT_HTTP_HOME = savedHome;
    proxy?.server.close();
    await sb?.stop();
  });

  const envFor = (over: Partial<Record<string, string>> = {}): NodeJS.ProcessEnv => ({
    PAYOUT_BASE_URL: `${proxy.url}/pass`,
    PAYOUT_PARTNER_CODE: credentials.partnerCode,
    PAYOUT_SECRET_KEY: credentials.secretKey,
    PAYOUT_PRIVATE_KEY_FILE: credentials.privateKeyFile,
    PAYOUT_SERVICE_PUBLIC_KEY_FILE: credentials.servicePublicKeyFile,
    // Only the /v3 scan-to-pay order reads it (its body has "{{webhookSecretKey}}").
    PAYOUT_WEBHOOK_SECRET_KEY: credentials.webhookSecretKey,
    ...over,
  });

  async function generate(file: string, name: string, language: Language, first: string[] = []): Promise<SessionProgram> {
    const session = openSession(file, undefined, 'sandbox');
    return programFromSession(session, name, language, first);
  }

  function checkSource(file: string): void {
    const source = readFileSync(file, 'utf8');
    assert.ok(!source.includes(credentials.secretKey) && !source.includes(credentials.webhookSecretKey), 'the program embeds no secret');
    assert.ok(!/PRIVATE KEY-----\s*[A-Za-z0-9+/]{16}/.test(source), 'the program embeds no key');
  }

  /** Everything a run must show besides its exit code: nothing secret printed, stderr's first line the signed string. */
  function checkOutput(r: Run, canonical: string): void {
    const all = r.stdout + r.stderr;
    assert.ok(!all.includes(credentials.secretKey), 'the secretKey is never printed');
    assert.ok(!all.includes('PRIVATE KEY'));
    assert.equal(r.stderr.split('\n')[0], canonical, `stderr starts with the signed string as payout-http sign prints it:\n${r.stderr}`);
  }

  it('the plan covers every signed /api/v2 and every bearer-token /v3 endpoint of the catalogue', () => {
    const signed = catalogue.endpoints
      .filter((e) => ['signed-v2', 'bearer-v3', 'sandbox-only'].includes(e.auth))
      .map((e) => e.id)
      .sort();
    assert.deepEqual([...new Set(PLAN.map((p) => p.endpoint))].sort(), signed);
  });

  for (const language of LANGUAGES) {
    describe(language, function () {
      let built: Built;
      let extra: Built;
      const generated = new Map<string, SessionProgram>();
      const runs = new Map<string, Run & { exchanges: Exchange[] }>();

      before(async function () {
        const found = findToolchain(language);
        if (!found.ok) {
          if (required) throw new Error(`PAYOUT_HTTP_REQUIRE_TOOLCHAINS=1 but ${language} cannot run: ${found.why}`);
          console.log(`      skipped: ${found.why}`);
          this.skip();
        }
        const v3Cashout = v3CashoutFile();
        await inPool(PLAN, 3, async (p) => {
          const file = p.file === V3_CASHOUT ? v3Cashout : join(REPO, 'examples', `${p.file}.payout.http`);
          generated.set(p.endpoint, await generate(file, p.name, language, p.first));
        });
        const command = found.ok ? found.command : '';
        built = await buildPrograms(language, command, generated);
        // Each endpoint's program runs once, three at a time (a JVM or Go binary start is most of a run).
        await inPool(PLAN, 3, async (p) => {
          const key = `${language}-${p.endpoint}`;
          const r = await built.run(p.endpoint, envFor({ PAYOUT_BASE_URL: `${proxy.url}/pass~${key}` }));
          runs.set(p.endpoint, { ...r, exchanges: proxy.exchanges.filter((e) => e.run === key) });
        });
        // These are for endpoints of the plan too (same file names): built in a second batch.
        const extraRequests = extraFile();
        for (const name of ['corpus', 'noAmount', 'noCurrency']) generated.set(name, await generate(extraRequests, name, language));
        extra = await buildPrograms(language, command, new Map(['corpus', 'noAmount', 'noCurrency'].map((k) => [k, generated.get(k)!])));
      });

      for (const p of PLAN.filter((x) => x.endpoint.startsWith('v2.'))) {
        it(`${p.endpoint} (examples/${p.file}.payout.http ${p.name}): exit 0, stdout the reply byte for byte, the reply verified`, () => {
          const g = generated.get(p.endpoint)!;
          assert.equal(g.model.endpoint.id, p.endpoint);
          checkSource(built.source(p.endpoint));
          const r = runs.get(p.endpoint)!;
          assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
          checkOutput(r, g.model.canonicalDisplay);
          assert.match(r.stderr, /response signature verified/);
          const [exchange, ...more] = r.exchanges;
          assert.equal(more.length, 0, 'one request per run');
          assert.equal(r.stdout, exchange.responseBody, 'stdout is exactly the body the service answered');
          // The body sent parses (as the service's JavaScript parses it) to values that sign as printed.
          const sent = JSON.parse(exchange.requestBody) as Record<string, unknown>;
          assert.equal(buildCanonical(g.model.endpoint.signedString!, sent).display, r.stderr.split('\n')[0]);
        });
      }

      for (const p of PLAN.filter((x) => x.endpoint.startsWith('v3.'))) {
        it(`${p.endpoint} (${p.file} ${p.name}): client assertion, bearer token, exit 0, stdout the reply byte for byte`, () => {
          const g = generated.get(p.endpoint)!;
          assert.equal(g.model.endpoint.id, p.endpoint);
          checkSource(built.source(p.endpoint));
          const r = runs.get(p.endpoint)!;
          assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
          checkOutput(r, bearerLine(g.model));
          const [token, exchange, ...more] = r.exchanges;
          assert.equal(more.length, 0, 'a token exchange and the request');
          assert.equal(token.path, '/v3/auth/tokens');
          const accessToken = (JSON.parse(token.responseBody) as { data: { accessToken: string } }).data.accessToken;
          assert.ok(!(r.stdout + r.stderr).includes(accessToken), 'the access token is never printed');
          assert.equal(r.stdout, exchange.responseBody, 'stdout is exactly the body the service answered');
          assert.equal(exchange.path, g.model.path);
          assert.equal(JSON.parse(r.stdout).code, 'SUCCESS');
        });
      }

      it('number helper: the corpus signs and reads back as JavaScript writes it (request and response)', async () => {
        const g = generated.get('corpus')!;
        const r = await extra.run('corpus', envFor({ PAYOUT_BASE_URL: `${proxy.url}/corpus~${language}` }));
        // Exit 0: the program's text of every corpus number in the reply (parsed from JSON text) matched JavaScript's.
        assert.equal(r.code, 0, r.stderr);
        const expected = g.model.canonicalDisplay;
        const corpusText = (JSON.parse(CORPUS_JSON) as number[]).map(String).join(',');
        assert.equal(expected.split('|')[3], corpusText);
        checkOutput(r, expected);
        const [exchange] = proxy.exchanges.filter((e) => e.run === language);
        assert.equal(r.stdout, exchange.responseBody);
        const sent = JSON.parse(exchange.requestBody) as { fiatAmount: number[] };
        assert.equal(sent.fiatAmount.map(String).join(','), corpusText, 'the body sent parses to the numbers the string was built from');
      });

      it('signed fields left out are signed as the document says (0, undefined): the sandbox accepts the signature', async () => {
        for (const [key, literal, code] of [
          ['noAmount', '|USDT|0|', 24],
          ['noCurrency', '|undefined|', 5],
        ] as const) {
          const g = generated.get(key)!;
          assert.ok(g.model.canonicalDisplay.includes(literal), g.model.canonicalDisplay);
          const r = await extra.run(key, envFor());
          checkOutput(r, g.model.canonicalDisplay);
          // The service checks the signature first: an error other than INVALID_SIGNATURE (2) means it verified.
          assert.equal(r.code, 1, r.stderr);
          assert.equal(JSON.parse(r.stdout).errorCode, code, r.stdout);
        }
      });

      it('a tampered data.signature exits 3', async () => {
        const r = await built.run('v2.account.verify', envFor({ PAYOUT_BASE_URL: `${proxy.url}/tamper~tampered` }));
        assert.equal(r.code, 3, r.stdout + r.stderr);
        assert.match(r.stderr, /data\.signature does not verify over .*\|<secretKey>/);
        assert.ok(!r.stderr.includes(credentials.secretKey));
      });

      it('a wrong secret, an unknown partner code and a closed port each exit 1', async () => {
        const closed = await new Promise<number>((done) => {
          const s = createServer().listen(0, '127.0.0.1', () => {
            const port = (s.address() as AddressInfo).port;
            s.close(() => done(port));
          });
        });
        const cases: [string, NodeJS.ProcessEnv, RegExp][] = [
          ['wrong secret', envFor({ PAYOUT_SECRET_KEY: 'not-the-secret' }), /INVALID_SIGNATURE \(2\)/],
          ['unknown partner', envFor({ PAYOUT_PARTNER_CODE: 'NOSUCHPARTNER' }), /\(4\)/],
          ['closed port', envFor({ PAYOUT_BASE_URL: `http://127.0.0.1:${closed}` }), /request failed/],
        ];
        for (const [what, env, message] of cases) {
          const r = await built.run('v2.account.verify', env);
          assert.equal(r.code, 1, `${what}: ${r.stdout}${r.stderr}`);
          assert.match(r.stderr, message, what);
          assert.ok(!(r.stdout + r.stderr).includes(credentials.secretKey));
        }
      });

      it('reads a PKCS#1 (RSA PRIVATE KEY) private key as well as PKCS#8', async () => {
        assert.match(readFileSync(credentials.pkcs1KeyFile, 'utf8'), /BEGIN RSA PRIVATE KEY/);
        const r = await built.run('v2.wallet.balance', envFor({ PAYOUT_PRIVATE_KEY_FILE: credentials.pkcs1KeyFile }));
        assert.equal(r.code, 0, r.stderr);
      });

      if (language === 'java') {
        it('runs as a single source file: java Name.java', async () => {
          const r = await run('java', [...JVM_QUICK_START, built.source('v2.account.verify')], { env: envFor() });
          assert.equal(r.code, 0, r.stderr);
          checkOutput(r, generated.get('v2.account.verify')!.model.canonicalDisplay);
        });
      }
    });
  }
});
