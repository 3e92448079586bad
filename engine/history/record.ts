// A send result as a history entry, the one place both the editor (server/src/host/send.ts) and the
// CLI (`send --history`) build one, so the two histories hold the same record. What is kept is what
// the response view shows: the secretKey only as `<secretKey>` in the signed string, tokens masked,
// and the request's signature replaced by `<signature>` (a signature with its string is an oracle
// for the key; the history is no place for it). Everything passes the session's redactor last.
import { maskToken, type Redactor } from '../http/redact';
import { renderResponse } from '../http/render';
import type { SendResult } from '../http/types';
import type { ParsedFile } from '../syntax/types';
import { lineAt } from '../util/lineAt';
import { newHistoryId } from './store';
import { HISTORY_LIMITS, type HistoryEntry, type HistorySource } from './types';

export const SIGNATURE_PLACEHOLDER = '<signature>';

export interface RecordContext {
  environment: string;
  origin: HistoryEntry['origin'];
  source: HistorySource;
  /** The session's redactor: it knows the secretKey, the tokens and the secret env values met. */
  redactor: Redactor;
  now: Date;
}

function cut(text: string, max: number): { text: string; truncated: boolean } {
  return text.length > max ? { text: text.slice(0, max), truncated: true } : { text, truncated: false };
}

function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$/i;

function maskedHeaders(h: Record<string, string>, secretHeaders: readonly string[]): Record<string, string> {
  const secret = new Set(secretHeaders.map((s) => s.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    const masked = v.replace(/^(Bearer\s+)?(.*)$/i, (_, b: string | undefined, t: string) => `${b ?? ''}${maskToken(t)}`);
    out[k] = (secret.has(k.toLowerCase()) || SECRET_HEADER.test(k)) && !v.includes('<accessToken>') ? masked : v;
  }
  return out;
}

/** The history entry of one finished request (a result with no response is kept too: it says why). */
export function historyEntry(r: SendResult, ctx: RecordContext): HistoryEntry {
  const p = r.prepared;
  const signature = p.signing?.signature;
  const redact = (text: string): string => {
    const once = ctx.redactor.redact(text);
    return signature && signature.length >= 6 ? once.split(signature).join(SIGNATURE_PLACEHOLDER) : once;
  };
  const res = r.response;
  const body = res ? cut(res.bodyText, HISTORY_LIMITS.bodyChars) : undefined;
  const entry: HistoryEntry = {
    id: newHistoryId(ctx.now),
    time: ctx.now.toISOString(),
    environment: ctx.environment,
    origin: ctx.origin,
    source: ctx.source,
    request: {
      method: p.method,
      url: p.url,
      headers: maskedHeaders(p.headers, p.secretHeaders),
      ...(p.body !== undefined ? { body: p.body } : {}),
      ...(p.signing ? { signedString: p.signing.canonicalDisplay } : {}),
      ...(p.endpoint ? { endpointId: p.endpoint.id } : {}),
    },
    ...(res && body
      ? {
          response: {
            status: res.status,
            headers: maskedHeaders(flatHeaders(res.headers), []),
            body: body.text,
            bytes: res.bytes,
            truncated: body.truncated,
          },
          durationMs: Math.round(res.durationMs),
        }
      : {}),
    ...(r.decoded ? { headline: r.decoded.headline } : {}),
    ...(r.verdict ? { verdict: { state: r.verdict.state, ...('reason' in r.verdict ? { reason: r.verdict.reason } : {}) } } : {}),
    assertions: r.assertions.map((a) => ({ text: a.text, ok: a.ok, ...(a.ok ? {} : { message: a.message ?? `got ${a.actual}` }) })),
    ...(r.error ? { error: r.error } : {}),
    ok: r.ok,
    view: cut(renderResponse(r, ctx.now), HISTORY_LIMITS.viewChars).text,
  };
  // Every string of the record through the redactor (and the signature out), whatever field it is in;
  // the id is made of digits and hex only, so it passes unchanged.
  return deep(entry, redact) as HistoryEntry;
}

/** Every string of a JSON value through `redact` (on the values, not on the JSON text: escaping would hide a secret). */
function deep(value: unknown, redact: (s: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => deep(v, redact));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redact(k)] = deep(v, redact);
    return out;
  }
  return value;
}

/** Where a result's request is in the file it was sent from (by its label: `# @name`, else `#N`). */
export function sourceIn(file: ParsedFile, uri: string | undefined, r: SendResult): HistorySource {
  const block =
    file.requests.find((b, i) => (b.name ?? `#${i + 1}`) === r.prepared.label) ??
    file.requests.find((b) => b.name && b.name === r.prepared.name);
  const line = block ? lineAt(file.text, block.start + (block.requestLine?.span.start ?? 0)) - 1 : 0;
  return { ...(uri ? { uri } : {}), ...(r.prepared.name ? { name: r.prepared.name } : {}), label: r.prepared.label, line };
}
