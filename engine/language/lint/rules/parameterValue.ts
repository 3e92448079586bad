// Path and query parameters checked against the endpoint's spec: an integer path parameter
// (plant `plantId`) that is not an integer, a query value outside its enum (plant status search).
import type { RequestLine, Span } from '../../../syntax/types';
import type { FieldSpec } from '../../../catalogue/types';
import type { BlockRule, RuleDiagnostic } from '../types';
import { diag } from '../util';

function problemOf(spec: FieldSpec, value: string): string | undefined {
  if (value.includes('{{')) return undefined; // known at send time only
  if (spec.type === 'integer' && !/^-?\d+$/.test(value)) return `must be an integer; "${value}" is not`;
  if (spec.type === 'number' && !Number.isFinite(Number(value))) return `must be a number; "${value}" is not`;
  if (spec.enum && !spec.enum.includes(value)) return `must be one of ${spec.enum.join(', ')}; "${value}" is not`;
  return undefined;
}

/** Where `needle` is in the request line's URL from `from` on; the whole URL when it is not. */
function spanOf(line: RequestLine, needle: string, from: number): Span {
  const i = line.url.indexOf(needle, from);
  return i >= 0 ? { start: line.urlSpan.start + i, end: line.urlSpan.start + i + needle.length } : line.urlSpan;
}

export const parameterValue: BlockRule = {
  code: 'payout/parameter-value',
  description: 'A path or query parameter of the wrong type or outside its allowed values.',
  check({ block, endpoint, match }) {
    const line = block.requestLine;
    if (!line || !endpoint) return [];
    const out: RuleDiagnostic[] = [];
    const url = line.url;
    for (const spec of endpoint.pathParams ?? []) {
      const value = match.pathParams[spec.name];
      if (value === undefined) continue;
      const problem = problemOf(spec, value);
      if (problem)
        out.push(
          diag(
            this.code,
            'error',
            `Path parameter \`${spec.name}\` ${problem}. Write ${spec.type === 'integer' ? 'an integer, e.g. 1' : 'an allowed value'}.`,
            spanOf(line, `/${value}`, url.indexOf('}}') + 1),
          ),
        );
    }
    for (const spec of endpoint.query ?? []) {
      const value = match.query[spec.name];
      if (value === undefined) continue;
      const problem = problemOf(spec, value);
      if (!problem) continue;
      const span = spanOf(line, `${spec.name}=${value}`, Math.max(0, url.indexOf('?')));
      const fixes = spec.enum?.map((v) => ({ title: `Change to ${v}`, edits: [{ span, newText: `${spec.name}=${v}` }] }));
      out.push(diag(this.code, 'error', `Query parameter \`${spec.name}\` ${problem}. Use an allowed value.`, span, fixes));
    }
    return out;
  },
};
