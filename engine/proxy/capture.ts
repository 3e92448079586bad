// A request captured outside the tool (a proxy exchange, a curl command line, a raw HTTP request
// from a log or a packet capture), in one shape for the conversion to a `.payout.http` request.
import type { HeaderPairs } from './exchange';

export interface CapturedRequest {
  method: string;
  /** An absolute URL, or a path with its query (a proxy exchange, a raw request without Host). */
  url: string;
  headers: HeaderPairs;
  body: string;
}

/** What could not be read, each naming the fix; the conversion goes on where it can. */
export interface CaptureParse {
  request?: CapturedRequest;
  problems: string[];
}

/**
 * `POST /api/v2/... HTTP/1.1`, headers, a blank line, the body. With a Host header the URL is made
 * absolute (http://, as a capture does not say whether TLS was used); a chunked body is decoded.
 */
export function parseRawHttp(text: string): CaptureParse {
  const normalized = text.replace(/^\uFEFF/, '').replace(/^\s*\n/, '');
  const headEnd = /\r?\n\r?\n/.exec(normalized);
  const head = headEnd ? normalized.slice(0, headEnd.index) : normalized;
  let body = headEnd ? normalized.slice(headEnd.index + headEnd[0].length) : '';
  const [requestLine = '', ...headerLines] = head.split(/\r?\n/);
  const m = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+((?:\/|https?:\/\/)\S*)(?:\s+HTTP\/\d(?:\.\d)?)?\s*$/i.exec(requestLine.trim());
  if (!m)
    return {
      problems: [
        `the first line "${requestLine.slice(0, 80)}" is not a request line: expected e.g. "POST /api/v2/orders/review-sell-order HTTP/1.1"`,
      ],
    };
  const problems: string[] = [];
  const headers: HeaderPairs = [];
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) {
      problems.push(`"${line.slice(0, 80)}" is not a header line (Name: value); it was skipped`);
      continue;
    }
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  const header = (name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];
  if (/\bchunked\b/i.test(header('transfer-encoding') ?? '')) body = dechunk(body, problems);
  let url = m[2];
  const host = header('host');
  if (url.startsWith('/') && host) url = `http://${host}${url}`;
  return { request: { method: m[1].toUpperCase(), url, headers, body }, problems };
}

function dechunk(text: string, problems: string[]): string {
  let out = '';
  let rest = text;
  for (;;) {
    const line = /^([0-9a-fA-F]+)[^\r\n]*\r?\n/.exec(rest);
    if (!line) {
      problems.push('the chunked body is malformed; it was taken as it is');
      return text;
    }
    const size = parseInt(line[1], 16);
    if (size === 0) return out;
    // Sizes count bytes; the text is small enough to go through a Buffer.
    const bytes = Buffer.from(rest.slice(line[0].length), 'utf8');
    out += bytes.subarray(0, size).toString('utf8');
    rest = bytes
      .subarray(size)
      .toString('utf8')
      .replace(/^\r?\n/, '');
  }
}
