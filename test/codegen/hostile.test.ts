// Issue 22: values of a request file stay data in every generated program. For every language whose
// toolchain is here, one /api/v2 and one /v3 program are generated over a corpus of hostile values
// (quotes of every kind, backslashes, CR, LF, NUL, U+2028/2029, BOM, `${…}`, `#{…}`, `"""`, `?>`,
// `*/`, `\u000a`...) in every place a value can reach: body strings and keys (nested too), `# @user`,
// environment values, the path, headers, a base URL with a path of its own. Each program is built
// and run against the local sandbox through a recording proxy. Each payload, run as code, would
// print PW and NED joined; the marker never appears, and the bytes sent sign to what
// `payout-http sign` shows (the sandbox verifies that signature).
// Values no program can write exactly (1e400, a lone surrogate) are refused naming the field, and a
// secret in an escaped or percent-encoded form never reaches a program.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodegenError, LANGUAGES, programFromSession, type Language, type SessionProgram } from '../../engine/codegen';
import { buildCanonical } from '../../engine/signing';
import { startRecordingProxy, type RecordingProxy } from './recordingProxy';
import { openSession } from '../../cli/session';
import { runCli } from '../cli/run';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { buildPrograms, findToolchain, type Run } from './toolchains';

const MARKER = ['PW', 'NED'].join('');

/** Each would print the marker if it ended a literal or a comment and ran as code in some language. */
const PIECES = [
  `'); console.log('PW'+'NED'); ('`,
  `"); console.log("PW"+"NED"); ("`,
  `\\'); console.log('PW'+'NED'); //`,
  `\\"); System.out.println("PW"+"NED"); //`,
  `"""); print("PW"+"NED"); ("""`,
  `'''); print('PW'+'NED'); ('''`,
  "${console.log('PW'+'NED')}",
  "`; console.log('PW'+'NED'); `",
  `#{puts 'PW'+'NED'}`,
  `{$x}$y`,
  `'; echo 'PW'.'NED'; '`,
  `"; echo "PW"."NED"; "`,
  `?> <?php echo 'PW'.'NED'; ?>`,
  `*/ System.out.println("PW"+"NED"); /*`,
  `\\u000a System.out.println("PW"+"NED");`,
  `\\u0022); System.out.println("PW"+"NED"); //`,
  `\nconsole.log('PW'+'NED')//`,
  `\nprint("PW"+"NED")#`,
  `\r\necho 'PW'.'NED';//`,
  `\u2028console.log('PW'+'NED')//`,
  `\u2029console.log('PW'+'NED')//`,
  `\n\tfmt.Println("PW"+"NED")//`,
  '\u0000',
  '\r',
  '\u007f\u001b[31m\u0008',
  '\ufeff',
  'é中😀',
  '\\',
  '%s%n%x',
];
const HOSTILE = PIECES.join('|');
/** Piece by piece, for a URL path segment: no `/`, `\`, `?` or `#`, which a URL reads as structure. */
const PATH_SEGMENT = `o'");console.log('PW'+'NED');$x={$y}*+`;
/** A header value may not hold CR or LF. */
const HEADER = `h'");console.log('PW'+'NED');//\${x}#{y}?>`;

/**
 * The request file and its environment `evil`: the sandbox's credentials, a base URL with a path of
 * its own and a quote in it (the program's path is the endpoint's only), the hostile values.
 */
function requestFile(dir: string, sandboxUrl: string, credentials: string): string {
  const partner = JSON.parse(readFileSync(join(credentials, 'partner.json'), 'utf8')) as { partnerCode: string; secretKey: string };
  writeFileSync(
    join(dir, 'http-client.env.json'),
    JSON.stringify({
      evil: {
        base_url: `${sandboxUrl}/api/gw'x`,
        partnerCode: partner.partnerCode,
        evil: HOSTILE,
        evilHeader: HEADER,
        evilUser: `u${HOSTILE}@example.com`,
        evilId: PATH_SEGMENT,
      },
    }),
  );
  writeFileSync(
    join(dir, 'http-client.private.env.json'),
    JSON.stringify({ evil: { secretKey: partner.secretKey, privateKeyFile: join(credentials, 'partner-private.pem') } }),
  );
  const keys = PIECES.map((p, i) => `    ${JSON.stringify(`k${i}${p}`)}: ${JSON.stringify(p)}`).join(',\n');
  const file = join(dir, 'hostile.payout.http');
  writeFileSync(
    file,
    `### v2\n# @name v2\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\nX-Note: {{evilHeader}}\n\n` +
      `{\n  "partnerCode": "{{partnerCode}}",\n  "currency": "{{evil}}",\n  "memo": ${JSON.stringify(HOSTILE)},\n` +
      `  "nested": {\n${keys},\n    "list": [${JSON.stringify(HOSTILE)}, 1.5, null, true]\n  },\n${keys.replace(/^ {4}/gm, '  ')}\n}\n\n` +
      `### v3\n# @name v3\n# @user {{evilUser}}\nGET {{base_url}}/v3/orders/{{evilId}}\nX-Note: {{evilHeader}}\n\n`,
  );
  return file;
}

const required = process.env.PAYOUT_HTTP_REQUIRE_TOOLCHAINS === '1';

describe('code: hostile values stay data in every language (issue 22)', function () {
  this.timeout(300_000);
  let sb: SandboxProcess;
  let proxy: RecordingProxy;
  let file: string;
  let signed: string;
  let env: NodeJS.ProcessEnv;
  const savedHome = process.env.PAYOUT_HTTP_HOME;

  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    process.env.PAYOUT_HTTP_HOME = sb.home;
    proxy = await startRecordingProxy(sb.url);
    const creds = join(sb.home, 'credentials');
    file = requestFile(mkdtempSync(join(tmpdir(), 'payout-codegen-hostile-')), sb.url, creds);
    const partner = JSON.parse(readFileSync(join(creds, 'partner.json'), 'utf8')) as { partnerCode: string; secretKey: string };
    env = {
      PAYOUT_PARTNER_CODE: partner.partnerCode,
      PAYOUT_SECRET_KEY: partner.secretKey,
      PAYOUT_PRIVATE_KEY_FILE: join(creds, 'partner-private.pem'),
      PAYOUT_SERVICE_PUBLIC_KEY_FILE: join(creds, 'service-public.pem'),
    };
    // What `payout-http sign` shows for the /api/v2 request, from the CLI itself.
    const r = await runCli(['sign', file, '--name', 'v2', '--env', 'evil', '--json'], { home: sb.home });
    assert.equal(r.code, 0, r.stderr);
    [{ canonical: signed }] = JSON.parse(r.stdout) as { canonical: string }[];
  });
  after(async () => {
    if (savedHome === undefined) delete process.env.PAYOUT_HTTP_HOME;
    else process.env.PAYOUT_HTTP_HOME = savedHome;
    proxy?.server.close();
    await sb?.stop();
  });

  const generate = (name: string, language: Language): Promise<SessionProgram> =>
    programFromSession(openSession(file, 'evil', 'credentials'), name, language);

  for (const language of LANGUAGES) {
    describe(language, function () {
      const runs = new Map<string, Run>();
      const programs = new Map<string, SessionProgram>();

      before(async function () {
        const found = findToolchain(language);
        if (!found.ok) {
          if (required) throw new Error(`PAYOUT_HTTP_REQUIRE_TOOLCHAINS=1 but ${language} cannot run: ${found.why}`);
          console.log(`      skipped: ${found.why}`);
          this.skip();
        }
        for (const name of ['v2', 'v3']) programs.set(name, await generate(name, language));
        const built = await buildPrograms(language, found.command, programs);
        for (const name of ['v2', 'v3']) {
          runs.set(name, await built.run(name, { ...env, PAYOUT_BASE_URL: `${proxy.url}/pass~${language}-${name}` }));
        }
      });

      it('the path is the endpoint path once, joined to PAYOUT_BASE_URL (not the file base path again)', () => {
        assert.equal(programs.get('v2')!.model.path, '/api/v2/wallet/balance');
        assert.match(programs.get('v3')!.model.path, /^\/v3\/orders\/o'/);
      });

      it('/api/v2: no injected code ran; the bytes sent sign to what `payout-http sign` shows, and the sandbox verifies it', () => {
        const r = runs.get('v2')!;
        assert.ok(!(r.stdout + r.stderr).includes(MARKER), `injected code ran:\n${r.stdout}\n${r.stderr}`);
        const [exchange, ...more] = proxy.exchanges.filter((e) => e.run === `${language}-v2`);
        assert.ok(exchange, `the program sent nothing: exit ${r.code}\n${r.stderr}`);
        assert.equal(more.length, 0);
        assert.equal(exchange.path, '/api/v2/wallet/balance');
        const g = programs.get('v2')!;
        const sent = JSON.parse(exchange.requestBody) as Record<string, unknown>;
        assert.equal(buildCanonical(g.model.endpoint.signedString!, sent).display, signed);
        assert.equal(sent.currency, HOSTILE);
        assert.equal(sent.memo, HOSTILE);
        PIECES.forEach((p, i) => assert.equal(sent[`k${i}${p}`], p, `key ${i}`));
        assert.deepEqual(sent.nested, JSON.parse(JSON.stringify(sent.nested)));
        const nested = sent.nested as Record<string, unknown>;
        PIECES.forEach((p, i) => assert.equal(nested[`k${i}${p}`], p, `nested key ${i}`));
        assert.deepEqual(nested.list, [HOSTILE, 1.5, null, true]);
        // Signature first (doc 1): any error but INVALID_SIGNATURE (2) means the sandbox verified it.
        assert.notEqual((JSON.parse(exchange.responseBody) as { errorCode?: number }).errorCode, 2, exchange.responseBody);
      });

      it('/v3: no injected code ran; the user and the path are sent exactly as the file says', () => {
        const r = runs.get('v3')!;
        assert.ok(!(r.stdout + r.stderr).includes(MARKER), `injected code ran:\n${r.stdout}\n${r.stderr}`);
        const [token] = proxy.exchanges.filter((e) => e.run === `${language}-v3`);
        assert.ok(token, `the program sent nothing: exit ${r.code}\n${r.stderr}`);
        assert.equal(token.path, '/v3/auth/tokens');
        assert.equal((JSON.parse(token.requestBody) as { userEmail: string }).userEmail, `u${HOSTILE}@example.com`);
        // The hostile user has no account, so the exchange is refused and the program stops there, exit 1.
        assert.equal(r.code, 1, r.stderr);
      });

      it('`payout-http code` prints the program byte for byte (no terminal sanitizer on program text)', async () => {
        const r = await runCli(['code', file, '--name', 'v2', '--env', 'evil', '--lang', language], { home: sb.home });
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout, programs.get('v2')!.program);
      });

      it('the program text holds no header value and no raw control character', () => {
        for (const name of ['v2', 'v3']) {
          const text = programs.get(name)!.program;
          assert.ok(!text.includes(HEADER), 'headers do not reach programs');
          assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029\ufeff]/.test(text), `${name}: a raw control character in the program`);
        }
      });
    });
  }
});

describe('code: values a program cannot write exactly, and secrets in any encoding (issue 22)', () => {
  const PARTNER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
  function session(body: string, path = '/api/v2/wallet/balance', secretKey = 'sk-test-123456'): ReturnType<typeof openSession> {
    const dir = mkdtempSync(join(tmpdir(), 'payout-codegen-refuse-'));
    writeFileSync(
      join(dir, 'http-client.env.json'),
      JSON.stringify({ prod: { base_url: 'https://payout.example.com/api/gw', partnerCode: 'PARTNER1' } }),
    );
    writeFileSync(join(dir, 'partner.pem'), PARTNER_KEY, { mode: 0o600 });
    writeFileSync(join(dir, 'http-client.private.env.json'), JSON.stringify({ prod: { secretKey, privateKeyFile: 'partner.pem' } }));
    writeFileSync(join(dir, 'r.payout.http'), `### r\n# @name r\nPOST {{base_url}}${path}\nContent-Type: application/json\n\n${body}\n`);
    return openSession(join(dir, 'r.payout.http'), 'prod', 'credentials');
  }

  async function refusal(s: ReturnType<typeof openSession>, language: Language): Promise<string> {
    try {
      await programFromSession(s, 'r', language);
    } catch (err) {
      assert.ok(err instanceof CodegenError, String(err));
      return err.message;
    }
    assert.fail(`${language}: a program was generated`);
  }

  for (const language of LANGUAGES) {
    it(`${language}: 1e400 and a lone surrogate are refused, naming the field`, async () => {
      const big = await refusal(
        session('{ "partnerCode": "{{partnerCode}}", "currency": "USDT", "extra": { "amount": 1e400 } }'),
        language,
      );
      assert.match(big, /extra\.amount is Infinity/);
      const lone = await refusal(session('{ "partnerCode": "{{partnerCode}}", "currency": "\\ud800x" }'), language);
      assert.match(lone, /currency holds a lone surrogate/);
    });

    it(`${language}: a secretKey with a quote and a backslash is found JSON-escaped in the body and percent-encoded in the path`, async () => {
      const secret = 'se"cr\\et/ key';
      const inBody = await refusal(
        session('{ "partnerCode": "{{partnerCode}}", "currency": "x{{secretKey}}y" }', undefined, secret),
        language,
      );
      assert.match(inBody, /secret/);
      const inPath = await refusal(
        session('{ "partnerCode": "{{partnerCode}}", "currency": "USDT" }', '/api/v2/wallet/balance?k={{secretKey}}', secret),
        language,
      );
      assert.match(inPath, /secret/);
      assert.ok(!inBody.includes(secret) && !inPath.includes(secret));
    });
  }
});
