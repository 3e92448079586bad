// "Verify webhook payload": the order webhook body (doc 1 §6) pasted or taken from the clipboard,
// checked by the language server with the service public key and the active environment's secretKey.
import * as vscode from 'vscode';
import { VerifyWebhookRequest } from '../../engine/protocol';
import type { EngineClient } from './engine';
import type { Sending } from './sending';

export async function verifyWebhookCommand(engine: EngineClient, sending: Sending, uri: vscode.Uri | undefined): Promise<void> {
  const clip = (await vscode.env.clipboard.readText()).trim();
  const fromClipboard = clip.startsWith('{');
  const text = fromClipboard
    ? clip
    : await vscode.window.showInputBox({
        title: 'Payout HTTP: verify a webhook payload',
        prompt: 'Paste the JSON body your receiver got (the order object with its signature).',
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim().startsWith('{') ? undefined : 'Paste the JSON object the webhook delivered.'),
      });
  if (!text) return;
  const r = await engine.request(VerifyWebhookRequest, { uri: uri?.toString(), payload: text, fromClipboard });
  await sending.showText('webhook', r.text);
  const summary = r.state === 'verified' ? 'verified ✓' : r.state === 'not-verified' ? 'NOT verified ✗' : 'not checkable';
  void vscode.window.showInformationMessage(`Payout HTTP: webhook signature ${summary}`);
}
