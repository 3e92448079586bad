// `payout-http webhooks listen [--port N] [--env ENV]`: receives order webhooks on loopback and
// prints each order with the verdict on its signature (doc 1 §6.3: the order object signed over
// `externalOrderId|type|fiatAmount|status|<secretKey>`, checked with the service public key).
import { command, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { verdictLine } from '../format';
import { localPreparer } from '../session';
import { selectEnvironment } from '../../engine/workspace/environment';
import { loadCredentials } from '../../engine/http/credentials';
import { Redactor } from '../../engine/http/redact';
import { startWebhookListener, type WebhookDelivery } from '../../engine/http/webhooks';
import { writeErr, writeOut } from '../output';
import { historyAtHand } from '../history';

const spec = {
  name: 'webhooks',
  usage: 'payout-http webhooks listen [--port N] [--host HOST] [--env ENV] [--json]',
  description:
    'Listens on loopback for order webhooks (POSTs of the order object) and prints each order with the verdict\n' +
    "on its signature, checked with the environment's servicePublicKeyFile and secretKey. Answers 200\n" +
    '{"received":true} to every POST. Stop with Ctrl+C.',
  options: {
    port: { type: 'string', short: 'p', valueName: 'N', description: 'port to listen on (default 0: any free port, printed)' },
    host: { type: 'string', valueName: 'HOST', description: 'address to listen on (default 127.0.0.1)' },
    env: { type: 'string', short: 'e', valueName: 'ENV', description: 'environment with the service key (default: local sandbox)' },
    json: { type: 'boolean', description: 'print one JSON line per delivery' },
  },
  examples: ['payout-http webhooks listen --port 8787', 'payout-http webhooks listen --env sandbox --json'],
  notes: [
    "Point the order's webhook at the printed URL (for the local sandbox: a webhooks entry in its --config, see docs/sandbox.md).",
    'A delivery whose signature does not verify is explained: the values of what `send --history` recorded are tried (e.g. the order as created).',
    'Exit code: 0 after Ctrl+C, 1 if the port cannot be opened, 2 for a usage error.',
  ],
} as const;

export const webhooksCommand = command(spec, async ({ values, positionals }) => {
  if (positionals[0] !== 'listen' || positionals.length > 1)
    throw new UsageError(
      positionals.length
        ? `unknown action "${positionals.join(' ')}": use "webhooks listen"`
        : 'say what to do: payout-http webhooks listen',
    );
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port ${values.port}: give a port number from 0 to 65535`);
  let env = selectEnvironment(process.cwd(), values.env);
  if (!env.defined) throw new UsageError(env.problems.join('\n'));
  if (env.local) env = await localPreparer('credentials', process.cwd())(env);
  const creds = loadCredentials((n) => env.variables[n], env.name);
  const redactor = new Redactor();
  redactor.add(creds.secretKey, '<secretKey>');
  if (!creds.servicePublicKey) writeErr(`warning: ${creds.problems.servicePublicKey}; deliveries are shown but not checked\n`);
  if (!creds.secretKey) writeErr(`warning: ${creds.problems.secretKey}; deliveries are shown but not checked\n`);

  const print = (d: WebhookDelivery) => {
    const text = values.json
      ? JSON.stringify({ receivedAt: new Date(d.receivedAt).toISOString(), path: d.path, order: d.order, verdict: d.verdict })
      : [
          `${new Date(d.receivedAt).toISOString()} POST ${d.path}`,
          d.order
            ? `  order ${String(d.order.externalOrderId)} ${String(d.order.type)} ${String(d.order.status)} fiatAmount ${String(d.order.fiatAmount)}${d.order.descriptions ? ` (${typeof d.order.descriptions === 'string' ? d.order.descriptions : JSON.stringify(d.order.descriptions)})` : ''}`
            : `  body: ${d.bodyText.slice(0, 500)}`,
          `  ${verdictLine(d.verdict)}`,
        ].join('\n');
    writeOut(redactor.redact(text) + '\n');
  };

  let listener;
  try {
    listener = await startWebhookListener({
      port,
      host: values.host,
      servicePublicKey: creds.servicePublicKey,
      secretKey: creds.secretKey,
      // A delivery that does not verify is explained with what `send --history` recorded (the order as created).
      explainSources: historyAtHand,
      onDelivery: print,
    });
  } catch (e) {
    writeErr(`payout-http webhooks: ${(e as Error).message}\n`);
    return EXIT.failed;
  }
  writeErr(`listening for webhooks at ${listener.url} (environment ${env.name}); Ctrl+C to stop\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await listener.close();
  return EXIT.ok;
});
