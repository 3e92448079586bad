// `payoutHttp/prepare` and `payoutHttp/copyAsCurl`: the request at a line resolved and signed as it
// would be sent, nothing sent (no token is exchanged: a bearer header stays `$ACCESS_TOKEN`).
import { toCurl } from '../../../engine/http/curl';
import type { PreparedRequest } from '../../../engine/http/types';
import type { PreparedData, SendSettings } from '../../../engine/protocol';
import type { HostContext } from './context';
import { openHostSession, requestAtLine } from './session';

async function prepareAt(ctx: HostContext, p: { uri: string; line: number; settings: SendSettings }): Promise<PreparedRequest | null> {
  const session = await openHostSession(ctx, p);
  const block = requestAtLine(session.file, p.line);
  return block ? session.prepare(block) : null;
}

export async function prepare(ctx: HostContext, p: { uri: string; line: number; settings: SendSettings }): Promise<PreparedData | null> {
  const r = await prepareAt(ctx, p);
  if (!r) return null;
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, r.secretHeaders.includes(k) ? '***' : v]));
  return {
    label: r.label,
    method: r.method,
    url: r.url,
    headers,
    body: r.body,
    signedDisplay: r.signing?.canonicalDisplay,
    secretHeaders: r.secretHeaders,
    problems: r.problems,
    warnings: r.warnings,
  };
}

export async function copyAsCurl(
  ctx: HostContext,
  p: { uri: string; line: number; settings: SendSettings },
): Promise<{ label: string; curl: string; needsToken: boolean }> {
  const r = await prepareAt(ctx, p);
  if (!r) throw new Error(`there is no request at line ${p.line + 1}; put the cursor in a request`);
  if (r.problems.length) throw new Error(`cannot build the request: ${r.problems.join('; ')}`);
  const secretHeaders = Object.fromEntries(r.secretHeaders.map((h) => [h, `${h}: Bearer $ACCESS_TOKEN`]));
  return {
    label: r.label,
    curl: toCurl({ method: r.method, url: r.url, headers: r.headers, body: r.body, secretHeaders }),
    needsToken: r.secretHeaders.length > 0,
  };
}
