// The lint scheduler gives way to requests: a message that arrives on a real socket while a lint
// step runs is handed over (as vscode-jsonrpc does: a setImmediate queued when it is read) before
// the lint's next step, and the run's first step (applying the edits) is a slice of its own.
import assert from 'node:assert/strict';
import net from 'node:net';
import { LintScheduler } from '../../server/src/scheduler';

describe('server/scheduler', () => {
  it("hands over a message that arrived during a lint step before the run's next step", async () => {
    const log: string[] = [];
    const server = net.createServer((socket) => socket.on('data', () => setImmediate(() => log.push('message'))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const client = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    try {
      const published = new Promise<string>((resolve) => {
        const scheduler = new LintScheduler<string>(
          {
            start: () => ({
              version: 1,
              steps: (function* () {
                log.push('apply edits');
                client.write('a request'); // arrives while this step runs
                yield;
                log.push('parse');
                yield;
                log.push('lint');
                return 'done';
              })(),
            }),
            versionOf: () => 1,
            publish: (_uri, _version, result) => resolve(result),
            failed: (_uri, e) => resolve(String(e)),
          },
          { sliceMs: 1000 }, // a slice long enough for every step: only the rules above split them
        );
        scheduler.changed('file:///a.payout.http');
      });
      assert.equal(await published, 'done');
      assert.deepEqual(log, ['apply edits', 'message', 'parse', 'lint']);
    } finally {
      client.destroy();
      server.close();
    }
  });
});
