// `payout-http curl FILE --name NAME [--env ENV]`: the signed request as a curl command, with no
// secret in it (a v3 bearer token is left as $ACCESS_TOKEN for the reader to set).
import { command, OPENAPI_NOTE, OPENAPI_OPTION, openApiOptions, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { openSession } from '../session';
import { sessionBlocks } from '../select';
import { toCurl } from '../../engine/http/curl';
import { writeErr, writeOut } from '../output';

const spec = {
  name: 'curl',
  usage: 'payout-http curl FILE (--name NAME ... | --all) [--env ENV] [--openapi FILE[=BASE] ...]',
  description:
    'Prints requests, resolved and signed, as curl commands that can be pasted into a shell. The secretKey\n' +
    'is never part of a request; a v3 bearer token is written as "$ACCESS_TOKEN" for you to set. Nothing is\n' +
    'sent (with the local sandbox, it is started so that the URL answers).',
  options: {
    name: { type: 'string', short: 'n', multiple: true, valueName: 'NAME', description: 'the request named NAME; repeatable' },
    all: { type: 'boolean', short: 'a', description: 'every request of the file' },
    env: { type: 'string', short: 'e', valueName: 'ENV', description: 'environment from http-client.env.json (default: local sandbox)' },
    openapi: OPENAPI_OPTION,
  },
  examples: [
    'payout-http curl orders.payout.http --name quote',
    'payout-http curl orders.payout.http --name quote --env sandbox | sh',
    'payout-http curl pets.payout.http --all --openapi specs/petstore.yaml=petstore_base_url',
  ],
  notes: [OPENAPI_NOTE, 'Exit code: 0 when every request could be prepared, 1 otherwise, 2 for a usage error.'],
} as const;

export const curlCommand = command(spec, async ({ values, positionals }) => {
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? `give one file (got ${positionals.length})` : 'give the .payout.http file');
  const session = openSession(positionals[0], values.env, 'sandbox', {}, (note) => writeErr(`${note}\n`), openApiOptions(values.openapi));
  const blocks = sessionBlocks(session, values);
  let ok = true;
  for (const b of blocks) {
    const p = session.redactResult(await session.prepare(b));
    const lines: string[] = [`# ${p.label}${p.title ? `: ${p.title}` : ''}`];
    for (const w of p.warnings) lines.push(`# warning: ${w}`);
    for (const pr of p.problems) lines.push(`# problem: ${pr}`);
    if (p.problems.length) ok = false;
    const secretHeaders: Record<string, string> = {};
    for (const h of p.secretHeaders)
      secretHeaders[h] = /^authorization$/i.test(h) ? 'Bearer $ACCESS_TOKEN' : `$${h.toUpperCase().replace(/\W/g, '_')}`;
    if (p.user) lines.push(`# set ACCESS_TOKEN to a v3 token for ${p.user} (payout-http send exchanges one for you)`);
    lines.push(toCurl({ method: p.method, url: p.url, headers: p.headers, body: p.body, secretHeaders }));
    writeOut(session.redactor.redact(lines.join('\n')) + '\n\n');
  }
  return ok ? EXIT.ok : EXIT.failed;
});
