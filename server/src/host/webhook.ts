// `payoutHttp/verifyWebhook`: an order webhook body (doc 1 §6) checked with the service public key
// and the secretKey of the active environment (stored secrets first), as the view's text.
import type { KeyObject } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdictLine } from '../../../engine/http/render';
import { verifyWebhookPayload } from '../../../engine/http/verify';
import { readPublicKeyFile } from '../../../engine/signing/keys';
import { SECRET_KEY, SERVICE_PUBLIC_KEY_FILE } from '../../../engine/syntax/environments';
import type { HostContext } from './context';
import { environmentFor } from './session';

export async function verifyWebhook(
  ctx: HostContext,
  p: { uri?: string; payload: string; fromClipboard: boolean },
): Promise<{ text: string; state: 'verified' | 'not-verified' | 'not-checkable' }> {
  const dir = p.uri?.startsWith('file:') ? dirname(fileURLToPath(p.uri)) : process.cwd();
  const env = await environmentFor(ctx, dir);
  const problems = [...env.problems];
  let servicePublicKey: KeyObject | undefined;
  const file = env.variables[SERVICE_PUBLIC_KEY_FILE];
  if (file) {
    try {
      servicePublicKey = readPublicKeyFile(file, { bits: 'any' });
    } catch (e) {
      problems.push(`${SERVICE_PUBLIC_KEY_FILE}: ${(e as Error).message}`);
    }
  } else {
    problems.push(`environment "${env.name}" has no ${SERVICE_PUBLIC_KEY_FILE}: set it to the PEM file the service issued at onboarding`);
  }
  const verdict = verifyWebhookPayload(String(p.payload), servicePublicKey, env.variables[SECRET_KEY]);
  const order = verdict.order;
  const lines = [
    `Webhook payload (${p.fromClipboard ? 'from the clipboard' : 'pasted'}), environment "${env.name}"`,
    verdictLine(verdict),
    ...(verdict.state === 'not-verified' && verdict.explanation ? [`  diagnosis: ${verdict.explanation.match?.description ?? 'no known variant verifies'}`] : []),
    ...problems.map((x) => `Note: ${x}`),
    '',
    'Order',
    order ? JSON.stringify(order, null, 2) : '(none)',
  ];
  let text = lines.join('\n') + '\n';
  const secret = env.variables[SECRET_KEY];
  if (secret) text = text.split(secret).join('<secretKey>');
  return { text, state: verdict.state };
}
