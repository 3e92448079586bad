// The activation-time line: written by activate() (client/src/activationTime.ts), read back from the
// editor's log files by the real-editor suite for the bench (test/e2e/activation.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { activationLine, parseActivationLines, sinceLoad } from '../../client/src/activationTime';
import { activationTimesIn, recordActivationTime } from '../e2e/activation';

// As VS Code's log output channel writes it: a timestamp and the level before the message.
const logOf = (...messages: string[]) => messages.map((m, i) => `2026-11-23 16:53:2${i}.123 [info] ${m}`).join('\n') + '\n';

describe('extension activation time (for the bench)', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-activation-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads back the whole milliseconds of the line activate() writes, among other lines', () => {
    const text = logOf('sandbox status: stopped', activationLine(412.6), 'payoutHttp.sendRequest: the request has no URL');
    assert.deepEqual(parseActivationLines(text), [413]);
  });

  it('finds every activation of a log in order, and none in a log without the line', () => {
    assert.deepEqual(parseActivationLines(logOf(activationLine(900), 'reloaded', activationLine(350))), [900, 350]);
    assert.deepEqual(parseActivationLines(logOf('payout-http: dropped 12 bytes of input that were not an LSP frame')), []);
    // a number elsewhere in a line that is not the activation line
    assert.deepEqual(parseActivationLines(logOf('request took 412 ms')), []);
  });

  it('measures from the module load: a later call reads a larger duration', async () => {
    const a = sinceLoad();
    await new Promise((r) => setTimeout(r, 5));
    assert.ok(a >= 0 && sinceLoad() > a, `${a} then ${sinceLoad()}`);
  });

  it("writes bench/activation.json from the editor's logs, the oldest activation first", () => {
    const window = path.join(dir, 'logs', '20261123T165322', 'window1');
    fs.mkdirSync(path.join(window, 'exthost1'), { recursive: true });
    fs.mkdirSync(path.join(window, 'exthost2'), { recursive: true });
    const logs = [
      path.join(window, 'exthost2', 'Payout HTTP.log'),
      path.join(window, 'renderer.log'),
      path.join(window, 'exthost1', 'Payout HTTP.log'),
    ];
    fs.writeFileSync(logs[0], logOf(activationLine(380)));
    fs.writeFileSync(logs[1], logOf('Started local extension host'));
    fs.writeFileSync(logs[2], logOf(activationLine(1250)));
    assert.deepEqual(activationTimesIn(logs), [1250, 380]);

    const file = path.join(dir, 'bench', 'activation.json');
    const written = recordActivationTime(logs, 'code-server 4.100.3 (VS Code 1.100.3)', file);
    const read: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(written, read);
    assert.ok(written);
    assert.equal(written.activationMs, 1250);
    assert.deepEqual(written.activationsMs, [1250, 380]);
    assert.equal(written.editor, 'code-server 4.100.3 (VS Code 1.100.3)');
    assert.ok(!Number.isNaN(Date.parse(written.measuredAt)), written.measuredAt);
  });

  it('writes nothing and fails nothing when no log has the line', () => {
    const log = path.join(dir, 'renderer.log');
    fs.writeFileSync(log, logOf('Started local extension host'));
    const file = path.join(dir, 'bench', 'activation.json');
    assert.equal(recordActivationTime([log, path.join(dir, 'gone.log')], 'code-server', file), undefined);
    assert.equal(fs.existsSync(file), false);
  });
});
