// The values at hand for explain's value search (engine/signing/search.ts), as plain
// `{ source, field?, values }` data: the literal values of the file's other requests, the
// environments' plain variables, and what was sent and answered earlier (a session's sends, a
// proxy run's exchanges, the editor's earlier sends). A history store adds its own entries the same
// way (see docs/signing.md). Secret variables (secretKey, private keys) are never a source.
import type { CandidateSource } from '../signing';
import { isSecretVariable } from '../syntax/environments';
import type { RequestBlock } from '../syntax/types';
import { loadEnvironments } from './envFiles';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const usable = (v: unknown) => v !== undefined && (v === null || typeof v !== 'object') && !(typeof v === 'string' && v.includes('{{'));

/** One source per field of an object (top level, and `data` of a response envelope). */
export function objectSources(source: string, value: unknown): CandidateSource[] {
  if (!isRecord(value)) return [];
  const fields = isRecord(value.data) ? { ...value.data, ...value } : value;
  return Object.entries(fields)
    .filter(([k, v]) => k !== 'signature' && usable(v))
    .map(([field, v]) => ({ source, field, values: [v] }));
}

/**
 * A request body as written, its unquoted `{{…}}` values read as null so the literal ones still count
 * (`"fiatAmount": {{quote.response.body.$.data.fiatAmount}}` is not JSON until sent).
 */
function literalBody(text: string): unknown {
  try {
    return JSON.parse(text.replace(/(:\s*)\{\{[^{}]*\}\}/g, '$1null'));
  } catch {
    return undefined;
  }
}

/** The literal values of every other request of the file. */
export function fileSources(requests: readonly RequestBlock[], except?: RequestBlock): CandidateSource[] {
  return requests.flatMap((b, i) =>
    b === except || b.body?.kind !== 'json' ? [] : objectSources(`request ${b.name ?? `#${i + 1}`} of the file`, literalBody(b.body.text)),
  );
}

/** The plain (not secret) variables of every environment of the folder. */
export function environmentSources(fileDir: string): CandidateSource[] {
  try {
    const envs = loadEnvironments(fileDir);
    return envs.names.flatMap((name) =>
      Object.entries(envs.variables(name))
        .filter(([k, v]) => !isSecretVariable(k) && usable(v))
        .map(([field, v]) => ({ source: `environment "${name}"`, field, values: [v] })),
    );
  } catch {
    // Unreadable environment files add nothing here; the session reports them where it reads them.
    return [];
  }
}

/** The shape of a history entry (engine/history's HistoryEntry) that explain reads: bodies as text. */
export interface SentRecord {
  time: string;
  source: { label: string };
  request: { body?: string };
  response?: { body: string };
}

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The history of what was sent (newest first), each request's and response's values as sources. */
export function historySources(entries: readonly SentRecord[]): CandidateSource[] {
  return entries.flatMap((e) => {
    const when = e.time.replace('T', ' ').slice(0, 19);
    return [
      ...objectSources(`the history: ${e.source.label} sent ${when}`, parsed(e.request.body)),
      ...objectSources(`the history: the response to ${e.source.label} of ${when}`, parsed(e.response?.body)),
    ];
  });
}

/** A bounded list of what was sent and answered, newest first, as sources ("an earlier send of quote (12:00:01)"). */
export class SentValues {
  private readonly entries: CandidateSource[][] = [];
  constructor(private readonly max = 200) {}

  add(label: string, at: Date, request: unknown, response?: unknown): void {
    const when = at.toISOString().slice(11, 19);
    const entry = [
      ...objectSources(`an earlier send of ${label} (${when})`, request),
      ...objectSources(`the response to an earlier send of ${label} (${when})`, response),
    ];
    if (entry.length === 0) return;
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, this.max);
  }

  sources(): CandidateSource[] {
    return this.entries.flat();
  }
}
