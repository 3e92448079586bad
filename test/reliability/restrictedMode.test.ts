// Issue 12 (6): in VS Code's Restricted Mode the extension passes `restricted: true` to the language
// server, which then reads no private environment file, secret or key file, while its language
// features still run. A real server process over stdio: with the same workspace, the trusted server
// checks a typed signature (it read secretKey and the key file), the restricted one cannot, and its
// signed-string preview has no secret in it. The manifest declares limited support.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompletionRequest } from 'vscode-languageserver-protocol/node';
import { startServer } from '../lsp/harness';
import { removeFolder } from '../helpers/folders';

const REPO = resolve(__dirname, '..', '..');
const REQUEST = [
  'POST {{base_url}}/api/v2/orders/create-sell-order',
  'Content-Type: application/json',
  '',
  '{"partnerCode": "{{partnerCode}}", "externalOrderId": "o-1", "currency": "USDT", "fiatAmount": 100000, "userEmail": "a@example.com",',
  ' "bankCode": "970436", "bankAccountNumber": "0123456789", "content": "Coffee", "signature": "AAAA"}',
  '',
].join('\n');

describe('reliability: Restricted Mode (untrusted workspace) in the language server (issue 12)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'payout-restricted-'));
    writeFileSync(join(dir, 'http-client.env.json'), JSON.stringify({ dev: { base_url: 'http://127.0.0.1:9', partnerCode: 'PARTNER-A' } }));
    writeFileSync(
      join(dir, 'http-client.private.env.json'),
      JSON.stringify({
        dev: { secretKey: 'S3CRET-restricted', privateKeyFile: join(REPO, 'test/fixtures/keys/test-partner-private.pem') },
      }),
    );
    writeFileSync(join(dir, 'sell.payout.http'), REQUEST);
  });
  after(() => removeFolder(dir));

  async function run(restricted: boolean) {
    const server = await startServer({ environment: 'dev', ...(restricted ? { restricted: true } : {}) });
    try {
      const uri = pathToFileURL(join(dir, 'sell.payout.http')).href;
      const published = server.diagnostics(uri, 1);
      await server.open(uri, REQUEST, 1);
      const { diagnostics } = await published;
      // Language features still answer.
      const completion = await server.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line: 3, character: 1 },
      });
      return { diagnostics, completion };
    } finally {
      await server.close();
    }
  }

  it('trusted: the typed signature is checked (secretKey and the key file were read)', async () => {
    const { diagnostics } = await run(false);
    assert.ok(
      diagnostics.some((d) => d.code === 'payout/signature-mismatch'),
      JSON.stringify(diagnostics),
    );
  });

  it('restricted: diagnostics and completion run, but no secret or key was read, so no signature check', async () => {
    const { diagnostics, completion } = await run(true);
    assert.equal(
      diagnostics.some((d) => d.code === 'payout/signature-mismatch'),
      false,
      JSON.stringify(diagnostics),
    );
    assert.ok(completion, 'completion answers');
    assert.doesNotMatch(JSON.stringify(diagnostics), /S3CRET-restricted/);
  });

  it('package.json declares limited support for untrusted workspaces', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
    assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, 'limited');
    assert.match(manifest.capabilities.untrustedWorkspaces.description, /no key file or environment secret/);
  });
});
