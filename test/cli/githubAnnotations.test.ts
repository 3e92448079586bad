// GitHub Actions annotations checked against GitHub's documented syntax ("Workflow commands for
// GitHub Actions": `::error file={name},line={line},col={col},title={title}::{message}`, one command
// per line) and @actions/core's escaping (message: % CR LF as %25 %0D %0A; properties also : and ,
// as %3A %2C). A line is read back with a parser written from that syntax, so an unescaped `,` or `:`
// in a file name, or a newline in a message, cannot pass. Then `lint --format github` and a failing
// `send` on GitHub Actions (GITHUB_ACTIONS=true), as separate processes over the local sandbox.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { annotation, escapeAnnotationData, escapeAnnotationProperty } from '../../cli/githubAnnotations';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { removeFolder } from '../helpers/folders';
import { runCli } from './run';

const PROPERTIES = new Set(['file', 'line', 'col', 'endLine', 'endColumn', 'title']);

/** A workflow command as GitHub reads it: `::name key=value,key=value::data` on one line, values unescaped. */
function parseCommand(line: string): { level: string; props: Record<string, string>; message: string } {
  assert.ok(!/[\r\n]/.test(line), `one line: ${JSON.stringify(line)}`);
  const m = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line);
  assert.ok(m, `not a workflow command: ${line}`);
  const unescape = (s: string) =>
    s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const props: Record<string, string> = {};
  for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
    const eq = pair.indexOf('=');
    assert.ok(eq > 0, `property without a value: ${pair}`);
    const key = pair.slice(0, eq);
    assert.ok(PROPERTIES.has(key), `unknown property ${key}`);
    props[key] = unescape(pair.slice(eq + 1));
  }
  return { level: m[1], props, message: unescape(m[3]) };
}

describe('cli/githubAnnotations: GitHub Actions workflow commands', function () {
  this.timeout(60_000);

  it('escapes as @actions/core does: %, CR, LF in the message; also : and , in properties', () => {
    assert.equal(escapeAnnotationData('50% done\r\nnext: a, b'), '50%25 done%0D%0Anext: a, b');
    assert.equal(escapeAnnotationProperty('dir:a,b%\n'), 'dir%3Aa%2Cb%25%0A');
    // %0A typed by someone stays text: the % is escaped first
    assert.equal(escapeAnnotationData('%0A'), '%250A');
  });

  it('writes a line the documented syntax reads back to the same values', () => {
    const line = annotation(
      'error',
      { file: 'tests/a,b:c.payout.http', line: 12, col: 3, title: 'quote: POST http://x/a' },
      'expected 11, got 0\nsecond line 100%',
    );
    assert.equal(
      line,
      '::error file=tests/a%2Cb%3Ac.payout.http,line=12,col=3,title=quote%3A POST http%3A//x/a::expected 11, got 0%0Asecond line 100%25',
    );
    assert.deepEqual(parseCommand(line), {
      level: 'error',
      props: { file: 'tests/a,b:c.payout.http', line: '12', col: '3', title: 'quote: POST http://x/a' },
      message: 'expected 11, got 0\nsecond line 100%',
    });
  });

  describe('over the CLI', () => {
    let sb: SandboxProcess;
    let dir: string;
    before(async () => {
      sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
      dir = mkdtempSync(join(tmpdir(), 'payout-annotations-'));
    });
    after(async () => {
      await sb?.stop();
      removeFolder(dir);
    });

    it('lint --format github: one command per diagnostic, at its line and column, the code as title', async () => {
      const file = join(dir, 'odd,name:1.payout.http');
      writeFileSync(
        file,
        '### Balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{\n  "currency": "USDT"\n}\n',
      );
      const r = await runCli(['lint', file, '--format', 'github'], { home: sb.home, cwd: dir });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const commands = r.stdout.trimEnd().split('\n').map(parseCommand);
      assert.ok(commands.length >= 1, r.stdout);
      const missing = commands.find((c) => c.message.includes('partnerCode'));
      assert.ok(missing, r.stdout);
      assert.equal(missing.level, 'error');
      assert.equal(missing.props.file, 'odd,name:1.payout.http');
      assert.equal(missing.props.line, '5');
      assert.match(missing.props.col, /^\d+$/);
      assert.match(missing.props.title, /\//);
    });

    it('send on GitHub Actions: a failed assertion annotated at its own line, a passing request not at all', async () => {
      const file = join(dir, 'ci.payout.http');
      writeFileSync(
        file,
        '### Account\n# @name account\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n\n?? status == 200\n?? body $.data.partnerCode == nobody\n\n### Balance\n# @name balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "currency": "USDT"\n}\n',
      );
      const r = await runCli(['send', file, '--all', '--quiet'], { home: sb.home, cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const commands = r.stdout
        .split('\n')
        .filter((l) => l.startsWith('::'))
        .map(parseCommand);
      assert.equal(commands.length, 1, r.stdout);
      assert.equal(commands[0].level, 'error');
      assert.equal(commands[0].props.file, 'ci.payout.http');
      assert.equal(commands[0].props.line, '11');
      assert.match(commands[0].props.title, /^account: POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/account\/verify$/);
      assert.match(commands[0].message, /^\?\? body \$\.data\.partnerCode == nobody: /);
      // off the runner, and without --annotations: none
      const plain = await runCli(['send', file, '--all', '--quiet'], { home: sb.home, cwd: dir, env: { GITHUB_ACTIONS: '' } });
      assert.ok(!plain.stdout.split('\n').some((l) => l.startsWith('::')), plain.stdout);
    });
  });
});
