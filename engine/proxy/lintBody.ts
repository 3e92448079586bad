// The lint rules that apply to a request as it went over the wire: the editor's own block rules,
// run on the exchange written as a one-request `.payout.http` block (request line, Content-Type,
// body as received). Rules about the file rather than the request (variables, tokens, the typed
// signature, which the proxy checks itself, unknown paths, which it marks `unknown`) are left out.
import { parseBlock } from '../syntax/parser';
import { blockContext } from '../language/analysis';
import { blockRules } from '../language/lint';
import type { ExchangeProblem, HeaderPairs } from './exchange';

const NOT_ABOUT_THE_WIRE = new Set([
  'payout/unknown-path',
  'payout/undefined-variable',
  'payout/token-unavailable',
  'payout/signature-mismatch',
  'payout/openapi-document',
]);

export function lintExchangeBody(method: string, target: string, headers: HeaderPairs, body: string): ExchangeProblem[] {
  const contentType = headers.find(([n]) => n.toLowerCase() === 'content-type');
  // A body line starting with `###` would end the block early; such a body is not JSON anyway.
  const text = `${method} ${target}\n${contentType ? `Content-Type: ${contentType[1]}\n` : ''}\n${body}`;
  const block = parseBlock(text, 0);
  if (!block.requestLine) return [];
  const ctx = blockContext(block);
  const out: ExchangeProblem[] = [];
  for (const rule of blockRules) {
    if (NOT_ABOUT_THE_WIRE.has(rule.code)) continue;
    try {
      for (const d of rule.check(ctx)) out.push({ code: d.code, severity: d.severity, message: d.message });
    } catch {
      // A rule's bug must not hide the exchange (the lint robustness tests catch it).
    }
  }
  return out;
}
