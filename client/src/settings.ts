// The extension's settings, read in one place (names and defaults are declared in package.json).
import * as vscode from 'vscode';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from '../../engine/http/defaults';

export interface PayoutSettings {
  environment: string;
  timeoutMs: number;
  maxResponseBytes: number;
  retryMaxAttempts: number;
  retryInitialDelayMs: number;
  sandboxAutoStart: boolean;
}

export function readSettings(scope?: vscode.Uri): PayoutSettings {
  const c = vscode.workspace.getConfiguration('payoutHttp', scope);
  return {
    environment: c.get<string>('environment') || 'local',
    timeoutMs: c.get<number>('request.timeoutMs') ?? DEFAULT_TIMEOUT_MS,
    maxResponseBytes: c.get<number>('response.maxSizeBytes') ?? DEFAULT_MAX_BYTES,
    retryMaxAttempts: c.get<number>('retry.maxAttempts') ?? 3,
    retryInitialDelayMs: c.get<number>('retry.initialDelayMs') ?? 500,
    sandboxAutoStart: c.get<boolean>('sandbox.autoStart') ?? true,
  };
}
