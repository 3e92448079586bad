// "Verify webhook payload": the order webhook body (doc 1 §6) pasted or taken from the clipboard,
// checked with the service public key and the secretKey of the active environment.
import * as vscode from 'vscode';
import { verifyWebhookPayload } from '../../engine/http/verify';
import type { Sender } from './sender';
import { verdictLine } from './responseText';

export async function verifyWebhookCommand(sender: Sender, fileDir: string | undefined): Promise<void> {
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
  const keys = await sender.verificationKeys(fileDir);
  const verdict = verifyWebhookPayload(text, keys.servicePublicKey, keys.secretKey);
  const order = verdict.order;
  const lines = [
    `Webhook payload (${fromClipboard ? 'from the clipboard' : 'pasted'}), environment "${keys.environment}"`,
    verdictLine(verdict),
    ...(verdict.state === 'not-verified' && verdict.explanation ? [`  mistake: ${verdict.explanation.match?.description ?? 'no known variant verifies'}`] : []),
    ...(keys.problems.map((p) => `Note: ${p}`)),
    '',
    'Order',
    order ? JSON.stringify(order, null, 2) : '(none)',
  ];
  await sender.showText('webhook', lines.join('\n') + '\n');
  const summary = verdict.state === 'verified' ? 'verified ✓' : verdict.state === 'not-verified' ? 'NOT verified ✗' : 'not checkable';
  void vscode.window.showInformationMessage(`Payout HTTP: webhook signature ${summary}`);
}
