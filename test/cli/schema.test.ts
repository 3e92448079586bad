// Responses checked against their OpenAPI schema: `payout-http send` as a process against the real
// sandbox process, with a user document bound to plant_base_url by `# @openapi` or `--openapi`
// that the store's real answer does not satisfy (test/fixtures/openapi/plant-mismatch/).
import assert from 'node:assert/strict';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { runCli } from './run';

const DIR = 'test/fixtures/openapi/plant-mismatch';
const DOCUMENT = `${DIR}/plant-mismatch.openapi.yaml`;

/** The text `send` printed for one request (from its heading to its PASS/FAIL line). */
function section(stdout: string, label: string): string {
  const start = stdout.search(new RegExp(`^\\[\\d+/\\d+\\] ${label}[ :]`, 'm'));
  assert.ok(start >= 0, `no output for ${label}:\n${stdout}`);
  return stdout.slice(start, stdout.indexOf('=> ', start) + 8);
}

interface JsonResult {
  ok: boolean;
  prepared: { label: string; endpoint?: string };
  schema?: { endpointId: string; problems: { path: string; message: string }[] };
}

describe('cli send: response schema check (OpenAPI)', function () {
  this.timeout(60_000);
  let sb: SandboxProcess;
  before(async () => {
    sb = await startSandboxProcess();
  });
  after(async () => sb?.stop());

  it('the plant store example matches its contract on every documented answer, `?? schema valid` included', async () => {
    const r = await runCli(['send', 'examples/plant-store.payout.http', '--all'], { home: sb.home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(section(r.stdout, 'available'), /^ {2}schema: matches plant-store\.findPlantsByStatus$/m);
    assert.match(section(r.stdout, 'plant'), /^ {2}schema: matches plant-store\.getPlantById$/m);
    assert.match(section(r.stdout, 'available'), /^ {2}ok {3}\?\? schema valid$/m);
    assert.ok(!r.stdout.includes('problem(s)'), r.stdout);
  });

  it('a response off the user document is flagged, passes by default, and fails `?? schema valid`', async () => {
    const r = await runCli(['send', `${DIR}/schema.payout.http`, '--all'], { home: sb.home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const shown = section(r.stdout, 'shown');
    assert.match(shown, /^ {2}schema: 2 problem\(s\) against openapi\.getPlantOne$/m);
    assert.match(shown, /^ {4}\$\.id: expected string, got number 1$/m);
    assert.match(shown, /^ {4}\$: required member "category" is missing$/m);
    assert.match(shown, /=> PASS/);
    const strict = section(r.stdout, 'strict');
    assert.match(
      strict,
      /FAIL \?\? schema valid: expected the response to be valid against openapi\.getPlantOne's schema, but it has 2 problem\(s\)/,
    );
    assert.match(strict, /=> FAIL/);
    const builtin = section(r.stdout, 'builtin');
    assert.match(builtin, /schema: matches plant-store\.getPlantById/);
    assert.match(builtin, /=> PASS/);
  });

  it('--openapi FILE=BASE binds a document without a directive; --json carries the outcome', async () => {
    const r = await runCli(['send', `${DIR}/no-directive.payout.http`, '--all', '--json', '--openapi', `${DOCUMENT}=plant_base_url`], {
      home: sb.home,
    });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const [result] = JSON.parse(r.stdout) as JsonResult[];
    assert.equal(result.prepared.endpoint, 'openapi.getPlantOne');
    assert.equal(result.ok, false);
    assert.deepEqual(result.schema, {
      endpointId: 'openapi.getPlantOne',
      problems: [
        { path: '$', message: 'required member "category" is missing' },
        { path: '$.id', message: 'expected string, got number 1' },
      ],
    });
    // Without the document the same request is the built-in contract's, and matches it.
    const plain = await runCli(['send', `${DIR}/no-directive.payout.http`, '--all', '--json'], { home: sb.home });
    assert.equal(plain.code, 0, plain.stdout + plain.stderr);
    assert.deepEqual((JSON.parse(plain.stdout) as JsonResult[])[0].schema, { endpointId: 'plant-store.getPlantById', problems: [] });
  });

  it('lint --openapi checks requests against the document; a missing one is a usage error naming the fix', async () => {
    const file = 'test/fixtures/openapi/library/no-directive.payout.http';
    const codes = async (...extra: string[]) => {
      const r = await runCli(['lint', file, '--format', 'json', ...extra], { home: sb.home });
      return (JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] }[])[0].diagnostics;
    };
    const withDocument = await codes('--openapi', 'test/fixtures/openapi/library/library.openapi.yaml');
    assert.ok(
      withDocument.some((d) => d.code === 'payout/required-field-missing' && /`author`/.test(d.message)),
      JSON.stringify(withDocument),
    );
    assert.ok(
      withDocument.some((d) => d.code === 'payout/wrong-type' && /pages/.test(d.message)),
      JSON.stringify(withDocument),
    );
    const without = await codes();
    assert.ok(!without.some((d) => d.code === 'payout/required-field-missing'), JSON.stringify(without));
    const missing = await runCli(['send', `${DIR}/no-directive.payout.http`, '--all', '--openapi', 'specs/nope.yaml=nope_url'], {
      home: sb.home,
    });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--openapi specs\/nope\.yaml=nope_url: .*specs\/nope\.yaml does not exist; fix the path \(relative to /);
  });
});
