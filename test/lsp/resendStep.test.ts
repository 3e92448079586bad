// Send on one step of a chain whose dependency is reached only through `# @user {{userEmail}}`
// (`@userEmail = {{testUser.response.body.$.userEmail}}`), as in examples/sandbox-test-pass: the
// step sends its dependency first when nothing answered it yet, and reuses the last response of
// the dependency since the server started otherwise (after Send All, or after sending it alone).
// Real server process (dist/server.js) and the real local sandbox it starts.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SendAllRequest, SendRequest, type SendOutcome, type SentRequest } from '../../engine/protocol';
import { stopLocalSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { removeFolder } from '../helpers/folders';
import { SEND_SETTINGS, startServer, type ServerSession } from './harness';

const CHAIN = `@userEmail = {{testUser.response.body.$.userEmail}}

### 0. A fresh test user
# @name testUser
POST {{base_url}}/sandbox/test-users

### 3. Check the fund
# @name fund
# @user {{userEmail}}
GET {{base_url}}/v3/fund/balances?currency=USDT
`;
const FUND_LINE = 9;
const TEST_USER_LINE = 4;

/** The e-mail a testUser result's response view shows. */
function emailOf(r: SentRequest | undefined): string {
  const m = /"userEmail": ?"([^"]+)"/.exec(r?.text ?? '');
  assert.ok(m, `no userEmail in ${r?.text}`);
  return m[1];
}

/** The user the step's token was for, as its response view says. */
function tokenUserOf(r: SentRequest | undefined): string {
  const m = /^Token: for (\S+),/m.exec(r?.text ?? '');
  assert.ok(m, `no token line in ${r?.text}`);
  return m[1];
}

describe('a # @user step sent alone over LSP (dist/server.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let home: string;
  let server: ServerSession;
  let uri: string;

  const send = (line: number) => server.connection.sendRequest<SendOutcome>(SendRequest.method, { uri, line, settings: SEND_SETTINGS });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-resend-'));
    home = join(dir, 'home');
    await ensureLocalCredentials(home);
    writeFileSync(join(dir, 'chain.payout.http'), CHAIN);
    uri = pathToFileURL(join(dir, 'chain.payout.http')).href;
    server = await startServer({ environment: 'local' }, { ...process.env, PAYOUT_HTTP_HOME: home });
    await server.open(uri, CHAIN);
  });

  after(async () => {
    await server?.close();
    await stopLocalSandbox({ home }).catch(() => false);
    removeFolder(dir);
  });

  it('sends the dependency first when nothing answered it yet', async () => {
    const outcome = await send(FUND_LINE);
    assert.deepEqual(
      outcome.results.map((r) => [r.label, r.error, r.status]),
      [
        ['testUser', undefined, 200],
        ['fund', undefined, 200],
      ],
    );
    assert.equal(tokenUserOf(outcome.results[1]), emailOf(outcome.results[0]));
  });

  it('reuses the last response of the dependency when the step is sent again', async () => {
    const outcome = await send(FUND_LINE);
    assert.deepEqual(
      outcome.results.map((r) => [r.label, r.error, r.status]),
      [['fund', undefined, 200]],
    );
  });

  it('after the dependency alone, the step runs as the user it just created', async () => {
    const created = await send(TEST_USER_LINE);
    assert.deepEqual(
      created.results.map((r) => r.label),
      ['testUser'],
    );
    const outcome = await send(FUND_LINE);
    assert.deepEqual(
      outcome.results.map((r) => [r.label, r.error, r.status]),
      [['fund', undefined, 200]],
    );
    assert.equal(tokenUserOf(outcome.results[0]), emailOf(created.results[0]));
  });

  it('after Send All, the step is re-sent alone with the user Send All created', async () => {
    const all = await server.connection.sendRequest<SendOutcome>(SendAllRequest.method, { uri, settings: SEND_SETTINGS });
    assert.deepEqual(
      all.results.map((r) => [r.label, r.ok]),
      [
        ['testUser', true],
        ['fund', true],
      ],
    );
    const outcome = await send(FUND_LINE);
    assert.deepEqual(
      outcome.results.map((r) => [r.label, r.error, r.status]),
      [['fund', undefined, 200]],
    );
    assert.equal(tokenUserOf(outcome.results[0]), emailOf(all.results[0]));
  });
});
