// `send` failures as GitHub Actions annotations (githubAnnotations.ts): one `::error` per failed
// request, at the line of each assertion that does not hold, else at its request line, so the pull
// request shows the failure where it is written. Printed on GitHub Actions (GITHUB_ACTIONS=true) or
// with --annotations.
import { relative } from 'node:path';
import { sourceIn } from '../engine/history/record';
import type { SendResult } from '../engine/http/types';
import type { ParsedFile } from '../engine/syntax/types';
import { lineAt } from '../engine/util/lineAt';
import { verdictLine } from './format';
import { annotation } from './githubAnnotations';

/** Why a failed request failed, in one message (no secret: the caller redacts the lines). */
function reason(r: SendResult): string {
  if (r.error) return r.error;
  if (r.verdict?.state === 'not-verified') return verdictLine(r.verdict);
  return `the request failed: ${r.decoded?.headline ?? (r.response ? `HTTP ${r.response.status}` : 'no response')}`;
}

export function sendAnnotations(file: ParsedFile, filePath: string, results: readonly SendResult[]): string[] {
  const shown = relative(process.cwd(), filePath) || filePath;
  const out: string[] = [];
  for (const r of results) {
    if (r.ok) continue;
    const source = sourceIn(file, undefined, r);
    const title = `${r.prepared.label}: ${r.prepared.method} ${r.prepared.url}`;
    const block = file.requests.find((b, i) => (b.name ?? `#${i + 1}`) === r.prepared.label);
    const failed = r.assertions.map((a, i) => ({ a, i })).filter(({ a }) => !a.ok);
    if (failed.length && block && !r.error) {
      for (const { a, i } of failed) {
        const written = block.assertions[i]?.text === a.text ? block.assertions[i] : block.assertions.find((x) => x.text === a.text);
        const line = written ? lineAt(file.text, block.start + written.span.start) : source.line + 1;
        out.push(annotation('error', { file: shown, line, title }, `${a.text}: ${a.message ?? `got ${a.actual}`}`));
      }
      continue;
    }
    out.push(annotation('error', { file: shown, line: source.line + 1, title }, reason(r)));
  }
  return out;
}
