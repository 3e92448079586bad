// Terminal rendering of engine/http results. Every line goes through the session's redactor
// before it is written (send.ts), so a secret that slipped into a response or an assertion is
// still never printed.
import type { PreparedRequest, SchemaOutcome, SendResult } from '../engine/http/types';
import type { Verdict } from '../engine/http/verify';
import { explanationLines } from '../engine/http/render';

export function verdictLine(v: Verdict | undefined): string {
  if (!v) return 'signature: not checked';
  switch (v.state) {
    case 'verified':
      return `signature: verified (${v.signedDisplay})`;
    case 'not-verified':
      return `signature: NOT VERIFIED: ${v.reason}`;
    case 'not-checkable':
      return `signature: not checkable: ${v.reason}`;
  }
}

/** `schema: matches plant-store.getPlantById`, or `schema: 2 problem(s) against …`. */
export function schemaSummary(s: SchemaOutcome): string {
  return s.problems.length === 0 ? `schema: matches ${s.endpointId}` : `schema: ${s.problems.length} problem(s) against ${s.endpointId}`;
}

function indent(text: string, by = '    '): string {
  return text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');
}

export function requestHeading(p: PreparedRequest, index?: { n: number; of: number }): string {
  const where = index ? `[${index.n}/${index.of}] ` : '';
  return `${where}${p.label}${p.title && p.title !== p.name ? ` (${p.title})` : ''}: ${p.method} ${p.url}`;
}

export function formatResult(r: SendResult, options: { index?: { n: number; of: number }; showBody?: boolean } = {}): string {
  const out: string[] = [requestHeading(r.prepared, options.index)];
  const p = r.prepared;
  if (p.signing) {
    out.push(`  signed string: ${p.signing.canonicalDisplay}`);
    if (p.signing.source === 'typed') {
      out.push(
        `  signature: sent as typed in the body; ${p.signing.typedMatches ? 'it matches the computed one' : 'it does NOT match the computed one'}`,
      );
      if (p.signing.explanation && !p.signing.typedMatches) out.push(...explanationLines(p.signing.explanation, '    '));
    }
  }
  for (const w of p.warnings) out.push(`  warning: ${w}`);
  if (r.token)
    out.push(
      `  token: for ${r.token.user}, ${r.token.fresh ? 'exchanged' : 'cached'} (${r.token.masked}, expires ${new Date(r.token.expiresAt * 1000).toISOString()})`,
    );
  for (const a of r.attempts) {
    if (a.retryReason && a.delayMs !== undefined)
      out.push(`  attempt ${a.attempt}: ${a.headline ?? `HTTP ${a.status}`}; retrying in ${a.delayMs} ms (${a.retryReason})`);
  }
  if (r.error) {
    out.push(`  error: ${r.error}`);
  }
  if (r.response) {
    const d = r.decoded;
    out.push(`  HTTP ${r.response.status} in ${Math.round(r.response.durationMs)} ms, ${r.response.bytes} bytes`);
    if (d && d.kind !== 'other') {
      out.push(`  ${d.success ? 'success' : 'failure'}: ${d.headline}`);
      if (!d.success) {
        if (d.message && d.message !== d.meaning) out.push(`  message: ${d.message}${d.rawMessage ? ` (sent as "${d.rawMessage}")` : ''}`);
        if (d.endpointNote) out.push(`  on this endpoint: ${d.endpointNote}`);
        if (d.check) out.push(`  check: ${d.check}`);
        out.push(`  retry: ${d.retry ? 'yes, with backoff (doc 1 §7)' : 'no'}`);
      }
    }
    out.push(`  ${verdictLine(r.verdict)}`);
    if (r.verdict?.state === 'not-verified' && r.verdict.explanation) {
      out.push(...explanationLines(r.verdict.explanation, '    '));
    }
    if (r.schema) {
      out.push(`  ${schemaSummary(r.schema)}`);
      for (const p of r.schema.problems) out.push(`    ${p.path}: ${p.message}`);
    }
    if (options.showBody !== false) out.push(indent(prettyBody(r.response.bodyText, r.response.body), '  | '));
  }
  if (r.duplicateLookup) {
    out.push('  the order id was already used (DUPLICATE_TRANSACTION_ID): the existing order, fetched instead of creating a second one:');
    out.push(indent(formatResult(r.duplicateLookup, { showBody: true }), '    '));
  }
  for (const a of r.assertions) {
    // a script's client.test is named as its script named it; a `??` line reads as written
    const text = a.origin === 'script' ? `test ${a.text}` : `?? ${a.text.replace(/^\?\?\s*/, '')}`;
    out.push(`  ${a.ok ? 'ok  ' : 'FAIL'} ${text}${a.ok ? '' : `: ${a.message}`}`);
  }
  for (const l of r.scriptLogs ?? []) out.push(`  log: ${l}`);
  if (r.savedBodyTo) out.push(`  body saved to ${r.savedBodyTo}`);
  out.push(`  => ${r.ok ? 'PASS' : 'FAIL'}`);
  return out.join('\n');
}

function prettyBody(text: string, parsed: unknown): string {
  if (parsed !== undefined) return JSON.stringify(parsed, null, 2);
  return text.length > 4000 ? `${text.slice(0, 4000)}… (${text.length} characters)` : text;
}
