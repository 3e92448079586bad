// The extension's settings, read in one place (names and defaults are declared in package.json);
// the send settings go to the language server with each request.
import * as vscode from 'vscode';
import type { SendSettings } from '../../engine/protocol';

export function readSendSettings(scope?: vscode.Uri): SendSettings {
  const c = vscode.workspace.getConfiguration('payoutHttp', scope);
  return {
    timeoutMs: c.get<number>('request.timeoutMs') ?? 30000,
    maxResponseBytes: c.get<number>('response.maxSizeBytes') ?? 5 * 1024 * 1024,
    retryMaxAttempts: c.get<number>('retry.maxAttempts') ?? 3,
    retryInitialDelayMs: c.get<number>('retry.initialDelayMs') ?? 500,
    sandboxAutoStart: c.get<boolean>('sandbox.autoStart') ?? true,
  };
}
