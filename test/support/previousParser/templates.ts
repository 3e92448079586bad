// FROZEN COPY of engine/syntax/templates.ts as of main cc3ea42 (before issue 28's compact document model), kept
// as the reference that test/syntax/compactModel.test.ts compares the new parser's model with: do not
// edit it to follow the engine; it is what the compact model must equal, field for field.
// `{{...}}` references: finding them in text and telling what they refer to. The syntax is the one
// REST Client / httpYac / JetBrains share: `{{name}}`, `{{$system args}}`, `{{request.response.body.$.x}}`.
import { intern } from '../../../engine/util/intern';
import { braceRunEnd, isEscapedTemplate } from '../../../engine/syntax/escapes';
import { RANDOM_VARIABLES } from '../../../engine/syntax/dynamicVariables';
import type { Span, SyntaxProblem, TemplateRef } from './types';

export interface SystemVariableInfo {
  /** How it is written, e.g. `{{$randomInt min max}}`. */
  usage: string;
  description: string;
  /** What completion inserts, when not the bare name (`$random.integer(0, 100)`). */
  insert?: string;
}

/**
 * System variables resolve.ts knows how to compute. Names are those of REST Client and httpYac;
 * `$random.uuid` is JetBrains' spelling of `$uuid`.
 */
export const SYSTEM_VARIABLES: Readonly<Record<string, SystemVariableInfo>> = {
  $uuid: { usage: '{{$uuid}}', description: 'A new random UUID (v4) for each occurrence.' },
  $guid: { usage: '{{$guid}}', description: 'Same as `$uuid` (REST Client spelling).' },
  '$random.uuid': { usage: '{{$random.uuid}}', description: 'Same as `$uuid` (JetBrains spelling).' },
  $timestamp: {
    usage: '{{$timestamp [offset unit]}}',
    description: 'Unix time in seconds; an optional offset such as `-1 h` (units y M w d h m s ms) shifts it.',
  },
  $isoTimestamp: { usage: '{{$isoTimestamp}}', description: 'The current time in ISO 8601, UTC (`2024-01-31T12:00:00.000Z`).' },
  $datetime: {
    usage: '{{$datetime rfc1123|iso8601|"YYYY-MM-DD HH:mm:ss" [offset unit]}}',
    description: 'The current UTC time in the given format (tokens YYYY MM DD HH mm ss SSS), optionally shifted.',
  },
  $localDatetime: {
    usage: '{{$localDatetime rfc1123|iso8601|"YYYY-MM-DD HH:mm:ss" [offset unit]}}',
    description: 'Like `$datetime`, in the local time zone of the machine.',
  },
  $randomInt: {
    usage: '{{$randomInt min max}}',
    description: 'A random integer from min (included) to max (excluded); from 0 to 9999999 without arguments (kulala).',
  },
  $date: { usage: '{{$date}}', description: "Today's date in UTC, `YYYY-MM-DD` (kulala)." },
  $processEnv: { usage: '{{$processEnv NAME}}', description: 'The value of environment variable NAME of the process.' },
  $dotenv: { usage: '{{$dotenv NAME}}', description: 'The value of NAME in the `.env` file beside the request file.' },
  ...RANDOM_VARIABLES,
};

/** A variable name as `@name = value` and `{{name}}` write it. */
export const VARIABLE_NAME = /^[A-Za-z_][\w.-]*$/;
/** `quote.response.body.$.data.x`, `quote.response.headers.Content-Type`, `quote.response.body.*`. */
const REQUEST_REF = /^([A-Za-z_][\w-]*)\.(response|request)(?:\.(.*))?$/s;
/**
 * The paths read after `name.`: REST Client's `response.body.$.json.path` (JSONPath),
 * `response.body.//xml/path` (XPath), `response.body.*` and `response.headers.Name`; kulala's
 * `response.body.json.path` (no `$`), `response.headers['Name']` and `response.cookies.NAME.value`.
 */
const REQUEST_PATH =
  /^(response|request)\.(body(\.(\*|\$.*|\/.+|[A-Za-z_][^]*))?|headers(\.[!#$%&'*+.^_`|~0-9A-Za-z-]+|\[(["'])[!#$%&'*+.^_`|~0-9A-Za-z-]+\6\])|cookies\.[^.\s]+\.value)$/s;

/** Split `$datetime "DD-MM-YYYY" -1 d` into its words, a quoted word being one (quotes removed). */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const m of text.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** Classify the text between the braces. `span` is where the whole `{{...}}` is. */
export function classifyTemplate(rawExpression: string, span: Span): TemplateRef {
  const expression = intern(rawExpression.trim());
  if (expression.startsWith('$')) {
    // JetBrains writes arguments in parentheses: `{{$random.integer(2, 8)}}`.
    const call = /^(\$[\w.]+)\((.*)\)$/s.exec(expression);
    if (call) {
      const inner = call[2].trim();
      return { span, expression, kind: 'system', name: intern(call[1]), args: inner === '' ? [] : inner.split(',').map((a) => a.trim()) };
    }
    const m = /^(\S+)\s*(.*)$/s.exec(expression)!;
    // Most system variables (`{{$uuid}}`) have no arguments: no word scan for them.
    return { span, expression, kind: 'system', name: intern(m[1]), args: m[2] === '' ? [] : splitArgs(m[2]) };
  }
  if (expression.startsWith('%') && VARIABLE_NAME.test(expression.slice(1))) {
    // REST Client's `{{%name}}`: the value of `name`, percent-encoded.
    return { span, expression, kind: 'variable', name: intern(expression.slice(1)), percentEncode: true };
  }
  const req = REQUEST_REF.exec(expression);
  if (req) {
    return { span, expression, kind: 'request', name: req[1], path: expression.slice(req[1].length + 1) };
  }
  return { span, expression, kind: 'variable', name: expression };
}

/** Problems of one reference: only things the reference itself gets wrong (not whether it resolves). */
export function checkTemplate(ref: TemplateRef): SyntaxProblem | undefined {
  if (ref.expression === '') {
    return templateProblem(
      ref,
      'syntax/empty-template',
      'Empty `{{}}`: write a variable name inside, e.g. `{{partnerCode}}`, or remove the braces.',
      'error',
    );
  }
  if (ref.kind === 'system' && !(ref.name in SYSTEM_VARIABLES)) {
    return templateProblem(
      ref,
      'syntax/unknown-system-variable',
      `Unknown system variable \`${ref.name}\`: use one of ${Object.keys(SYSTEM_VARIABLES).join(', ')}.`,
    );
  }
  if (ref.kind === 'request' && !REQUEST_PATH.test(ref.path ?? '')) {
    return templateProblem(
      ref,
      'syntax/invalid-request-reference',
      `\`{{${ref.expression}}}\` is not a request reference this tool understands: write \`{{${ref.name}.response.body.$.data.field}}\`, \`{{${ref.name}.response.body.*}}\` or \`{{${ref.name}.response.headers.Header-Name}}\`.`,
    );
  }
  if (ref.kind === 'variable' && !VARIABLE_NAME.test(ref.name)) {
    return templateProblem(
      ref,
      'syntax/unsupported-template',
      `\`{{${ref.expression}}}\` is not a variable name: only \`{{name}}\`, \`{{$system}}\` variables and \`{{request.response...}}\` references are supported; script expressions are not.`,
    );
  }
  return undefined;
}

/** A problem of `ref` (a function, not a closure per call: this runs for every reference of a file). */
function templateProblem(ref: TemplateRef, code: string, message: string, severity: SyntaxProblem['severity'] = 'warning'): SyntaxProblem {
  return { span: ref.span, code, message, severity };
}

/**
 * Every `{{...}}` in `text[from, to)`, with spans shifted by `base`. A `{{` whose `}}` is not on the
 * same line is reported as unterminated (templates never span lines, so a missing `}}` cannot
 * swallow the rest of the request).
 */
export function scanTemplates(
  text: string,
  from = 0,
  to = text.length,
  base = 0,
  refs: TemplateRef[] = [],
  problems: SyntaxProblem[] = [],
): { refs: TemplateRef[]; problems: SyntaxProblem[] } {
  let i = text.indexOf('{{', from);
  while (i !== -1 && i + 1 < to) {
    if (isEscapedTemplate(text, i)) {
      i = text.indexOf('{{', braceRunEnd(text, i)); // `\{{`: braces sent as they are (escapes.ts)
      continue;
    }
    const close = text.indexOf('}}', i + 2);
    let lineEnd = i + 2;
    while (lineEnd < to && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13) lineEnd++;
    const inner = text.indexOf('{{', i + 2);
    if (close === -1 || close + 2 > lineEnd || (inner !== -1 && inner < close)) {
      problems.push({
        span: { start: base + i, end: base + Math.min(lineEnd, inner !== -1 && inner < close ? inner : lineEnd) },
        code: 'syntax/unterminated-template',
        message: '`{{` is not closed on this line: add `}}` after the name, e.g. `{{partnerCode}}`.',
        severity: 'error',
      });
      i = inner !== -1 && inner < lineEnd ? inner : text.indexOf('{{', lineEnd);
      continue;
    }
    const ref = classifyTemplate(text.slice(i + 2, close), { start: base + i, end: base + close + 2 });
    refs.push(ref);
    const problem = checkTemplate(ref);
    if (problem) problems.push(problem);
    i = text.indexOf('{{', close + 2);
  }
  return { refs, problems };
}
