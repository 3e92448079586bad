// The payoutHttp.openapi.documents setting as the language server receives it: in
// initializationOptions at start, then payoutHttp/openApiDocuments when it changes. The bundled
// server (dist/server.js) runs as its own process, driven over stdio.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NotificationType, ShowMessageRequest, type ShowMessageRequestParams } from 'vscode-languageserver-protocol/node';
import { OpenApiDocumentsNotification, type OpenApiDocumentsParams } from '../../engine/protocol';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

const openApiDocuments = new NotificationType<OpenApiDocumentsParams>(OpenApiDocumentsNotification.method);
const LIBRARY = resolve(import.meta.dirname, '../fixtures/openapi/library');

describe('language server: OpenAPI documents of the setting', function () {
  let dir: string;
  let home: string;
  let server: ServerSession;
  const messages: ShowMessageRequestParams[] = [];
  const uri = () => pathToFileURL(join(dir, 'books.payout.http')).href;
  const codes = async (version: number, send: () => Promise<void>) => {
    const p = server.diagnostics(uri(), version);
    await send();
    return (await p).diagnostics.map((d) => d.code);
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-lsp-openapi-'));
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    writeFileSync(join(dir, 'http-client.env.json'), JSON.stringify({ test: { library_base_url: 'http://127.0.0.1:9/api' } }));
    const documents = [{ file: join(LIBRARY, 'library.openapi.yaml'), base: 'library_base_url' }];
    server = await startServer({ environment: 'test', openApiDocuments: documents }, { ...process.env, PAYOUT_HTTP_HOME: home });
    // A warning is a window/showMessageRequest: answered like an editor whose user dismissed it.
    server.connection.onRequest(ShowMessageRequest.type, (m) => {
      messages.push(m);
      return null;
    });
  });

  after(async () => {
    await server?.close();
    removeFolder(dir);
    removeFolder(home);
  });

  it('lints a file without a directive against the documents of initializationOptions', async () => {
    const text = readFileSync(join(LIBRARY, 'no-directive.payout.http'), 'utf8');
    const found = await codes(1, () => server.open(uri(), text, 1));
    assert.ok(found.includes('payout/required-field-missing') && found.includes('payout/wrong-type'), found.join(', '));
  });

  it('follows payoutHttp/openApiDocuments, and warns about a document it cannot read', async () => {
    const without = await codes(1, () => server.connection.sendNotification(openApiDocuments, { documents: [] }));
    assert.ok(!without.includes('payout/required-field-missing'), without.join(', '));
    await codes(1, () =>
      server.connection.sendNotification(openApiDocuments, { documents: [{ file: join(dir, 'gone.yaml'), base: 'gone_base_url' }] }),
    );
    const warning = messages.find((m) => /payoutHttp\.openapi\.documents/.test(m.message));
    assert.ok(warning, JSON.stringify(messages));
    assert.match(warning.message, /gone\.yaml: cannot read the OpenAPI document: no such file; fix the path/);
  });
});
