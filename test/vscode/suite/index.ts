// Entry point @vscode/test-electron loads inside the extension host: runs suite/checks.ts with mocha.
import Mocha from 'mocha';
import { registerChecks } from './checks';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 120_000, color: false });
  mocha.suite.emit('pre-require', globalThis, 'checks', mocha);
  registerChecks();
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} VS Code API check(s) failed`)) : resolve()));
  });
}
