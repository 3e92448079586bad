// The request line names no endpoint of its base (`{{base_url}}`: payout v2 and v3,
// `{{plant_base_url}}`: plant store), or a method the path does not take. The catalogue's matcher
// words the reason and picks the closest known endpoint, offered as a quick fix.
import type { BlockRule, QuickFix, SpanEdit } from '../types';
import { diag, PAYOUT_LIKE_PATH } from '../util';

export const unknownPath: BlockRule = {
  code: 'payout/unknown-path',
  description: 'A request line that matches no endpoint of its base (with the closest known one).',
  check({ block, match }) {
    const line = block.requestLine;
    if (!line || match.endpoint || !match.reason) return [];
    const knownBase = match.base !== undefined && !/is not a known base variable/.test(match.reason);
    // `{{host}}/anything` or https://example.com/x are the user's own APIs: only payout-looking paths are judged.
    if (!knownBase && !PAYOUT_LIKE_PATH.test(match.path)) return [];
    const urlStart = line.urlSpan.start;
    const pathOffset = match.base !== undefined ? line.url.indexOf('}}') + 2 : line.url.indexOf(match.path);
    const pathSpan =
      pathOffset >= 0 && line.url.startsWith(match.path, pathOffset)
        ? { start: urlStart + pathOffset, end: urlStart + pathOffset + match.path.length }
        : line.urlSpan;
    const fixes: QuickFix[] = [];
    const s = match.suggestion;
    if (s) {
      const edits: SpanEdit[] = [];
      if (s.path !== match.path && !s.path.includes('{')) edits.push({ span: pathSpan, newText: s.path });
      if (s.method !== line.method) {
        edits.push(
          line.methodSpan.end > line.methodSpan.start
            ? { span: line.methodSpan, newText: s.method }
            : { span: { start: line.urlSpan.start, end: line.urlSpan.start }, newText: `${s.method} ` },
        );
      }
      if (edits.length) fixes.push({ title: `Change to ${s.method} ${s.path}`, edits, preferred: true });
    }
    const isMethod = /^Method /.test(match.reason);
    return [
      diag(
        this.code,
        'warning',
        match.reason,
        isMethod ? (line.methodSpan.end > line.methodSpan.start ? line.methodSpan : pathSpan) : pathSpan,
        fixes,
      ),
    ];
  },
};
