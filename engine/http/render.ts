// The one renderer of send results as text: the editor's response view (renderResponse, built in
// the language server and shipped to the client as text), the Send All summary, and the signature
// explanation the CLI prints too. Pure functions of engine/http's SendResult (unit-tested without an
// editor). SendResult never holds a secret (see types.ts); headers that carry one (Authorization:
// Bearer …) are masked here as well, and the request's secret headers are not shown.
import type { Explanation } from '../signing';
import type { SchemaOutcome, SendResult } from './types';
import type { Verdict } from './verify';

export function verdictLine(v: Verdict | undefined): string {
  if (!v) return 'Signature: not checked (no response data)';
  switch (v.state) {
    // The verdict first, short enough to read in a split; the (long) signed string on its own line.
    case 'verified':
      return `Signature: verified ✓\n  over: ${v.signedDisplay}`;
    case 'not-verified':
      return `Signature: NOT verified ✗ (${v.reason})\n  expected over: ${v.signedDisplay}`;
    case 'not-checkable':
      return `Signature: not checkable (${v.reason})`;
  }
}

/** The response against its OpenAPI schema: one line when it matches, then one per problem. */
export function schemaLines(s: SchemaOutcome | undefined): string[] {
  if (!s) return [];
  if (s.problems.length === 0) return [`Schema: matches ${s.endpointId} ✓`];
  return [`Schema: ${s.problems.length} problem(s) against ${s.endpointId} ✗`, ...s.problems.map((p) => `  ${p.path}: ${p.message}`)];
}

/** Where an explanation is read: its advice names what the reader can do there (a CLI flag, an editor action). */
export type ExplainAudience = 'cli' | 'editor';

const OTHER_KEY_ADVICE: Record<ExplainAudience, string> = {
  cli: 'to explain it against the key pair your backend uses, give its public key with --public-key FILE',
  editor:
    'to explain it against the key pair your backend uses, select the environment that holds it (Payout HTTP: Select Environment) and run Payout HTTP: Explain Signature Mismatch again',
};
const NOT_FOUND_ADVICE: Record<ExplainAudience, string> = {
  cli: 'the backend signed a value that is not at hand here: print the string your backend signs (without its secretKey) and compare it with the expected string above',
  editor:
    'the backend signed a value that is not at hand here: print the string your backend signs (without its secretKey) and compare it with the expected string above (Payout HTTP: Show Signed String)',
};

/**
 * A signature explained (CLI and editor): the expected string; when it matches, that alone (the search
 * never ran); otherwise the verdict of opening the signature, then the covered variant with its segment
 * diff (a reordered field as one move), or, when nothing matches, what the search tried.
 */
export function explanationLines(e: Explanation | undefined, indent = '  ', audience: ExplainAudience = 'cli'): string[] {
  if (!e) return [];
  const out = [`${indent}expected string: ${e.expectedDisplay}`];
  if (e.verifiedAsExpected) {
    // nothing to diagnose
  } else {
    if (e.verdict) out.push(`${indent}verdict: the signature was ${e.verdict.text}`);
    if (e.match) {
      out.push(`${indent}diagnosis: ${e.match.description}`, `${indent}the signature covers: ${e.match.display}`);
      for (const d of e.match.diff) {
        out.push(
          d.movedTo !== undefined
            ? `${indent}  segment ${d.index + 1} (${JSON.stringify(d.expected)}) moved: signed as segment ${d.movedTo + 1}`
            : `${indent}  segment ${d.index + 1}: expected ${JSON.stringify(d.expected)}, signed ${JSON.stringify(d.actual)}`,
        );
      }
    } else if (e.verdict?.kind === 'other-key') {
      out.push(`${indent}${OTHER_KEY_ADVICE[audience]}`);
    } else if (e.searched) {
      const s = e.searched;
      out.push(
        `${indent}not found: no string tried gives the signed digest. Tried ${e.tried} strings: ${s.strings} of these families and ${s.candidates} with other values (up to ${s.perField} per field)` +
          (s.sources.length ? `, values from: ${s.sources.join('; ')}` : '') +
          `; ${s.complete ? 'searched all' : 'stopped at the time budget'} in ${s.elapsedMs} ms (budget ${s.budgetMs} ms):`,
        ...s.families.map((f) => `${indent}  - ${f}`),
        `${indent}${NOT_FOUND_ADVICE[audience]}`,
      );
    }
  }
  if (e.note) out.push(`${indent}note: ${e.note}`);
  return out;
}

/** Short text for the inline mark on the request line. */
export function markOf(r: SendResult): { text: string; kind: 'ok' | 'bad' | 'neutral' } {
  if (r.error && !r.response) return { text: '✗ not sent', kind: 'bad' };
  const d = r.decoded;
  if (d && !d.success) {
    const code =
      d.errorCode !== undefined ? `${d.semanticCode ?? 'error'} (${d.errorCode})` : (d.semanticCode ?? `HTTP ${r.response?.status}`);
    // The request's assertions expect this error (a replay expecting DUPLICATE_TRANSACTION_ID): it holds.
    if (r.ok && r.assertions.length) return { text: `✓ ${code} as expected`, kind: 'ok' };
    return { text: `✗ ${code}`, kind: 'bad' };
  }
  if (r.verdict?.state === 'verified') return { text: r.ok ? '✓ verified' : '✓ verified, assertion failed', kind: r.ok ? 'ok' : 'bad' };
  if (r.verdict?.state === 'not-verified') return { text: '✗ not verified', kind: 'bad' };
  return { text: `${r.ok ? '✓' : '✗'} HTTP ${r.response?.status ?? '-'}`, kind: r.ok ? 'neutral' : 'bad' };
}

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$/i;

function pretty(bodyText: string, body: unknown): string {
  if (body !== undefined && typeof body === 'object') return JSON.stringify(body, null, 2);
  return bodyText;
}

export function renderResponse(r: SendResult, now: Date): string {
  const p = r.prepared;
  const lines: string[] = [];
  lines.push(`${p.method} ${p.url}`);
  lines.push(
    `# ${p.title ?? p.label}${p.endpoint ? ` (${p.endpoint.id}, ${p.endpoint.source})` : ''} · ${r.response ? `sent ${now.toISOString()}` : 'not sent'}`,
  );
  if (r.error) lines.push('', `Error: ${r.error}`);
  const res = r.response;
  if (res) {
    lines.push(`HTTP ${res.status} · ${Math.round(res.durationMs)} ms · ${res.bytes} bytes`);
    lines.push(verdictLine(r.verdict));
    if (r.verdict?.state === 'not-verified') lines.push(...explanationLines(r.verdict.explanation, '  ', 'editor'));
    lines.push(...schemaLines(r.schema));
    if (r.decoded) {
      lines.push(`Result: ${r.decoded.headline}`);
      if (!r.decoded.success) {
        if (r.decoded.meaning) lines.push(`  meaning: ${r.decoded.meaning}`);
        if (r.decoded.endpointNote) lines.push(`  on this endpoint: ${r.decoded.endpointNote}`);
        if (r.decoded.check) lines.push(`  check: ${r.decoded.check}`);
        lines.push(`  retry: ${r.decoded.retry ? 'yes, with backoff' : 'no'}`);
      }
    }
  }
  if (r.attempts.length > 1) {
    lines.push(`Attempts: ${r.attempts.length}`);
    for (const a of r.attempts)
      lines.push(`  #${a.attempt}: ${a.status ?? '-'} ${a.headline ?? ''}${a.retryReason ? ` (${a.retryReason})` : ''}`);
  }
  if (r.assertions.length) {
    lines.push(`Assertions: ${r.assertions.filter((a) => a.ok).length}/${r.assertions.length} hold`);
    for (const a of r.assertions) lines.push(`  ${a.ok ? '✓' : '✗'} ${a.text}${a.ok ? '' : ` (${a.message ?? `got ${a.actual}`})`}`);
  }
  if (r.scriptLogs?.length) {
    lines.push('Script log:');
    for (const l of r.scriptLogs) lines.push(`  ${l}`);
  }
  if (r.savedBodyTo) lines.push(`Body saved to ${r.savedBodyTo}`);
  const s = p.signing;
  if (s) {
    lines.push(
      '',
      `Request signed over: ${s.canonicalDisplay}${s.source === 'typed' ? ` (typed signature: ${s.typedMatches ? 'matches' : 'does NOT match'} the computed one)` : ''}`,
    );
    for (const o of s.omitted) lines.push(`  omitted ${o.field}: signed as ${o.signedAs}${o.note ? ` (${o.note})` : ''}`);
    if (s.source === 'typed' && !s.typedMatches) lines.push(...explanationLines(s.explanation, '  ', 'editor'));
  }
  for (const w of p.warnings) lines.push(`Warning: ${w}`);
  if (r.token) lines.push(`Token: for ${r.token.user}, ${r.token.fresh ? 'freshly exchanged' : 'cached'}, ${r.token.masked}`);
  if (r.duplicateLookup) {
    lines.push('', `DUPLICATE_TRANSACTION_ID: the order already exists; fetched it instead:`);
    lines.push(
      ...renderResponse(r.duplicateLookup, now)
        .split('\n')
        .map((l) => `  ${l}`),
    );
  }
  if (res) {
    lines.push('', 'Headers');
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      lines.push(`  ${name}: ${SECRET_HEADER.test(name) ? '***' : Array.isArray(value) ? value.join(', ') : value}`);
    }
    lines.push('', 'Body', pretty(res.bodyText, res.body));
  }
  return lines.join('\n') + '\n';
}

/** One line per request of a Send All: its verdict, then its assertions indented below it. */
export function renderSummary(
  results: readonly SendResult[],
  o: { file: string; environment: string; cancelled: boolean; now: Date },
): string {
  const lines = [`Send All · ${o.file} · environment "${o.environment}" · ${o.now.toISOString()}`];
  const passed = results.filter((r) => r.ok).length;
  lines.push(
    `${passed}/${results.length} passed${o.cancelled ? ' · cancelled: the request in flight was stopped and the rest were not sent' : ''}`,
    '',
  );
  for (const r of results) {
    const p = r.prepared;
    const status = r.response ? `HTTP ${r.response.status} · ${Math.round(r.response.durationMs)} ms` : 'not sent';
    lines.push(`${r.ok ? '✓' : '✗'} ${p.label}: ${p.method} ${p.url} · ${status} · ${markOf(r).text}`);
    if (r.decoded && !r.decoded.success) lines.push(`    ${r.decoded.headline}`);
    if (r.error) lines.push(`    ${r.error}`);
    for (const a of r.assertions)
      lines.push(`    ${a.ok ? '✓' : '✗'} ${a.text}${a.ok ? '' : ` (${a.message ?? `got ${String(a.actual)}`})`}`);
  }
  return lines.join('\n') + '\n';
}
