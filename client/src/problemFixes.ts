// Which editor command fixes a problem the engine reports, and how to say it in the editor. Pure
// (no vscode import), so it is unit-tested; problemNotice.ts shows the message with the buttons.
// The engine's messages are shared with the CLI and name files and CLI commands; in the editor a
// button runs the fix instead.
import { COMMANDS, type CommandId } from './commandIds';

export interface ProblemFix {
  /** The button's text. */
  title: string;
  command: CommandId;
}

const LOCAL = 'local';

/** The fixes a message calls for, in the order of their buttons. */
export function fixesFor(message: string, environment: string): ProblemFix[] {
  const fixes: ProblemFix[] = [];
  if (environment === LOCAL && /connection refused|sandbox start|local sandbox is not running/i.test(message)) {
    fixes.push({ title: 'Start Local Sandbox', command: COMMANDS.startSandbox });
  }
  if (/\bsecretKey is not set\b|\bno secretKey\b/.test(message)) fixes.push({ title: 'Store secretKey', command: COMMANDS.storeSecretKey });
  if (/\bprivate(Key|KeyFile) is not set\b/.test(message)) fixes.push({ title: 'Store Private Key', command: COMMANDS.storePrivateKey });
  return fixes;
}

/** The message as the editor shows it: each fix named as the button that runs it. */
export function editorWording(message: string, fixes: readonly ProblemFix[]): string {
  let text = message;
  if (fixes.some((f) => f.command === COMMANDS.startSandbox)) {
    // The CLI's way to start it means nothing here: the button does it.
    text = text.replace(/\(for the local sandbox: [^)]*\)/, '(for the local sandbox: Start Local Sandbox below)');
  }
  if (fixes.some((f) => f.command === COMMANDS.storeSecretKey) && !/Store secretKey/.test(text)) {
    text += "; or Store secretKey (below) to keep it in VS Code's secret storage";
  }
  if (fixes.some((f) => f.command === COMMANDS.storePrivateKey) && !/Store Private Key/.test(text)) {
    text += "; or Store Private Key (below) to keep it in VS Code's secret storage";
  }
  return text;
}
