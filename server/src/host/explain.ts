// `payoutHttp/explain`: given a signature from elsewhere (the user's backend) for the request at a
// line, is it the one the tool computes, and if not, which variant of the string does it cover? The
// engine answers this for a `signature` typed in the body, so the body is given one (in memory only).
import { explanationLines } from '../../../engine/http/render';
import { insertSignature } from '../../../engine/http/signBody';
import type { SendSettings } from '../../../engine/protocol';
import { parseHttpFile } from '../../../engine/syntax/parser';
import { openDocument, type HostContext } from './context';
import { openHostSession, requestAtLine } from './session';

export async function explain(
  ctx: HostContext,
  p: { uri: string; line: number; signature: string; settings: SendSettings },
): Promise<{ label: string; text: string }> {
  const { doc } = openDocument(ctx, p.uri);
  const text = doc.getText();
  const block = requestAtLine(parseHttpFile(text), p.line);
  if (!block?.body || block.body.kind !== 'json')
    throw new Error('put the cursor in a signed request with a JSON body (an /api/v2 request)');
  const start = block.start + block.body.span.start;
  const end = block.start + block.body.span.end;
  const altered = text.slice(0, start) + insertSignature(text.slice(start, end), String(p.signature).trim()) + text.slice(end);
  const session = await openHostSession(ctx, { uri: p.uri, settings: p.settings, text: altered });
  const r = await session.prepare(requestAtLine(session.file, p.line)!);
  const s = r.signing;
  const lines = [
    `Explain signature · ${r.label}${r.endpoint ? ` (${r.endpoint.id})` : ''} · environment "${session.environment.name}"`,
    '',
  ];
  if (!s) lines.push('This request is not signed (only /api/v2 signed endpoints carry a signature).');
  else {
    lines.push(`The tool signs: ${s.canonicalDisplay}`);
    if (s.typedMatches === true) lines.push('Your signature matches it ✓: the same string, key and scheme.');
    else if (s.typedMatches === false) lines.push('Your signature does NOT match it ✗', ...explanationLines(s.explanation, '  ', 'editor'));
    else lines.push(`Whether it matches cannot be told: ${r.warnings.join('; ')}`);
  }
  for (const problem of r.problems) lines.push(`Problem: ${problem}`);
  return { label: r.label, text: session.redactor.redact(lines.join('\n') + '\n') };
}
