// The extension's settings, read in one place; the send settings go to the language server with each
// request. Their names and defaults are declared once, in package.json (whose timeout and size-cap
// defaults a test keeps equal to the engine's, engine/http/defaults.ts), so VS Code always returns a
// value here; the server still checks each one as it arrives over the wire (server/src/host/session.ts).
import * as vscode from 'vscode';
import type { SendSettings } from '../../engine/protocol';

export function readSendSettings(scope?: vscode.Uri): SendSettings {
  const c = vscode.workspace.getConfiguration('payoutHttp', scope);
  const declared = <T>(key: string): T => c.get<T>(key) as T;
  return {
    timeoutMs: declared<number>('request.timeoutMs'),
    maxResponseBytes: declared<number>('response.maxSizeBytes'),
    retryMaxAttempts: declared<number>('retry.maxAttempts'),
    retryInitialDelayMs: declared<number>('retry.initialDelayMs'),
    sandboxAutoStart: declared<boolean>('sandbox.autoStart'),
  };
}
