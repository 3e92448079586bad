// Secrets kept in the editor's SecretStorage reach the language server only through the
// `payoutHttp/secrets` request (this test plays the client answering it), and lint (a typed
// `signature` checked against them) and Send (the local sandbox judges the signature) both use
// them, while they appear in no log, no stderr line and no view text. Real server process (the
// bundled dist/server.js), real local sandbox started by the server on the first send.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { SecretsChangedNotification, SecretsRequest, SendRequest, type SendOutcome, type StoredSecrets } from '../../engine/protocol';
import { stopLocalSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { readPrivateKeyFile, signText } from '../../engine/signing';
import { SEND_SETTINGS, startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

const STORED = 'stored-in-SecretStorage-7f3a9c';

const mismatches = (p: PublishDiagnosticsParams) => p.diagnostics.filter((d) => d.code === 'payout/signature-mismatch');

describe('editor secrets: payoutHttp/secrets feeds lint and Send, never shown (dist/server.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let home: string;
  let server: ServerSession;
  let stored: StoredSecrets = {};
  const asked: string[] = [];
  /** Holds the editor's answers back while pending (an OS keychain can be slow to answer). */
  let answerGate: Promise<void> | undefined;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-secrets-'));
    home = join(dir, 'home');
    const creds = await ensureLocalCredentials(home);
    // a signature a backend made with the stored secretKey: right only when the stored one is used
    const typed = signText(`${creds.partnerCode}|${STORED}`, readPrivateKeyFile(creds.partnerPrivateKeyFile));
    writeFileSync(
      join(dir, 'typed.payout.http'),
      `### Typed signature\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "${creds.partnerCode}",\n  "signature": "${typed}"\n}\n`,
    );
    writeFileSync(
      join(dir, 'send.payout.http'),
      `### Account\n# @name account\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n`,
    );
    server = await startServer(
      { environment: 'local' },
      { ...process.env, PAYOUT_HTTP_HOME: home },
      {
        [SecretsRequest.method]: async (p: { environment: string }) => {
          asked.push(p.environment);
          const answer = stored; // what the keychain holds when the question arrives
          await answerGate;
          return answer;
        },
      },
    );
  });

  after(async () => {
    await server?.close();
    await stopLocalSandbox({ home }).catch(() => false);
    removeFolder(dir);
  });

  it('lints a typed signature against the stored secretKey once the editor has one', async () => {
    const uri = pathToFileURL(join(dir, 'typed.payout.http')).href;
    const first = server.diagnostics(uri);
    await server.open(uri, (await import('node:fs')).readFileSync(join(dir, 'typed.payout.http'), 'utf8'));
    // with nothing stored, the env file's secretKey is used: the typed signature does not match it
    assert.equal(mismatches(await first).length, 1, JSON.stringify((await first).diagnostics));
    assert.ok(asked.includes('local'), 'the server never asked the editor for the stored secrets');
    stored = { secretKey: STORED };
    const next = server.diagnostics(uri);
    await server.connection.sendNotification(SecretsChangedNotification.method, { environment: 'local' });
    assert.deepEqual(mismatches(await next), [], 'lint still checks against the env file secret');
  });

  it('signs a Send with the stored secretKey, and with the env file once it is forgotten', async () => {
    const uri = pathToFileURL(join(dir, 'send.payout.http')).href;
    await server.open(uri, (await import('node:fs')).readFileSync(join(dir, 'send.payout.http'), 'utf8'));
    const send = () => server.connection.sendRequest<SendOutcome>(SendRequest.method, { uri, line: 2, settings: SEND_SETTINGS });
    // the stored secret is not the sandbox's: the sandbox rejects the signature (doc 1 error 2)
    const rejected = await send();
    assert.match(rejected.results[0].headline ?? '', /INVALID_SIGNATURE/, rejected.results[0].text);
    stored = {};
    await server.connection.sendNotification(SecretsChangedNotification.method, { environment: 'local' });
    // (the server asks again on the notification; the send waits for that answer)
    const accepted = await send();
    assert.equal(accepted.results[0].verdict, 'verified', accepted.results[0].text);
    assert.ok(accepted.results[0].ok);
    for (const outcome of [rejected, accepted])
      assert.ok(!JSON.stringify(outcome).includes(STORED), 'a send result shows the stored secret');
  });

  it('asks the editor again when a secret changes while its last answer is still on the way', async () => {
    const uri = pathToFileURL(join(dir, 'send.payout.http')).href;
    const send = () => server.connection.sendRequest<SendOutcome>(SendRequest.method, { uri, line: 2, settings: SEND_SETTINGS });
    let release = () => {};
    answerGate = new Promise((r) => (release = r));
    const before = asked.length;
    stored = { secretKey: STORED };
    await server.connection.sendNotification(SecretsChangedNotification.method, { environment: 'local' });
    while (asked.length === before) await new Promise((r) => setTimeout(r, 10)); // the question reached the editor
    // forgotten before that answer (the stored secret) arrived: the answer is stale
    stored = {};
    await server.connection.sendNotification(SecretsChangedNotification.method, { environment: 'local' });
    const sent = send();
    answerGate = undefined;
    release();
    const outcome = await sent;
    assert.equal(outcome.results[0].verdict, 'verified', 'the send was signed with the forgotten secret');
    assert.equal(asked.length, before + 2, 'the editor was not asked again after the second change');
  });

  it('never writes the stored secret into a log or stderr', () => {
    const all = [...server.logs, ...server.stderr].join('\n');
    assert.ok(all.length > 0, 'the server logged nothing at all (is the log captured?)');
    assert.ok(!all.includes(STORED), 'the stored secret is in the server output');
  });
});
