// Template-aware JSON. Request bodies are JSON with `{{...}}` in them, sometimes unquoted in a value
// position (`"fiatAmount": {{amount}}`), which no JSON parser accepts. Before parsing, every
// template outside a string is replaced by a number of the same length (`1000…`), so the tree
// jsonc-parser builds has offsets that match the source exactly and the value node spans the whole
// template; those nodes are listed in `templates` (their `value` is a placeholder: read the
// template). Inside strings, only the characters of a template that would end the string (`"`, `\`)
// are blanked, so `"{{$datetime "YYYY"}}"` still parses as one string.
import * as jsonc from 'jsonc-parser';
import type { Node as JsonNode } from 'jsonc-parser';
import { classifyTemplate } from './templates';
import type { JsonBody, Span, TemplateRef } from './types';

export type { JsonNode };

export interface JsonParseResult extends JsonBody {
  /** Line and block comments found inside the JSON (they would be sent to the server as written). */
  comments: Span[];
  /** Unquoted templates that are not a whole value (`1{{x}}`, `{{a}}{{b}}`). */
  misplacedTemplates: readonly TemplateRef[];
}

// jsonc-parser's ParseErrorCode is a `const enum`, which esbuild cannot inline across packages.
const ERROR_MESSAGES: Record<number, string> = {
  1: 'Invalid symbol in the JSON body: check for a missing quote around a text value or a stray character.',
  2: 'Invalid number: write numbers like 100000 or 1.5 (no leading zeros, no thousands separators).',
  3: 'Property name expected: names need double quotes, e.g. "fiatAmount": 100000.',
  4: 'Value expected: write a value after the colon, e.g. "text", 0, true, null or {{variable}}.',
  5: 'Colon expected: write members as "name": value.',
  6: 'Comma expected: separate members and array items with a comma.',
  7: 'Closing brace `}` expected: the object is not closed (was the body cut short?).',
  8: 'Closing bracket `]` expected: the array is not closed.',
  9: 'Unexpected text after the JSON value: remove it, or start a new request with a `###` line.',
  10: 'Comments are not allowed here: remove the comment.',
  11: 'Unclosed `/*` comment: add `*/`.',
  12: 'Unclosed string: add the closing double quote `"`.',
  13: 'Number cut short: complete it, e.g. 1.5 or 1e3.',
  14: 'Invalid unicode escape: write \\u followed by four hex digits.',
  15: 'Invalid escape: in JSON strings only \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX are allowed.',
  16: 'Invalid character in a string: write a line break as \\n and a tab as \\t.',
};
const COMMENT_TOKEN: jsonc.ParseErrorCode = 10;
const PROPERTY_NAME_EXPECTED: jsonc.ParseErrorCode = 3;
const VALUE_EXPECTED: jsonc.ParseErrorCode = 4;

/**
 * Parse `text[from, to)` as a JSON body. Offsets in the result (tree, templates, errors) are
 * `base + index in text`; the parser passes the block text and base 0, so they come out
 * relative to the block start as types.ts wants.
 */
export function parseJsonBody(text: string, from: number, to: number, base = 0): JsonParseResult {
  const { masked, templates, misplaced } = maskTemplates(text, from, to, base);
  const errors: jsonc.ParseError[] = [];
  // Padding with spaces makes jsonc-parser's offsets come out in block coordinates directly.
  const root = jsonc.parseTree(' '.repeat(base + from) + masked, errors, { disallowComments: true, allowTrailingComma: false });
  const limit = base + to;
  if (root) clampTree(root, limit);
  const out: JsonParseResult = { root, templates, errors: [], comments: [], misplacedTemplates: misplaced };
  for (const e of errors) {
    // Kept inside the body; an error at the very end (a cut-short body) marks the last character.
    const end = Math.min(e.offset + Math.max(e.length, 1), limit);
    const span = { start: Math.max(base + from, Math.min(e.offset, end - 1)), end };
    if (e.error === COMMENT_TOKEN) {
      out.comments.push({ start: e.offset, end: Math.min(e.offset + e.length, limit) });
      continue;
    }
    // jsonc-parser reports one error per open construct at the same place (`[1, 2` cut short
    // gives "] expected", "} expected", "} expected"): the first one says it.
    const prev = out.errors[out.errors.length - 1];
    if (prev && prev.span.start === span.start) continue;
    out.errors.push({ span, message: describeError(e, text, base) });
  }
  return out;
}

/**
 * jsonc-parser counts one character past the end for an unterminated block comment (`{/*` gives
 * an object of length 4 in a text of 3), so every node is cut back to the body's end.
 */
function clampTree(node: jsonc.Node, limit: number): void {
  // The tree is ours until returned, so its (type-level readonly) fields may be corrected here.
  const n = node as { -readonly [K in keyof jsonc.Node]: jsonc.Node[K] };
  if (n.offset + n.length > limit) n.length = Math.max(0, limit - n.offset);
  if (n.colonOffset !== undefined && n.colonOffset >= limit) n.colonOffset = undefined;
  for (const child of n.children ?? []) clampTree(child, limit);
}

function describeError(e: jsonc.ParseError, text: string, base: number): string {
  if (e.error === PROPERTY_NAME_EXPECTED || e.error === VALUE_EXPECTED) {
    // A trailing comma is the commonest cause: `{"a": 1,}` reports a missing name at the `}`.
    const ch = text[e.offset - base];
    let p = e.offset - base - 1;
    while (p >= 0 && /\s/.test(text[p])) p--;
    if ((ch === '}' || ch === ']') && text[p] === ',') return `Trailing comma before \`${ch}\`: remove the comma.`;
  }
  return ERROR_MESSAGES[e.error] ?? 'JSON syntax error: check the body is valid JSON.';
}

/** What a body without unquoted templates shares (read only, as every reader treats them). */
const NO_TEMPLATES: ReadonlyMap<number, TemplateRef> = new Map();
const NO_REFS: readonly TemplateRef[] = Object.freeze([]);

/** Replace templates so the JSON parser accepts them; see the file comment. */
export function maskTemplates(
  text: string,
  from: number,
  to: number,
  base = 0,
): { masked: string; templates: ReadonlyMap<number, TemplateRef>; misplaced: readonly TemplateRef[] } {
  // Made when a template needs them: most bodies have their templates inside strings, and the parser
  // and the body model mask every body of a file on open (three objects each, for nothing).
  let templates: Map<number, TemplateRef> | undefined;
  let misplaced: TemplateRef[] | undefined;
  let parts: string[] | undefined;
  let copied = from;
  let inString = false;
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */ && text.charCodeAt(i + 1) === 123) {
      const close = templateEnd(text, i, to);
      if (close !== -1) {
        if (inString) {
          // Most templates in strings hold neither character: those are left in place, uncopied.
          if (endsString(text, i, close)) {
            (parts ??= []).push(text.slice(copied, i), text.slice(i, close).replace(/["\\]/g, ' '));
            copied = close;
          }
        } else {
          // A number as long as the template, so the value node spans all of `{{...}}`.
          (parts ??= []).push(text.slice(copied, i), '1'.padEnd(close - i, '0'));
          copied = close;
          const ref = classifyTemplate(text.slice(i + 2, close - 2), { start: base + i, end: base + close });
          if (isWholeValue(text, from, i, close, to)) (templates ??= new Map()).set(base + i, ref);
          else (misplaced ??= []).push(ref);
        }
        i = close;
        continue;
      }
    }
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */ || c === 10 || c === 13) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < to && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      continue;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 || end >= to ? to : end + 2;
      continue;
    }
    i++;
  }
  parts?.push(text.slice(copied, to));
  const masked = parts === undefined ? text.slice(from, to) : parts.join('');
  return { masked, templates: templates ?? NO_TEMPLATES, misplaced: misplaced ?? NO_REFS };
}

/** Whether `text[i, close)` holds a character that would end a JSON string (`"` or `\\`). */
function endsString(text: string, i: number, close: number): boolean {
  for (let j = i; j < close; j++) {
    const c = text.charCodeAt(j);
    if (c === 34 || c === 92) return true;
  }
  return false;
}

/** End (exclusive) of the template starting at `i`, or -1 when `}}` is not on the same line. */
function templateEnd(text: string, i: number, to: number): number {
  for (let j = i + 2; j + 1 < to; j++) {
    const c = text.charCodeAt(j);
    if (c === 10 || c === 13) return -1;
    if (c === 123 && text.charCodeAt(j + 1) === 123) return -1;
    if (c === 125 && text.charCodeAt(j + 1) === 125) {
      // `{{x}}}` closes at the first `}}`; the last `}` belongs to the JSON.
      return j + 2;
    }
  }
  return -1;
}

/** An unquoted template stands for a whole value when only JSON punctuation or space surrounds it. */
function isWholeValue(text: string, from: number, start: number, end: number, to: number): boolean {
  let p = start - 1;
  while (p >= from && isSpace(text.charCodeAt(p))) p--;
  let n = end;
  while (n < to && isSpace(text.charCodeAt(n))) n++;
  const before = p < from ? '' : text[p];
  const after = n >= to ? '' : text[n];
  return (
    (before === '' || before === ':' || before === ',' || before === '[') &&
    (after === '' || after === ',' || after === '}' || after === ']' || after === '/')
  );
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

// ---- Helpers for readers of the tree (language service, resolver) ----

/** The innermost node at `offset` (block-relative, like the tree). */
export function findNodeAtOffset(root: JsonNode | undefined, offset: number, includeRightBound = false): JsonNode | undefined {
  return root ? jsonc.findNodeAtOffset(root, offset, includeRightBound) : undefined;
}

/** The path of a node from the root, e.g. `['tokenTransfer', 'network']` or `['items', 0]`. */
export function nodePath(node: JsonNode): (string | number)[] {
  return jsonc.getNodePath(node);
}

/** The property node named `key` of an object node. */
export function propertyNode(object: JsonNode | undefined, key: string): JsonNode | undefined {
  if (!object || object.type !== 'object') return undefined;
  // Last one wins, as in JSON.parse.
  let found: JsonNode | undefined;
  for (const p of object.children ?? []) if (p.children?.[0]?.value === key) found = p;
  return found;
}

/**
 * The value node at a dotted path: `propertyValue(root, 'tokenTransfer.network')`,
 * `propertyValue(root, 'items.0')` or `propertyValue(root, 'items[0].name')`.
 */
export function propertyValue(root: JsonNode | undefined, path: string | (string | number)[]): JsonNode | undefined {
  const segments = typeof path === 'string' ? splitPath(path) : path;
  let node = root;
  for (const s of segments) {
    if (!node) return undefined;
    if (node.type === 'array') {
      const idx = typeof s === 'number' ? s : /^\d+$/.test(s) ? Number(s) : NaN;
      node = Number.isInteger(idx) ? node.children?.[idx] : undefined;
    } else {
      node = propertyNode(node, String(s))?.children?.[1];
    }
  }
  return node;
}

/** `a.b[0].c` / `$.a.b` / `a["x.y"]` -> segments. */
export function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /\[(\d+)\]|\[["']([^"']*)["']\]|([^.[\]]+)/g;
  for (const m of path.replace(/^\$\.?/, '').matchAll(re)) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else out.push(m[2] ?? m[3]);
  }
  return out;
}

/** The source text of a node (for a string: with its quotes). */
export function nodeText(node: JsonNode, blockText: string): string {
  return blockText.slice(node.offset, node.offset + node.length);
}

/**
 * The JavaScript value of a node, taking string contents from the source (so templates inside
 * strings come out as written), and calling `template` for unquoted template nodes (by default
 * the literal text `{{expr}}`).
 */
export function nodeValue(
  node: JsonNode,
  blockText: string,
  templates: ReadonlyMap<number, TemplateRef>,
  template: (ref: TemplateRef) => unknown = (ref) => blockText.slice(ref.span.start, ref.span.end),
  string: (raw: string, node: JsonNode) => string = (raw) => decodeJsonString(raw),
): unknown {
  const ref = templates.get(node.offset);
  if (ref) return template(ref);
  switch (node.type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const p of node.children ?? []) {
        const [k, v] = p.children ?? [];
        if (!k) continue;
        const key = string(nodeText(k, blockText), k);
        o[key] = v ? nodeValue(v, blockText, templates, template, string) : undefined;
      }
      return o;
    }
    case 'array':
      return (node.children ?? []).map((c) => nodeValue(c, blockText, templates, template, string));
    case 'string':
      return string(nodeText(node, blockText), node);
    default:
      return node.value;
  }
}

/** `"a\nb"` (source text, with quotes) -> the string; tolerant of a missing closing quote. */
export function decodeJsonString(raw: string): string {
  let body = raw.startsWith('"') ? raw.slice(1) : raw;
  if (body.endsWith('"')) {
    let slashes = 0;
    for (let i = body.length - 2; i >= 0 && body[i] === '\\'; i--) slashes++;
    if (slashes % 2 === 0) body = body.slice(0, -1);
  }
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}
