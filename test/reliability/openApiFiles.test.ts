// Issue 22 (3): `# @openapi /dev/zero` grew the language server past 2 GB with no diagnostics, `lint`
// reached 7.8 GB, and a 2 GB sparse file took 15 s to end in a message about permissions. OpenAPI
// documents now go through the bounded reader (engine/util/readBounded.ts): a device, a FIFO or a
// file past the cap is refused unread, with a message naming the file, that it is the OpenAPI
// document, and the limit. In the CLI (`lint`) and in a real language-server process. A read that
// blocks fails by mocha's timeout; memory is bounded through the child's peak RSS (a resource
// bound, not a speed assertion).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HoverRequest } from 'vscode-languageserver-protocol/node';
import { cliPath } from '../helpers/sandboxProcess';
import { peakRssMiB, runMeasured } from '../helpers/maxRss';
import { startServer } from '../lsp/harness';
import { removeFolder } from '../helpers/folders';

const MEMORY_BOUND_MIB = 150;

const request = (doc: string) => `# @openapi ${doc}\n\n### q\nGET {{base_url}}/v3/kyc/profile\n`;

describe('reliability: OpenAPI documents that are not documents (issue 22)', function () {
  this.timeout(60_000); // a read that blocks fails here
  let root: string;
  const cases: { name: string; doc: string; expect: RegExp }[] = [];

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'payout-openapi-files-'));
    const fifo = join(root, 'spec.fifo');
    execFileSync('mkfifo', [fifo]);
    // 2 GB that take no disk: the size alone must refuse it.
    const sparse = join(root, 'sparse.yaml');
    const fd = openSync(sparse, 'w');
    ftruncateSync(fd, 2 * 1024 ** 3);
    closeSync(fd);
    cases.push(
      {
        name: '/dev/zero',
        doc: '/dev/zero',
        expect: /\/dev\/zero: cannot read the OpenAPI document: it is a character device, not a regular file/,
      },
      {
        name: 'a FIFO',
        doc: fifo,
        expect: /spec\.fifo: cannot read the OpenAPI document: it is a FIFO \(named pipe\), not a regular file/,
      },
      {
        name: 'a 2 GB sparse file',
        doc: sparse,
        expect: /sparse\.yaml: cannot read the OpenAPI document: it is 2147483648 bytes, more than the 33554432 bytes allowed/,
      },
    );
    for (const [i, c] of cases.entries()) writeFileSync(join(root, `r${i}.payout.http`), request(c.doc));
  });

  after(() => removeFolder(root));

  for (const [i, name] of ['/dev/zero', 'a FIFO', 'a 2 GB sparse file'].entries()) {
    it(`cli lint: ${name} as the OpenAPI document is a clear error, under ${MEMORY_BOUND_MIB} MB`, async () => {
      const c = cases[i];
      const lint = await runMeasured(process.execPath, [cliPath(), 'lint', join(root, `r${i}.payout.http`)], {
        env: { ...process.env, PAYOUT_HTTP_HOME: root },
      });
      assert.match(lint.stdout + lint.stderr, c.expect);
      assert.ok(lint.maxRssMiB < MEMORY_BOUND_MIB, `lint peaked at ${lint.maxRssMiB.toFixed(1)} MiB`);
    });
  }

  it(`language server: each is a diagnostic, the server stays responsive, under ${MEMORY_BOUND_MIB} MB`, async () => {
    const server = await startServer(undefined, { ...process.env, PAYOUT_HTTP_HOME: root });
    try {
      for (const [i, c] of cases.entries()) {
        const uri = pathToFileURL(join(root, `r${i}.payout.http`)).href;
        const published = server.diagnostics(uri, 1);
        await server.open(uri, request(c.doc), 1);
        const messages = (await published).diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value));
        assert.ok(
          messages.some((m) => c.expect.test(m)),
          `${c.name}: ${messages.join('\n')}`,
        );
      }
      const uri = pathToFileURL(join(root, 'r0.payout.http')).href;
      const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 20 } });
      assert.ok(hover, 'a hover on the endpoint');
      const peak = peakRssMiB(server.child.pid!);
      assert.ok(peak < MEMORY_BOUND_MIB, `the server peaked at ${peak.toFixed(1)} MiB`);
    } finally {
      await server.close();
    }
  });
});
