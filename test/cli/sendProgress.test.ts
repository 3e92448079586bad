// send as a user sees it run (issue 13), against a real local HTTP server that answers /ok and never
// answers /hang: the heading printed when a request starts; Ctrl-C writes the report of what finished
// (its folders created) and names the request in flight; dependencies counted in the headings and the
// summary alike; a create that times out says how to look the order up; usage and defaults agree.
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from '../../engine/http/defaults';
import { loadCredentials } from '../../engine/http/credentials';
import { REPO, runCli, startCli, waitFor } from './run';

describe('cli send: progress, Ctrl-C, dependencies, timeouts', function () {
  this.timeout(60_000);
  let server: Server;
  const hanging = new Set<ServerResponse>();
  const home = mkdtempSync(join(tmpdir(), 'payout-progress-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'payout-progress-'));

  before(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/hang') || req.url?.startsWith('/api/v2/orders/create-sell-order')) {
        hanging.add(res); // never answered
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'abc' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    writeFileSync(
      join(dir, 'http-client.env.json'),
      JSON.stringify({
        dev: {
          base_url: `http://127.0.0.1:${port}`,
          partnerCode: 'P1',
          privateKeyFile: join(REPO, 'test', 'fixtures', 'keys', 'test-partner-private.pem'),
        },
      }),
    );
    writeFileSync(join(dir, 'http-client.private.env.json'), JSON.stringify({ dev: { secretKey: 'not-a-real-secret-1234' } }));
  });
  after(() => {
    for (const r of hanging) r.destroy();
    server.close();
  });

  it('prints a heading when a request starts; Ctrl-C writes the report of what finished (folders created) and names the request in flight', async () => {
    const file = join(dir, 'hang.payout.http');
    writeFileSync(file, '### first\nGET {{base_url}}/ok\n\n?? status == 200\n\n### stuck\nGET {{base_url}}/hang\n');
    const report = join(dir, 'reports', 'nested', 'x.xml');
    const cli = startCli(['send', file, '--all', '--env', 'dev', '--junit', report], { home, cwd: dir });
    await waitFor(
      () => (/\[2\/2\] stuck: GET http:\/\/127\.0\.0\.1:\d+\/hang \.\.\./.test(cli.stdout()) ? true : undefined),
      'the heading of the hanging request',
    );
    cli.child.kill('SIGINT');
    const code = await cli.exited;
    assert.equal(code, 130, cli.stderr());
    assert.match(
      cli.stderr(),
      /interrupted while \[2\/2\] stuck: GET http:\/\/127\.0\.0\.1:\d+\/hang was in flight \(no response yet\); 1 of 2 request\(s\) finished/,
    );
    const xml = readFileSync(report, 'utf8');
    assert.match(xml, /name="first: GET /);
    assert.match(xml, /interrupted \(Ctrl-C\) before its response arrived/);
  });

  it('--junit into a folder that does not exist: created', async () => {
    const file = join(dir, 'ok.payout.http');
    writeFileSync(file, '### first\nGET {{base_url}}/ok\n\n?? status == 200\n');
    const report = join(dir, 'fresh', 'reports', 'x.xml');
    const r = await runCli(['send', file, '--env', 'dev', '--junit', report], { home, cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(existsSync(report));
  });

  it('send --name with dependencies: the headings and the summary count the same requests', async () => {
    const file = join(dir, 'deps.payout.http');
    writeFileSync(
      file,
      '@fromB = {{b.response.body.$.id}}\n\n### a\nGET {{base_url}}/ok\n\n### b\nGET {{base_url}}/ok?from={{a.response.body.$.id}}\n\n### c\nGET {{base_url}}/ok?x={{fromB}}\n',
    );
    const r = await runCli(['send', file, '--name', 'c', '--env', 'dev'], { home, cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const headings = r.stdout.split('\n').filter((l) => /^\[\d\/\d\] \w+: GET .* \.\.\.$/.test(l));
    assert.deepEqual(
      headings.map((l) => l.slice(0, 8)),
      ['[1/3] a:', '[2/3] b:', '[3/3] c:'],
    );
    assert.match(r.stdout, /^3 requests, 2 of them sent first as dependencies: 3 passed, 0 failed/m);
  });

  it('a create that times out says the order may exist and how to look it up (orders/details)', async () => {
    const file = join(dir, 'create.payout.http');
    writeFileSync(
      file,
      '### create\nPOST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n' +
        '{"partnerCode": "{{partnerCode}}", "externalOrderId": "ord-timeout-1", "currency": "USDT", "fiatAmount": 100000, "bankCode": "970436", "bankAccountNumber": "0123456789", "content": "Coffee", "userEmail": "a@example.com", "extendInfo": null}\n',
    );
    const r = await runCli(['send', file, '--env', 'dev', '--timeout', '1', '--no-retry'], { home, cwd: dir });
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /no complete response .* within 1 s.*The order may have been created all the same: look it up with POST \/api\/v2\/orders\/details for externalOrderId "ord-timeout-1"/s,
    );
  });

  it('send --help lists every option in its usage line, with the defaults the extension uses too', async () => {
    const r = await runCli(['send', '--help'], { home });
    const usage = r.stdout.split('\n')[0];
    for (const o of ['--timeout', '--max-bytes', '--no-retry', '--quiet', '--junit', '--json', '--env', '--name', '--all'])
      assert.ok(usage.includes(o), `${o} missing from ${usage}`);
    assert.match(r.stdout, new RegExp(`default ${DEFAULT_MAX_BYTES}\\b`));
    const props = (
      JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
        contributes: { configuration: { properties: Record<string, { default: unknown }> } };
      }
    ).contributes.configuration.properties;
    assert.equal(props['payoutHttp.response.maxSizeBytes'].default, DEFAULT_MAX_BYTES, 'extension and CLI response size cap');
    assert.equal(props['payoutHttp.request.timeoutMs'].default, DEFAULT_TIMEOUT_MS, 'extension and CLI timeout');
  });

  it('the no-service-key message points at the private environment file, as the README says', () => {
    const problem = loadCredentials(() => undefined, 'dev').problems.servicePublicKey!;
    assert.match(problem, /servicePublicKeyFile in http-client\.private\.env\.json under "dev"/);
    assert.match(readFileSync(join(REPO, 'README.md'), 'utf8'), /http-client\.private\.env\.json` \([^)]*servicePublicKeyFile/);
  });
});
