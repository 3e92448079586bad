// `payoutHttp/verifyWebhook`: an order webhook body (doc 1 §6) checked with the service public key
// and the secretKey of the active environment (stored secrets first), as the view's text.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdictLine } from '../../../engine/http/render';
import { verifyWebhookPayload } from '../../../engine/http/verify';
import { servicePublicKey } from '../../../engine/workspace/keys';
import { SECRET_KEY, SERVICE_PUBLIC_KEY_FILE } from '../../../engine/syntax/environments';
import type { HostContext } from './context';
import { editorSources, environmentFor } from './session';

export async function verifyWebhook(
  ctx: HostContext,
  p: { uri?: string; payload: string; fromClipboard: boolean },
): Promise<{ text: string; state: 'verified' | 'not-verified' | 'not-checkable' }> {
  const dir = p.uri?.startsWith('file:') ? dirname(fileURLToPath(p.uri)) : process.cwd();
  const env = await environmentFor(ctx, dir);
  const problems = [...env.problems];
  const service = servicePublicKey(env.variables[SERVICE_PUBLIC_KEY_FILE], `environment "${env.name}"`);
  if (service.problem) problems.push(service.problem);
  const verdict = verifyWebhookPayload(String(p.payload), service.key, env.variables[SECRET_KEY], () => editorSources(ctx));
  const order = verdict.order;
  const lines = [
    `Webhook payload (${p.fromClipboard ? 'from the clipboard' : 'pasted'}), environment "${env.name}"`,
    verdictLine(verdict),
    ...(verdict.state === 'not-verified' && verdict.explanation
      ? [
          `  verdict: the signature was ${verdict.explanation.verdict.text}`,
          `  diagnosis: ${verdict.explanation.match?.description ?? (verdict.explanation.verdict.kind === 'other-key' ? 'select the environment whose servicePublicKeyFile the sender signs for (Payout HTTP: Select Environment)' : 'no string tried covers it: the order values signed are not among the earlier sends and the History')}`,
        ]
      : []),
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
