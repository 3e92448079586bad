// Machine-readable forms of send results: the `--json` view and the JUnit suite. Both are built
// from results the session has already redacted, and redacted once more on the way out.
import { relative } from 'node:path';
import type { JUnitCase, JUnitSuite } from '../engine/http/junit';
import type { PreparedRequest, SendResult } from '../engine/http/types';
import { schemaSummary, verdictLine } from './format';

/** A prepared request without the catalogue entry (its id is enough) — what `--json` prints. */
export function preparedJson(p: PreparedRequest) {
  const { endpoint, ...rest } = p;
  return { ...rest, endpoint: endpoint?.id };
}

export function resultJson(r: SendResult): unknown {
  const { prepared, decoded, duplicateLookup, ...rest } = r;
  const { error: _spec, ...decodedRest } = decoded ?? {};
  void _spec;
  return {
    ...rest,
    prepared: preparedJson(prepared),
    ...(decoded ? { decoded: decodedRest } : {}),
    ...(duplicateLookup ? { duplicateLookup: resultJson(duplicateLookup) } : {}),
  };
}

export function junitCase(r: SendResult): JUnitCase {
  const failures: string[] = [];
  for (const a of r.assertions) if (!a.ok) failures.push(`${a.text}: ${a.message ?? `got ${a.actual}`}`);
  if (!r.error && r.response && !r.ok && failures.length === 0) {
    failures.push(
      r.verdict?.state === 'not-verified'
        ? verdictLine(r.verdict)
        : `the request failed: ${r.decoded?.headline ?? `HTTP ${r.response.status}`}`,
    );
  }
  const out: string[] = [];
  if (r.response) out.push(`HTTP ${r.response.status} in ${Math.round(r.response.durationMs)} ms`);
  if (r.decoded && r.decoded.kind !== 'other') out.push(r.decoded.headline);
  if (r.verdict) out.push(verdictLine(r.verdict));
  if (r.schema) out.push(schemaSummary(r.schema), ...r.schema.problems.map((p) => `  ${p.path}: ${p.message}`));
  for (const a of r.assertions) out.push(`${a.ok ? 'ok' : 'FAIL'} ${a.text}`);
  for (const l of r.scriptLogs ?? []) out.push(`log: ${l}`);
  if (r.savedBodyTo) out.push(`body saved to ${r.savedBodyTo}`);
  return {
    name: `${r.prepared.label}: ${r.prepared.method} ${r.prepared.url}`,
    time: (r.response?.durationMs ?? 0) / 1000,
    failures,
    ...(r.error ? { error: r.error } : {}),
    output: out.join('\n'),
  };
}

export function junitSuite(file: string, results: SendResult[], timestamp: string): JUnitSuite {
  return { name: relative(process.cwd(), file) || file, cases: results.map(junitCase), timestamp };
}
