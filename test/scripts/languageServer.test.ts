// JetBrains-style scripts run by the editor's Send and Send All, through a real language-server
// process (dist/server.js) against the local sandbox as a process of its own: client.global lasts
// across sends, client.test results are the outcome's assertions (what the response view, the
// Test Explorer and the summary read), a runaway script is stopped while the server keeps answering,
// and in Restricted Mode no script runs and nothing is sent.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SendAllRequest, SendRequest, type SendOutcome } from '../../engine/protocol';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { SEND_SETTINGS, startServer, type ServerSession } from '../lsp/harness';
import { CHAIN, ENDLESS_ALLOCATION, ENDLESS_LOOP } from './chainFile';

describe('language server: Send and Send All run the scripts of a request file', function () {
  this.timeout(90_000);
  let sb: SandboxProcess;
  let dir: string;
  const servers: ServerSession[] = [];
  const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;
  const testUsersSeen = () => sb.output().split('/sandbox/test-users').length - 1;

  async function server(options: object): Promise<ServerSession> {
    const s = await startServer({ environment: 'local', ...options }, { ...process.env, PAYOUT_HTTP_HOME: sb.home });
    servers.push(s);
    for (const [name, text] of Object.entries({ 'chain.payout.http': CHAIN, 'runaway.payout.http': ENDLESS_LOOP + ENDLESS_ALLOCATION })) {
      writeFileSync(join(dir, name), text);
      await s.open(uriOf(name), text);
    }
    return s;
  }

  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    dir = mkdtempSync(join(tmpdir(), 'payout-scripts-lsp-'));
  });
  after(async () => {
    for (const s of servers) await s.close();
    await sb?.stop();
  });

  it('Send All runs the chain; a later Send reads the token client.global kept; tests are assertions; logs are redacted', async () => {
    const s = await server({});
    const all = await s.connection.sendRequest<SendOutcome>(SendAllRequest.method, {
      uri: uriOf('chain.payout.http'),
      settings: SEND_SETTINGS,
    });
    assert.deepEqual(
      all.results.map((r) => [r.label, r.status, r.ok]),
      [
        ['testUser', 200, true],
        ['login', 200, true],
        ['balances', 200, true],
      ],
    );
    assert.deepEqual(all.results[1].assertions, [{ text: 'a token is issued', ok: true }]);
    assert.deepEqual(all.results[2].assertions, [{ text: 'the token is accepted', ok: true }]);
    assert.match(all.results[1].text, /Script log:\n {2}token <accessToken>/);
    assert.ok(!/eyJ[\w-]+\.[\w-]+\./.test(JSON.stringify(all)), 'no JWT anywhere in the outcome');
    // A send of its own, later: the token is still in the server's client.global.
    const again = await s.connection.sendRequest<SendOutcome>(SendRequest.method, {
      uri: uriOf('chain.payout.http'),
      line: CHAIN.split('\n').findIndex((l) => l.startsWith('GET {{base_url}}/v3/fund/balances')),
      settings: SEND_SETTINGS,
    });
    assert.deepEqual(
      again.results.map((r) => [r.label, r.ok, r.assertions]),
      [['balances', true, [{ text: 'the token is accepted', ok: true }]]],
    );
  });

  it('stops a looping and an allocating handler within the limits, and the server goes on answering', async () => {
    const s = servers[0];
    const out = await s.connection.sendRequest<SendOutcome>(SendAllRequest.method, {
      uri: uriOf('runaway.payout.http'),
      settings: SEND_SETTINGS,
    });
    assert.deepEqual(
      out.results.map((r) => [r.label, r.ok]),
      [
        ['looping', false],
        ['hoarding', false],
      ],
    );
    assert.match(out.results[0].assertions[0].message ?? '', /the response handler of looping was stopped after 5 s, the time limit/);
    assert.match(out.results[1].assertions[0].message ?? '', /the response handler of hoarding was stopped: it used more than 64 MB/);
    assert.ok(s.child.exitCode === null, 'the server is still running');
    const after = await s.connection.sendRequest<SendOutcome>(SendRequest.method, {
      uri: uriOf('chain.payout.http'),
      line: 2,
      settings: SEND_SETTINGS,
    });
    assert.deepEqual(
      after.results.map((r) => [r.label, r.ok]),
      [['testUser', true]],
    );
  });

  it('in Restricted Mode runs no script: a request with one is refused, named, and not sent', async () => {
    const s = await server({ restricted: true });
    const before = testUsersSeen();
    const out = await s.connection.sendRequest<SendOutcome>(SendAllRequest.method, {
      uri: uriOf('chain.payout.http'),
      settings: SEND_SETTINGS,
    });
    assert.equal(out.results.length, 3);
    for (const r of out.results) {
      assert.equal(r.ok, false);
      assert.match(
        r.error ?? '',
        new RegExp(`^${r.label} has a pre-request script or response handler, and scripts do not run in Restricted Mode`),
      );
    }
    assert.equal(testUsersSeen(), before, 'nothing reached the sandbox');
  });
});
