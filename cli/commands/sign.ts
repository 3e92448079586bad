// `payout-http sign FILE (--name NAME | --all) [--env ENV] [--json]`: the canonical string each
// request is signed over (`<secretKey>` in place of the secret) and its base64 signature. Nothing
// is sent. A request whose signature cannot be computed says exactly what is missing.
import { command, OPENAPI_NOTE, OPENAPI_OPTION, openApiOptions, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { explanationLines } from '../../engine/http/render';
import { openSession } from '../session';
import { sessionBlocks } from '../select';
import type { PreparedRequest } from '../../engine/http/types';
import { writeOut } from '../output';

const spec = {
  name: 'sign',
  usage: 'payout-http sign FILE (--name NAME ... | --all) [--env ENV] [--openapi FILE[=BASE] ...] [--json]',
  description:
    'Prints, for each request of a signed (/api/v2) endpoint, the canonical string it is signed over, with\n' +
    '<secretKey> in place of the secret, and the base64 RSA-SHA256 signature. Nothing is sent. A signed field\n' +
    'left out of the body is shown as what it is signed as (`undefined` or `0`).',
  options: {
    name: { type: 'string', short: 'n', multiple: true, valueName: 'NAME', description: 'the request named NAME; repeatable' },
    all: { type: 'boolean', short: 'a', description: 'every request of the file' },
    env: { type: 'string', short: 'e', valueName: 'ENV', description: 'environment from http-client.env.json (default: local sandbox)' },
    openapi: OPENAPI_OPTION,
    json: { type: 'boolean', description: 'print JSON: label, endpoint, canonical, signature, omitted, problems, warnings' },
  },
  examples: [
    'payout-http sign orders.payout.http --name quote',
    'payout-http sign orders.payout.http --all --env sandbox --json',
    'payout-http sign pets.payout.http --all --openapi specs/petstore.yaml=petstore_base_url',
  ],
  notes: [OPENAPI_NOTE, 'Exit code: 0 when every request could be signed (or needs no signature), 1 otherwise, 2 for a usage error.'],
} as const;

interface SignOutcome {
  label: string;
  endpoint?: string;
  auth?: string;
  canonical?: string;
  signature?: string;
  signatureSource?: 'computed' | 'typed';
  typedMatches?: boolean;
  omitted: { field: string; signedAs: string; note?: string }[];
  problems: string[];
  warnings: string[];
  ok: boolean;
}

function outcome(p: PreparedRequest): SignOutcome {
  const signed = p.endpoint?.auth === 'signed-v2';
  const problems = [...p.problems];
  return {
    label: p.label,
    endpoint: p.endpoint?.id,
    auth: p.endpoint?.auth,
    canonical: p.signing?.canonicalDisplay,
    signature: p.signing?.signature,
    signatureSource: p.signing?.source,
    ...(p.signing?.typedMatches !== undefined ? { typedMatches: p.signing.typedMatches } : {}),
    omitted: p.signing?.omitted ?? [],
    problems,
    warnings: p.warnings,
    ok: problems.length === 0 && (!signed || p.signing?.signature !== undefined),
  };
}

export const signCommand = command(spec, async ({ values, positionals }) => {
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length ? `give one file (got ${positionals.length})` : 'give the .payout.http file whose requests to sign',
    );
  const session = openSession(positionals[0], values.env, 'credentials', {}, undefined, openApiOptions(values.openapi));
  const blocks = sessionBlocks(session, values);

  const outcomes: { o: SignOutcome; p: PreparedRequest }[] = [];
  for (const b of blocks) {
    const p = session.redactResult(await session.prepare(b));
    outcomes.push({ o: outcome(p), p });
  }
  const out = (t: string) => writeOut(session.redactor.redact(t) + '\n');
  if (values.json) {
    out(
      JSON.stringify(
        outcomes.map(({ o }) => o),
        null,
        2,
      ),
    );
  } else {
    for (const { o, p } of outcomes) {
      out(`${o.label}: ${p.method} ${p.url}`);
      if (p.endpoint?.auth !== 'signed-v2') {
        const why = !p.endpoint
          ? 'not a known endpoint, so there is no signed string to build'
          : p.endpoint.auth === 'public'
            ? 'a public endpoint: unsigned'
            : p.endpoint.auth === 'none'
              ? 'an unsigned API'
              : 'a v3 endpoint: it authenticates with a bearer token (or a client assertion), not a body signature';
        out(`  nothing to sign: ${why}`);
      }
      if (o.canonical !== undefined) out(`  canonical: ${o.canonical}`);
      if (o.signature !== undefined) out(`  signature: ${o.signature}${o.signatureSource === 'typed' ? ' (typed in the body)' : ''}`);
      if (o.signatureSource === 'typed' && o.typedMatches !== undefined) {
        out(`  the typed signature ${o.typedMatches ? 'matches' : 'does NOT match'} the one computed from the body`);
        if (!o.typedMatches && p.signing?.explanation) for (const l of explanationLines(p.signing.explanation, '    ')) out(l);
      }
      for (const w of o.warnings) out(`  warning: ${w}`);
      for (const pr of o.problems) out(`  problem: ${pr}`);
    }
  }
  return outcomes.every(({ o }) => o.ok) ? EXIT.ok : EXIT.failed;
});
