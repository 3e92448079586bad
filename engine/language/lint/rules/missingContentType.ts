// Doc 1 §4.0 rule 1 and §5.9: every signed endpoint takes a JSON body with
// `Content-Type: application/json`; the v3 token exchange says the same (doc 2 §4.1).
// A missing header is information only: send and curl add `Content-Type: application/json` to a JSON
// body themselves (engine/http/prepare.ts), so the request goes out right. A header with another
// value is sent as written, and the service rejects it: that stays an error on signed endpoints.
import type { BlockRule } from '../types';
import { lineBreakOf } from '../../../util/lineLayout';
import { diag } from '../util';

export const missingContentType: BlockRule = {
  code: 'payout/missing-content-type',
  description: 'A JSON-body endpoint without `Content-Type: application/json`.',
  check({ block, endpoint }) {
    const line = block.requestLine;
    if (!line || !endpoint?.body || endpoint.method === 'GET') return [];
    const header = block.headers.find((h) => h.name.toLowerCase() === 'content-type');
    if (header && /^application\/json\b/i.test(header.value.trim())) return [];
    const signed = endpoint.auth === 'signed-v2';
    const why = signed ? 'signed endpoints require it (doc 1 §5.9)' : 'the endpoint takes a JSON body';
    if (header) {
      return [
        diag(
          this.code,
          signed ? 'error' : 'warning',
          `Content-Type is "${header.value}", but ${why}. Use \`application/json\`.`,
          header.valueSpan,
          [{ title: 'Use application/json', edits: [{ span: header.valueSpan, newText: 'application/json' }], preferred: true }],
        ),
      ];
    }
    const after = block.headers.length ? block.headers[block.headers.length - 1].span.end : line.span.end;
    const eol = lineBreakOf(block.text);
    return [
      diag(
        this.code,
        'information',
        `No \`Content-Type\` header: payout-http's send and curl add \`Content-Type: application/json\` (${why}). Add it below the request line so other clients send it too.`,
        line.span,
        [
          {
            title: 'Add Content-Type: application/json',
            edits: [{ span: { start: after, end: after }, newText: `${eol}Content-Type: application/json` }],
            preferred: true,
          },
        ],
      ),
    ];
  },
};
