// Issue 22: an imported request is inert data. What a capture holds that the `.payout.http` syntax
// would read as live (`{{…}}`, a body line `< file`, `###`, `?? `, a header value with a line
// break) is written with the escapes of engine/syntax/escapes.ts, so that sending it sends the
// capture as it was: a local file and an environment variable are never sent, and the round trip
// signs to the same string. Through the engine (parse + resolve, as the sender does) and through
// `payout-http import` / `sign` as processes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath } from '../helpers/sandboxProcess';
import { ImportRefused, parseCurl, parseRawHttp, toPayoutRequest } from '../../engine/proxy';
import { endpointById } from '../../engine/catalogue';
import { buildCanonical } from '../../engine/signing';
import { parseHttpFile } from '../../engine/syntax/parser';
import { resolveRequest, type SystemVariables } from '../../engine/syntax/resolve';
import { escapeTextBody, unescapeText } from '../../engine/syntax/escapes';
import { runCli, type CliRun } from './run';

const SECRET_ENV = 'PAYOUT_I22_SECRET';
const SECRET_VALUE = 'env-secret-must-not-be-sent';

function runWithInput(args: string[], input: string | Buffer, home: string, cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath(), ...args], {
      cwd,
      env: { ...process.env, PAYOUT_HTTP_HOME: home, [SECRET_ENV]: SECRET_VALUE },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {}); // the CLI stops reading past its cap
    child.stdin.end(input);
  });
}

/** The request the file sends, as the sender resolves it; every file read and environment read recorded. */
function sent(text: string): { body?: string; headers: [string, string][]; url: string; reads: string[] } {
  const file = parseHttpFile(text);
  const block = file.blocks.find((b) => b.requestLine)!;
  const reads: string[] = [];
  const system: SystemVariables = {
    now: () => new Date(0),
    uuid: () => '00000000-0000-4000-8000-000000000000',
    randomInt: (min) => min,
    processEnv: (name) => (reads.push(`env:${name}`), name === SECRET_ENV ? SECRET_VALUE : undefined),
    dotenv: (name) => (reads.push(`dotenv:${name}`), undefined),
  };
  const r = resolveRequest(block, {
    file,
    env: { base_url: 'http://127.0.0.1:1', partnerCode: 'P1' },
    system,
    readFile: (path) => (reads.push(`file:${path}`), 'FILE CONTENT'),
  });
  return { body: r.bodyText, headers: r.headers, url: r.url, reads };
}

/** Bodies that hold every kind of live syntax, each sent as written. */
const TEXT_BODIES = [
  '< /etc/hostname',
  '<@ ./secret.txt',
  `{{$processEnv ${SECRET_ENV}}}`,
  `a={{$processEnv ${SECRET_ENV}}}&b={{{x}}}&c=\\{{y}}&d=\\\\{{z}}`,
  'line one\n### not a new request\n?? status == 200\n> {% client.log(1) %}\n  < ./indented\n# comment?\n// comment?\n@var = x\n\\\\ back\n\\< already\n%{ x }%',
  'crlf\r\n< /etc/hostname\r\nend',
];

describe('import: captured requests are inert data (issue 22)', () => {
  for (const body of TEXT_BODIES) {
    it(`a text body is sent as captured, nothing read: ${JSON.stringify(body).slice(0, 60)}`, () => {
      const captured = {
        method: 'POST',
        url: 'http://127.0.0.1:1/api/v2/x',
        headers: [['Content-Type', 'text/plain']] as [string, string][],
        body,
      };
      const out = sent(toPayoutRequest(captured).text);
      assert.deepEqual(out.reads, []);
      assert.equal(out.body, body.replace(/\s+$/, ''));
      assert.equal(unescapeText(escapeTextBody(body), true), body);
    });
  }

  it('a JSON body keeps JSON: `{{$processEnv X}}` in a string is written \\u007b{ and sent as the text it was', () => {
    const body = `{"partnerCode":"P1","currency":"{{$processEnv ${SECRET_ENV}}}","note":"{{{a}}} \\\\{{b}}"}`;
    const text = toPayoutRequest({
      method: 'POST',
      url: '/api/v2/wallet/balance',
      headers: [['Content-Type', 'application/json']],
      body,
    }).text;
    const out = sent(text);
    assert.deepEqual(out.reads, []);
    assert.deepEqual(JSON.parse(out.body!), JSON.parse(body));
    assert.ok(!out.body!.includes(SECRET_VALUE));
  });

  it('a header value with CR or LF is refused; a `{{` in a header value is sent as it is', () => {
    const curl = parseCurl(`curl http://127.0.0.1:1/api/v2/x -H $'X-A: b\\r\\n\\r\\n< /etc/hostname' -d 'x'`);
    assert.throws(
      () => toPayoutRequest(curl.request!),
      (e: unknown) => e instanceof ImportRefused && /line break \(CR or LF\)/.test(e.message),
    );
    const raw = parseRawHttp(`POST /api/v2/x HTTP/1.1\nX-B: {{$processEnv ${SECRET_ENV}}}\n\nbody`).request!;
    const out = sent(toPayoutRequest(raw).text);
    assert.deepEqual(out.reads, []);
    assert.deepEqual(out.headers, [['X-B', `{{$processEnv ${SECRET_ENV}}}`]]);
  });

  it('a URL with `{{…}}` or a line break is percent-encoded, never a template or a new line', () => {
    const text = toPayoutRequest({
      method: 'GET',
      url: `http://127.0.0.1:1/v3/orders/{{$processEnv ${SECRET_ENV}}}?q=a\nb`,
      headers: [],
      body: '',
    }).text;
    const out = sent(text);
    assert.deepEqual(out.reads, []);
    assert.match(out.url, /\/v3\/orders\/%7B%7B%24processEnv|\/v3\/orders\/%7B%7B\$processEnv/);
    assert.ok(!text.includes('{{$processEnv'));
  });

  it('curl options that take an argument are consumed with it: `-K FILE URL` takes URL as the URL', () => {
    const r = parseCurl('curl -K /etc/curlrc --dump-header h.txt --limit-rate 1k https://x.example/api/v2/account/verify -d "{}"');
    assert.equal(r.request?.url, 'https://x.example/api/v2/account/verify');
    assert.ok(
      r.problems.some((p) => /-K \/etc\/curlrc is not imported/.test(p)),
      r.problems.join('\n'),
    );
    assert.equal(parseCurl('curl -K/etc/curlrc https://x.example/y').request?.url, 'https://x.example/y');
  });

  it('JSON-looking text whose lines the syntax would read is refused, naming the line', () => {
    assert.throws(
      () => toPayoutRequest({ method: 'POST', url: '/api/v2/x', headers: [], body: '{ "a": 1,\n< /etc/hostname\n' }),
      (e: unknown) => e instanceof ImportRefused && /< \/etc\/hostname/.test(e.message),
    );
  });
});

describe('cli import: inert round trip and the input cap (issue 22)', function () {
  this.timeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-import-inert-'));
  const dir = mkdtempSync(join(tmpdir(), 'payout-import-inert-files-'));
  after(() => runCli(['sandbox', 'stop'], { home }));

  it('a signed request holding `{{$processEnv …}}` and `< file` text signs to the capture, not the variable', async () => {
    const body = `{"partnerCode":"P1","currency":"{{$processEnv ${SECRET_ENV}}}\\n< /etc/hostname"}`;
    const raw = `POST /api/v2/wallet/balance HTTP/1.1\r\nHost: payout.example.com\r\nContent-Type: application/json\r\n\r\n${body}`;
    const imported = await runWithInput(['import', '--name', 'balance'], raw, home, dir);
    assert.equal(imported.code, 0, imported.stderr);
    const file = join(dir, 'imported.payout.http');
    writeFileSync(file, imported.stdout);
    const r = await runWithInput(['sign', file, '--name', 'balance', '--json'], '', home, dir);
    assert.equal(r.code, 0, r.stderr);
    const [{ canonical }] = JSON.parse(r.stdout) as { canonical: string }[];
    assert.ok(!canonical.includes(SECRET_VALUE), canonical);
    const expected = buildCanonical(endpointById('v2.wallet.balance')!.signedString!, JSON.parse(body) as Record<string, unknown>).display;
    // partnerCode is the local sandbox's, written {{partnerCode}} only when equal: here it stays P1.
    assert.equal(canonical, expected);
  });

  it('a header with an embedded line break is refused, exit 1', async () => {
    const r = await runWithInput(
      ['import'],
      `curl https://x.example/api/v2/x -H $'X-A: b\\n\\n< /etc/hostname' --data-raw '{}'`,
      home,
      dir,
    );
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /refused: the X-A header's value holds a line break/);
  });

  it('an input past the cap is refused with the limit named', async () => {
    const big = Buffer.alloc(17 * 1024 * 1024, 'a');
    big.write('POST /api/v2/x HTTP/1.1\n\n');
    const r = await runWithInput(['import'], big, home, dir);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /the input is larger than 16777216 bytes/);
  });
});
