// `payout-http proxy --upstream URL [--port N] [--env ENV] [--json]`: an inspecting proxy for the
// integrator's own backend. Prints its address on the first line, then one line per exchange
// (or one JSON object per line): the endpoint, the verdict on the request's signature (with the
// explainer's diagnosis on a mismatch), the body's lint problems, the response's status and the
// verdict on its signature. The forwarding and the checks are engine/proxy; this file prints.
import { command, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { localPreparer } from '../session';
import { writeErr, writeOut } from '../output';
import { selectEnvironment } from '../../engine/workspace/environment';
import { Redactor } from '../../engine/http/redact';
import { proxyKeys, startInspectingProxy, type ExchangeRecord, type ProxyKeys } from '../../engine/proxy';

const spec = {
  name: 'proxy',
  usage: 'payout-http proxy --upstream URL|local [--port N] [--env ENV] [--other-key FILE]... [--json]',
  description:
    'Listens on 127.0.0.1 and forwards every request to the upstream and every response back, byte for byte.\n' +
    "Point your backend's base URL at the printed address: each request it sends is checked as it passes\n" +
    '(the endpoint, the request signature over the body as received, the body against the contract, the\n' +
    'response signature), and a signature mismatch is explained: which variant of the string it covers.\n' +
    'The checks run after each exchange, beside the forwarding; nothing that passes is changed.',
  options: {
    upstream: {
      type: 'string',
      short: 'u',
      valueName: 'URL',
      description: 'where to forward: http(s)://host[:port][/base], or "local" for the local sandbox (started on demand)',
    },
    port: { type: 'string', short: 'p', valueName: 'N', description: 'port to listen on (default 0: any free port, printed)' },
    env: {
      type: 'string',
      short: 'e',
      valueName: 'ENV',
      description: "environment with the keys to check with (default: the local sandbox's)",
    },
    'other-key': {
      type: 'string',
      multiple: true,
      valueName: 'FILE',
      description: 'a public key (PEM) your backend may sign with by mistake, to recognise it; repeatable',
    },
    json: { type: 'boolean', description: 'print one JSON object per exchange' },
  },
  examples: [
    'payout-http proxy --upstream local',
    'payout-http proxy --upstream https://sandbox.example.com --env sandbox --port 8790 --json',
  ],
  notes: [
    'Keys: secretKey, and privateKeyFile (its public half) or partnerPublicKeyFile, for the requests; servicePublicKeyFile for the responses.',
    'Request signature: verified, mismatch (explained), missing, unsigned (the endpoint takes none), or not checkable (a key is missing).',
    'Response signature: verified, not verified, none (nothing to verify, e.g. an error with data: null), or not checkable.',
    "An upstream that refuses, resets or does not answer fails the client's request the same way; the line says what happened.",
    'Secrets are never printed. Exit code: 0 after Ctrl+C, 1 if the port cannot be opened, 2 for a usage error.',
  ],
} as const;

export const proxyCommand = command(spec, async ({ values, positionals }) => {
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (!values.upstream) throw new UsageError('say where to forward with --upstream URL (or --upstream local for the local sandbox)');
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port ${values.port}: give a port number from 0 to 65535`);

  const local = values.upstream === 'local';
  let env = selectEnvironment(process.cwd(), values.env);
  if (!env.defined) throw new UsageError(env.problems.join('\n'));
  if (local && !env.local)
    throw new UsageError(
      `--upstream local forwards to the local sandbox, whose keys are the "local" environment's; leave out --env ${env.name}, or give the address of ${env.name}`,
    );
  if (env.local) env = await localPreparer(local ? 'sandbox' : 'credentials', process.cwd(), (n) => writeErr(`${n}\n`))(env);
  const upstream = local ? env.variables.base_url : values.upstream;

  let keys: ProxyKeys;
  try {
    keys = proxyKeys(env, values['other-key'] ?? []);
  } catch (e) {
    throw new UsageError(`--other-key: ${(e as Error).message}`);
  }
  for (const problem of Object.values(keys.problems)) writeErr(`warning: ${problem}; the verdicts that need it say "not checkable"\n`);
  const redactor = new Redactor();
  redactor.add(keys.secretKey, '<secretKey>');

  const print = (record: ExchangeRecord) => {
    // A bearer token the backend sent is a secret too, wherever it might be echoed.
    for (const [n, v] of record.request.headers)
      if (n.toLowerCase() === 'authorization') redactor.add(v.replace(/^Bearer\s+/i, ''), '<accessToken>');
    // One line per exchange: line breaks a value carried are shown escaped too (writeOut escapes the rest).
    const text = values.json ? JSON.stringify(jsonOf(record)) : lineOf(record).replace(/\r/g, '\\r').replace(/\n/g, '\\n');
    writeOut(redactor.redact(text) + '\n');
  };

  let proxy;
  try {
    proxy = await startInspectingProxy({ upstream, port, keys, onExchange: print });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === undefined && /--upstream/.test(err.message)) throw new UsageError(err.message);
    writeErr(
      `payout-http proxy: cannot listen on 127.0.0.1:${port} (${err.code ?? err.message}): ${err.code === 'EADDRINUSE' ? 'the port is taken; give another --port, or 0 for any free one' : 'give another --port'}\n`,
    );
    return EXIT.failed;
  }
  writeOut(`${proxy.url}\n`);
  writeErr(
    `forwarding ${proxy.url} -> ${upstream} (keys of environment ${env.name}; checks ${proxy.threaded ? 'on their own thread' : 'after each exchange'}); Ctrl+C to stop\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await proxy.close();
  return EXIT.ok;
});

/** The JSON line: verdicts and what explains them; headers and bodies stay out of the terminal. */
function jsonOf(r: ExchangeRecord) {
  const { headers: _h, body: _b, ...request } = r.request;
  const response = r.response ? (({ headers: _rh, body: _rb, ...rest }) => rest)(r.response) : null;
  return {
    id: r.id,
    startedAt: r.startedAt,
    method: r.method,
    target: r.target,
    endpoint: r.endpoint,
    ms: r.ms,
    request,
    response,
    ...(r.failure ? { failure: r.failure } : {}),
  };
}

/** One line per exchange: what was sent, the request verdict (and why), problems, the response verdict. */
function lineOf(r: ExchangeRecord): string {
  const parts = [`${r.method} ${r.target} [${r.endpoint}]`];
  const req = r.request;
  let sig = `request signature ${req.signature}`;
  if (req.signature === 'mismatch' && req.explanation?.match) {
    const diff = req.explanation.match.diff.map(
      (d) => `segment ${d.index + 1}: expected ${JSON.stringify(d.expected)}, signed ${JSON.stringify(d.actual)}`,
    );
    sig += `: ${req.explanation.match.description} (covers ${req.explanation.match.display}${diff.length ? `; ${diff.join('; ')}` : ''})`;
  } else if (req.signature !== 'verified' && req.signature !== 'unsigned' && req.reason) sig += `: ${req.reason}`;
  parts.push(sig);
  if (req.problems.length)
    parts.push(`${req.problems.length} problem(s): ${req.problems.map((p) => `${p.code} ${p.message}`).join(' | ')}`);
  if (r.response) {
    const rs = r.response;
    parts.push(
      `HTTP ${rs.status}, response signature ${rs.signature}${rs.signature === 'not verified' && rs.reason ? `: ${rs.reason}` : ''}`,
    );
  }
  if (r.failure) parts.push(`${r.failure.side === 'upstream' ? 'UPSTREAM FAILED' : 'client gave up'}: ${r.failure.message}`);
  parts.push(`${r.ms} ms`);
  return parts.join('; ');
}
