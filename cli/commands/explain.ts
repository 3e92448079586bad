// `payout-http explain FILE --name NAME --signature SIG [--public-key FILE]`: why a signature made
// elsewhere (the user's backend) does or does not match the request. Prints the expected string
// (`<secretKey>` for the secret) and, when it does not match, the variant of the string the
// signature does cover and the segment-by-segment difference (engine/signing explainSignature).
// With `--response JSON_FILE` it explains a response's data.signature instead, with the service key.
import { BODY_FILE_MAX_BYTES, BoundedReadError, readTextFile } from '../../engine/util/readBounded';
import { createPublicKey, type KeyObject } from 'node:crypto';
import { command, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { explanationLines } from '../../engine/http/render';
import { openSession } from '../session';
import { selectBlocks } from '../select';
import { explainSignature, readPublicKeyFile, type Explanation } from '../../engine/signing';
import { loadCredentials } from '../../engine/http/credentials';
import { selectEnvironment } from '../../engine/workspace/environment';
import type { PayoutSession } from '../../engine/http/session';
import { LOCAL_ENV } from '../../engine/sandbox/home';
import { loadEnvironments } from '../../engine/workspace/envFiles';
import { objectSources } from '../../engine/workspace/explainSources';
import { historyAtHand } from '../history';
import { writeErr, writeOut } from '../output';

const spec = {
  name: 'explain',
  usage: 'payout-http explain FILE --name NAME [--signature SIG] [--public-key FILE] [--response JSON_FILE] [--env ENV] [--json]',
  description:
    'Explains a signature that does not verify. For a request: give the signature your own code produced for\n' +
    'the request NAME (as it is in the file, variables resolved). The signature is opened with the public key\n' +
    'first: made with this key pair (and which hash), with PSS padding, or with another key. With the right key\n' +
    'it finds the string your signature covers: a field printed differently, omitted or reordered, the pipes,\n' +
    'the JSON body, or a field holding another value (one or two fields, from the other requests of the file,\n' +
    'the environments, numbers near the one sent), and names the field and the value.\n' +
    'For a response: give the response body saved as JSON with --response; its data.signature is explained\n' +
    "against the endpoint's response template with the service public key.",
  options: {
    name: { type: 'string', short: 'n', valueName: 'NAME', description: 'the request (# @name NAME)' },
    signature: {
      type: 'string',
      short: 's',
      valueName: 'SIG',
      description: 'the base64 signature to explain (default: the one typed in the body)',
    },
    'public-key': {
      type: 'string',
      valueName: 'FILE',
      description: "PEM public key to verify with (default: your key's public half; for --response, servicePublicKeyFile)",
    },
    response: { type: 'string', valueName: 'JSON_FILE', description: "explain this response body's data.signature instead" },
    env: { type: 'string', short: 'e', valueName: 'ENV', description: 'environment from http-client.env.json (default: local sandbox)' },
    json: { type: 'boolean', description: 'print the explanation as JSON' },
  },
  examples: [
    'payout-http explain orders.payout.http --name quote --signature "MEUCIQ..."',
    'payout-http explain orders.payout.http --name quote --signature "$(node backend-sign.js)" --public-key partner-public.pem',
    'payout-http explain orders.payout.http --name quote --response saved-response.json',
  ],
  notes: ['Exit code: 0 when the signature matches the expected string, 1 when it does not (explained or not), 2 for a usage error.'],
} as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const explainCommand = command(spec, async ({ values, positionals }) => {
  if (positionals.length !== 1) throw new UsageError('give the .payout.http file holding the request');
  if (!values.name) throw new UsageError('name the request with --name NAME');
  const session = openSession(positionals[0], values.env, 'credentials');
  const env = session.environment;
  if (!env.defined) throw new UsageError(env.problems.join('\n'));
  const [block] = selectBlocks(session.requests, [values.name], false, session.requestNames);
  const prepared = await session.prepare(block, { explainTyped: false });
  const endpoint = prepared.endpoint;
  if (!endpoint || endpoint.auth !== 'signed-v2') {
    throw new UsageError(
      `${values.name} is not a request to a signed /api/v2 endpoint (${endpoint ? `${endpoint.path} is ${endpoint.auth}` : 'no known endpoint'}); there is no signed string to explain`,
    );
  }
  const creds = session.credentials();
  if (!creds.secretKey) return fail(creds.problems.secretKey!);

  const readKey = (file: string): KeyObject => {
    try {
      return readPublicKeyFile(file, { bits: 'any' });
    } catch (e) {
      throw new UsageError(`--public-key ${file}: ${(e as Error).message}`);
    }
  };

  let explanation: Explanation;
  let subject: string;
  if (values.response) {
    const template = endpoint.response?.signature;
    if (!template) throw new UsageError(`${endpoint.path} documents no response signature`);
    let body: unknown;
    try {
      body = JSON.parse(readTextFile(values.response, { maxBytes: BODY_FILE_MAX_BYTES }));
    } catch (e) {
      throw new UsageError(
        `--response ${values.response}: ${e instanceof BoundedReadError ? `the response file: ${e.problem}` : `not JSON (${(e as Error).message})`}; save the response body as JSON`,
      );
    }
    const data = isRecord(body) && isRecord(body.data) ? body.data : undefined;
    if (!data || typeof data.signature !== 'string')
      throw new UsageError(`--response ${values.response} has no data.signature: an error envelope has nothing to verify`);
    const key = values['public-key'] ? readKey(values['public-key']) : creds.servicePublicKey;
    if (!key) return fail(creds.problems.servicePublicKey!);
    explanation = explainSignature({
      template,
      values: data,
      secret: creds.secretKey,
      signature: values.signature ?? data.signature,
      publicKey: key,
      keyRole: 'service',
      // The response echoes the request: its values first, then everything else at hand.
      sources: [
        ...objectSources(`the request ${values.name} as prepared`, prepared.bodyJson),
        ...session.explainSources(block),
        ...historyAtHand(),
      ],
    });
    subject = `response data.signature of ${values.name}`;
  } else {
    const template = endpoint.signedString!;
    const signature = values.signature ?? (prepared.signing?.source === 'typed' ? prepared.signing.signature : undefined);
    if (!signature) throw new UsageError('give the signature to explain with --signature SIG (or type it in the body as "signature")');
    let key: KeyObject | undefined;
    if (values['public-key']) key = readKey(values['public-key']);
    else if (creds.privateKey) key = createPublicKey(creds.privateKey);
    if (!key) return fail(creds.problems.privateKey ?? 'no key to verify with: pass --public-key FILE');
    const unresolved = prepared.problems.filter((p) => p.includes('{{'));
    if (unresolved.length)
      return fail(`the request's values do not all resolve, so the expected string is not known:\n  ${unresolved.join('\n  ')}`);
    const bodyValues = isRecord(prepared.bodyJson) ? prepared.bodyJson : {};
    // Keys at hand: the environment's own (when --public-key named another), every other environment's,
    // the local sandbox's. A signature made with one of them is named, not "made with another key".
    const others = keysAtHand(session).filter((k) => !sameKey(k.key, key));
    const seen: KeyObject[] = [];
    const otherPublicKeys = others.filter((k) => (seen.some((s) => sameKey(s, k.key)) ? false : (seen.push(k.key), true)));
    explanation = explainSignature({
      template,
      values: bodyValues,
      secret: creds.secretKey,
      signature,
      publicKey: key,
      bodyJson: prepared.body,
      otherPublicKeys,
      sources: [...session.explainSources(block), ...historyAtHand()],
    });
    subject = `signature for ${values.name}`;
  }

  const out = (t: string) => writeOut(session.redactor.redact(t) + '\n');
  if (values.json) {
    out(JSON.stringify({ subject, ...explanation }, null, 2));
  } else {
    out(`${subject}: ${explanation.verifiedAsExpected ? 'matches the expected string' : 'does NOT match the expected string'}`);
    for (const l of explanationLines(explanation, '  ')) out(l);
  }
  return explanation.verifiedAsExpected ? EXIT.ok : EXIT.failed;
});

const sameKey = (a: KeyObject, b: KeyObject) => a.equals(b);

/** The public halves of the partner keys every environment of the file (and the local sandbox) holds. */
function keysAtHand(session: PayoutSession): { label: string; key: KeyObject }[] {
  const names = new Set([...loadEnvironments(session.fileDir).names, LOCAL_ENV]);
  const out: { label: string; key: KeyObject }[] = [];
  for (const name of names) {
    try {
      const env = selectEnvironment(session.fileDir, name);
      const creds = loadCredentials((v) => (env.variables[v]?.includes('{{') ? undefined : env.variables[v]), name);
      if (creds.privateKey)
        out.push({
          label: `the partner key of environment "${name}"${name === session.environment.name ? ' (selected)' : ''}`,
          key: createPublicKey(creds.privateKey),
        });
    } catch {
      // An environment whose key cannot be read has nothing to offer here.
    }
  }
  return out;
}

function fail(message: string): number {
  writeErr(`payout-http explain: ${message}\n`);
  return EXIT.failed;
}
