// `payout-http language-server --stdio`: the language server and editor engine host, from the same
// bundle as the CLI, so the VSIX ships the engine once (docs/extension.md "Bundles").
import { languageServerMain } from '../../server/src/main';
import type { CommandRunner } from '../exitCodes';

export const languageServerCommand: CommandRunner = (args) => {
  const code = languageServerMain(args);
  // Running: the connection keeps the process alive and exits it on the client's `exit`.
  return code === undefined ? new Promise<number>(() => {}) : Promise.resolve(code);
};
