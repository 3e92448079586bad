// Every hint names something that exists in the editor, with the command that fixes it as a button.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../../client/src/commandIds';
import { editorWording, fixesFor } from '../../client/src/problemFixes';
import { loadCredentials } from '../../engine/http/credentials';
import { createServer, type AddressInfo } from 'node:net';
import { httpSend } from '../../engine/http/transport';

/** The transport's own message for a port nobody listens on (a real socket, closed before the call). */
async function refusedMessage(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  try {
    await httpSend({ method: 'POST', url: `http://127.0.0.1:${port}/api/v2/account/verify`, headers: {}, body: '{}' });
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('a closed port answered');
}

const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
  contributes: { commands: { command: string; title: string }[] };
};

describe('editor hints and their buttons', () => {
  it('connection refused on the local sandbox: a Start Local Sandbox button, not a CLI command', async () => {
    const refused = await refusedMessage();
    const fixes = fixesFor(refused, 'local');
    assert.deepEqual(fixes, [{ title: 'Start Local Sandbox', command: COMMANDS.startSandbox }]);
    assert.match(editorWording(refused, fixes), /\(for the local sandbox: Start Local Sandbox below\)/);
    assert.doesNotMatch(editorWording(refused, fixes), /payout-http sandbox start/);
    assert.deepEqual(fixesFor(refused, 'staging'), [], 'another environment is not started by the sandbox button');
  });

  it('a missing secretKey: the message mentions Store secretKey and offers it', () => {
    const problem = loadCredentials(() => undefined, 'staging').problems.secretKey!;
    const fixes = fixesFor(`cannot sign: ${problem}`, 'staging');
    assert.deepEqual(
      fixes.map((f) => f.command),
      [COMMANDS.storeSecretKey],
    );
    assert.match(editorWording(problem, fixes), /Store secretKey/);
  });

  it('each button runs a command the extension contributes', () => {
    const declared = new Set(pkg.contributes.commands.map((c) => c.command));
    for (const f of [
      ...fixesFor('connection refused', 'local'),
      ...fixesFor('secretKey is not set', 'x'),
      ...fixesFor('privateKeyFile is not set', 'x'),
    ]) {
      assert.ok(declared.has(f.command), `${f.command} is not contributed`);
    }
  });
});
