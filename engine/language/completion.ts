// Completion, by where the cursor is in its request block:
//   `{{`           file and environment variables, system variables, named requests and their response paths
//   `# @`          directives
//   request line   methods, then the catalogue's paths after `{{base_url}}` / `{{plant_base_url}}`
//   headers        Content-Type: application/json, Authorization: Bearer … on v3, lang, common ones
//   JSON body      this endpoint's fields not yet present (required first), enum values, the
//                  extendInfo the chosen fiatCurrency needs, a whole-body skeleton for an empty body
// Only the block under the cursor is looked at, so cost does not grow with the file. Field
// documentation is attached lazily in resolveCompletion.

import { LOCAL_ENV, LOCAL_SANDBOX_VARIABLES } from '../workspace/home';
import { getLocation, type JSONPath } from 'jsonc-parser';
import type { CompletionItem, CompletionList, Position, Range } from 'vscode-languageserver-types';
import {
  catalogue,
  endpointById,
  responseFields,
  SELL_EXTEND_INFO_READ_ORDER,
  sellExtendInfoRuleFor,
  sellExtendInfoRules,
  v3Conventions,
} from '../catalogue';
import { v2EnvelopeShape } from '../catalogue/shapes';
import type { Endpoint, FieldSpec } from '../catalogue/types';
import { KNOWN_VARIABLES, isSecretVariable } from '../syntax/environments';
import { maskTemplates } from '../syntax/json';
import { blockAt, HTTP_METHODS, requestByName } from '../syntax/parser';
import { SYSTEM_VARIABLES } from '../syntax/templates';
import type { RequestBlock } from '../syntax/types';
import { blockContext } from './analysis';
import type { BodyField } from './body';
import { isoCountries } from '../catalogue/formats';
import { endpointMarkdown, fieldDetail, fieldMarkdownById, membersAt, specAt } from './docs';
import { sourceOf, type PayoutDocument } from './document';
import { USER_DIRECTIVE } from './lint/rules/tokenUnavailable';
import { suggestedValue } from './lint/util';
import { variableValue, type Scope } from './scope';
import type { ServiceContext } from './service';
import { skeletonBody } from './skeleton';
import { isAfterValueOnNewLine, memberPlace } from './memberInsert';

const KIND = {
  text: 1,
  method: 2,
  field: 5,
  variable: 6,
  module: 9,
  property: 10,
  value: 12,
  enumMember: 20,
  keyword: 14,
  snippet: 15,
  /** A whole request or body from the catalogue: not `snippet`, which the language hides (see newRequestItems). */
  template: 22,
  reference: 18,
  event: 23,
} as const;
const SNIPPET = 2;

/** Directives the tool reads (`# @name quote`). */
export const DIRECTIVES: readonly { name: string; insert: string; description: string }[] = [
  {
    name: 'name',
    insert: 'name ${1:requestName}',
    description: 'Names the request, so later requests can use `{{requestName.response.body.$.data.x}}`.',
  },
  {
    name: USER_DIRECTIVE,
    insert: `${USER_DIRECTIVE} \${1:alice@example.com}`,
    description: 'v3: the user the access token is obtained for (doc 2 §1: one token per user).',
  },
  { name: 'note', insert: 'note ${1:text}', description: 'A note shown with the response.' },
  {
    name: 'openapi',
    insert: 'openapi ${1:./contracts/api.openapi.json} ${2:base_var}',
    description: 'Checks requests whose URL starts with `{{base_var}}` against an OpenAPI document.',
  },
];

/** Headers offered in the header section; values come from the catalogue where it has them. */
function headerItems(endpoint: Endpoint | undefined): { name: string; value: string; detail: string }[] {
  const items = [
    { name: 'Content-Type', value: 'application/json', detail: 'Required on signed endpoints (doc 1 §5.9).' },
    { name: 'lang', value: 'en', detail: 'Accepted and ignored; messages are always English (doc 1 §5.9).' },
    { name: 'Accept', value: 'application/json', detail: 'Common header.' },
    { name: 'User-Agent', value: 'payout-http', detail: 'Common header.' },
    { name: 'X-Request-Id', value: '{{$uuid}}', detail: 'Common header: a correlation id.' },
  ];
  if (!endpoint || endpoint.api === 'payout-v3') {
    items.splice(1, 0, {
      name: v3Conventions.authorizationHeader,
      value: `${v3Conventions.bearerPrefix}{{accessToken}}`,
      detail: "v3: the access token (doc 2 §5.4). Optional here: the client obtains one for the request's user by itself.",
    });
  }
  return items;
}

/** The catalogue plus the file's `# @openapi` documents. */
function allEndpoints(scope: Scope): readonly Endpoint[] {
  return scope.extra ? [...catalogue.endpoints, ...scope.extra] : catalogue.endpoints;
}

function rangeOf(doc: PayoutDocument, start: number, end: number): Range {
  return { start: doc.lines.positionAt(start), end: doc.lines.positionAt(end) };
}

/** How completion was asked for (LSP's CompletionContext: 1 invoked, 2 a trigger character, 3 re-triggered). */
export interface CompletionContext {
  triggerKind: number;
  triggerCharacter?: string;
}

/**
 * Whether a character typed just now asks for completion here. A lone `{` opens a body or an
 * object (Enter must then make a new line, not accept an item): only `{{` asks. A space asks after
 * a `:` (a value, a header's value) or a method, not in the middle of a line.
 */
function triggeredHere(context: CompletionContext | undefined, before: string): boolean {
  if (context?.triggerKind !== 2) return true; // invoked (Ctrl+Space) or re-triggered while typing
  if (context.triggerCharacter === '{') return before.endsWith('{{');
  if (context.triggerCharacter === ' ') return /:\s$/.test(before) || /^\s*[A-Za-z]+ $/.test(before);
  return true;
}

export function completion(ctx: ServiceContext, doc: PayoutDocument, position: Position, context?: CompletionContext): CompletionList {
  const empty: CompletionList = { isIncomplete: false, items: [] };
  const offset = doc.lines.offsetAt(position);
  const block = blockAt(doc.parsed, offset);
  if (!block) return empty;
  const text = sourceOf(doc); // the pieces of an open document: no string of the whole file made
  const lineStart = doc.lines.lineStart(position.line);
  const lineEnd = doc.lines.lineContentEnd(position.line);
  const before = text.slice(lineStart, offset);
  const after = text.slice(offset, lineEnd);
  if (!triggeredHere(context, before)) return empty;

  // `{{` not yet closed before the cursor: variables.
  const open = before.lastIndexOf('{{');
  if (open >= 0 && before.indexOf('}}', open) < 0) {
    return variableItems(ctx.scope(doc), doc, lineStart + open + 2, offset, after);
  }
  // `# @` / `// @`: directives.
  const dir = /^\s*(#|\/\/)\s*@([\w.-]*)$/.exec(before);
  if (dir) {
    const start = offset - dir[2].length;
    const end = offset + (/^[\w.-]*/.exec(after)?.[0].length ?? 0);
    return {
      isIncomplete: false,
      items: DIRECTIVES.map((d, i) => ({
        label: d.name,
        sortText: String(i).padStart(2, '0'),
        kind: KIND.keyword,
        detail: d.description,
        insertTextFormat: SNIPPET,
        textEdit: { range: rangeOf(doc, start, end), newText: d.insert },
      })),
    };
  }
  if (/^\s*(#|\/\/)/.test(before)) return empty; // inside a comment

  const rel = offset - block.start;
  const line = block.requestLine;
  const relLineStart = lineStart - block.start;

  const scope = ctx.scope(doc);
  if (line && relLineStart === lineStartOf(block, line.span.start)) return requestLineItems(scope, doc, block, offset, before, after);
  if (!line) return newRequestItems(scope, doc, block, offset, before, after);

  const headersEnd = block.headers.length ? block.headers[block.headers.length - 1].span.end : line.span.end;
  // No blank line yet between the headers and this line: still a header, whatever the parser made of it.
  if (rel > line.span.end && !/\r?\n[ \t]*\r?\n/.test(block.text.slice(headersEnd, relLineStart))) {
    return headerLineItems(scope, doc, block, offset, before, after);
  }
  const body = block.body;
  if (body && rel >= body.span.start && (rel <= body.span.end || inUnclosedBody(block, rel))) return bodyItems(scope, doc, block, offset);
  if (!body && rel > headersEnd) {
    // Past a blank line after the headers: the body is still empty.
    const between = block.text.slice(headersEnd, relLineStart);
    if (/\n\s*\n|\r\n\s*\r\n/.test(between + '\n') && before.trim() === '') return skeletonItems(scope, doc, block, offset, offset);
  }
  return empty;
}

/**
 * The cursor on blank space after a JSON body not yet closed (`{` and Enter, no `}` typed yet): the
 * body's span ends at its last text, but the member being started belongs to it.
 */
function inUnclosedBody(block: RequestBlock, rel: number): boolean {
  const body = block.body!;
  const text = body.text.trimEnd();
  return body.kind === 'json' && text.startsWith('{') && !/[}\]]$/.test(text) && block.text.slice(body.span.end, rel).trim() === '';
}

function lineStartOf(block: RequestBlock, rel: number): number {
  let i = rel;
  while (i > 0 && block.text[i - 1] !== '\n' && block.text[i - 1] !== '\r') i--;
  return i;
}

// ---- variables ----

function closing(after: string): string {
  return after.startsWith('}}') ? '' : '}}';
}

/** Named requests offered at most per completion; the list is marked incomplete so typing narrows it. */
const MAX_REQUEST_ITEMS = 100;

function variableItems(scope: Scope, doc: PayoutDocument, start: number, offset: number, after: string): CompletionList {
  const typed = sourceOf(doc).slice(start, offset);
  const wordEnd = offset + (/^[\w.$-]*/.exec(after)?.[0].length ?? 0);
  const range = rangeOf(doc, start, wordEnd);
  const close = closing(sourceOf(doc).slice(wordEnd, wordEnd + 2));

  // `{{quote.response.body.$.` -> paths of the named request's response.
  const req = /^([A-Za-z_][\w-]*)\.(.*)$/.exec(typed.trim());
  if (req && scope.requestNames.has(req[1])) return { isIncomplete: false, items: responsePathItems(scope, doc, req[1], range, close) };

  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (name: string, detail: string, documentation?: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const item: CompletionItem = { label: name, kind: KIND.variable, detail, textEdit: { range, newText: name + close } };
    if (documentation) item.documentation = { kind: 'markdown', value: documentation };
    items.push(item);
  };
  const shown = (name: string, value: string) => (isSecretVariable(name) ? `<${name}>` : value);
  for (const v of scope.fileVariables.values()) add(v.name, `file: ${shown(v.name, v.value)}`);
  for (const name of Object.keys(scope.env)) add(name, `${scope.envName}: ${shown(name, scope.env[name])}`);
  for (const name of scope.runtimeVariables) add(name, 'set at run time by a script of this file');
  // The local sandbox writes these into `local` when it first starts (on the first send): known before.
  const bySandbox = (name: string) => scope.envName === LOCAL_ENV && LOCAL_SANDBOX_VARIABLES.includes(name);
  const unset = (name: string) =>
    bySandbox(name) ? `${LOCAL_ENV}: set by the local sandbox when it starts` : `not set in ${scope.envName}`;
  for (const k of KNOWN_VARIABLES) {
    const value = variableValue(scope, k.name);
    add(k.name, value === undefined ? unset(k.name) : `${scope.envName}: ${shown(k.name, value)}`, k.description);
  }
  if (scope.envName === LOCAL_ENV) for (const name of LOCAL_SANDBOX_VARIABLES) add(name, unset(name));
  for (const [name, info] of Object.entries(SYSTEM_VARIABLES)) {
    items.push({
      label: name,
      kind: KIND.event,
      detail: info.usage,
      documentation: { kind: 'markdown', value: info.description },
      textEdit: { range, newText: (info.insert ?? name) + close },
    });
  }
  // A big file names thousands of requests: offer those matching what is typed, a bounded number.
  const prefix = typed.trim().toLowerCase();
  let offered = 0;
  let truncated = false;
  for (const name of scope.requestNames) {
    if (prefix && !name.toLowerCase().startsWith(prefix)) continue;
    if (offered++ >= MAX_REQUEST_ITEMS) {
      truncated = true;
      break;
    }
    items.push({
      label: `${name}.response.body.$`,
      kind: KIND.reference,
      detail: `response of request ${name}`,
      textEdit: { range, newText: `${name}.response.body.$.` },
      command: { title: 'Suggest', command: 'editor.action.triggerSuggest' },
    });
  }
  return { isIncomplete: truncated, items };
}

function responsePathItems(scope: Scope, doc: PayoutDocument, name: string, range: Range, close: string): CompletionItem[] {
  const target = requestByName(doc.parsed, name)!;
  const { endpoint } = blockContext(target, scope.extra);
  const items: CompletionItem[] = [];
  const add = (path: string, detail: string) =>
    items.push({
      label: `${name}.response.body.$.${path}`,
      filterText: `${name}.response.body.$.${path}`,
      kind: KIND.field,
      detail,
      textEdit: { range, newText: `${name}.response.body.$.${path}${close}` },
    });
  const envelope = endpoint?.api === 'payout-v3' ? v3Conventions.envelope : endpoint?.api === 'payout-v2' ? v2EnvelopeShape : [];
  for (const f of envelope) add(f.name, f.type);
  const data = endpoint ? responseFields(endpoint) : [];
  // Only the payout surfaces wrap their answer in an envelope; the others answer the fields bare.
  const prefix = endpoint?.api === 'payout-v2' || endpoint?.api === 'payout-v3' ? 'data.' : '';
  for (const f of data) {
    add(prefix + f.name, `${f.type}${f.notes ? ` · ${f.notes}` : ''}`);
    for (const m of f.members ?? []) add(`${prefix}${f.name}.${m.name}`, m.type);
  }
  if (endpoint?.response?.signature) add(`${prefix}signature`, 'string · response signature');
  items.push({
    label: `${name}.response.headers.`,
    kind: KIND.field,
    detail: 'a response header',
    textEdit: { range, newText: `${name}.response.headers.` },
  });
  return items;
}

// ---- request line ----

function requestLineItems(
  scope: Scope,
  doc: PayoutDocument,
  block: RequestBlock,
  offset: number,
  before: string,
  after: string,
): CompletionList {
  const line = block.requestLine!;
  const lineAbsStart = offset - before.length;
  // Still in the first word: methods.
  if (/^\s*[A-Za-z]*$/.test(before)) {
    // A lone word is still being typed: it may become a method or a whole request.
    if (/^[A-Za-z]*$/.test(before) && /^[A-Za-z]*\s*$/.test(after)) return newRequestItems(scope, doc, block, offset, before, after, true);
    const start = lineAbsStart + before.length - /[A-Za-z]*$/.exec(before)![0].length;
    const end = offset + (/^[A-Za-z]*/.exec(after)?.[0].length ?? 0);
    return { isIncomplete: false, items: methodItems(doc, start, end) };
  }
  // After `{{base}}`: the catalogue's paths for that base.
  const m = /\{\{\s*([\w.-]+)\s*\}\}(\S*)$/.exec(before);
  if (!m) return { isIncomplete: false, items: [] };
  const base = m[1];
  const pathStart = offset - m[2].length;
  const pathEnd = offset + (/^[^\s?#]*/.exec(after)?.[0].length ?? 0);
  const endpoints = allEndpoints(scope).filter((e) => e.base === base);
  const methodTyped = line.methodSpan.end > line.methodSpan.start;
  const items = endpoints.map((e, i): CompletionItem => {
    const item: CompletionItem = {
      label: e.path,
      kind: KIND.module,
      detail: `${e.method} · ${e.title}`,
      filterText: e.path,
      sortText: `${e.method === line.method ? 0 : 1}${String(i).padStart(3, '0')}`,
      textEdit: { range: rangeOf(doc, pathStart, pathEnd), newText: e.path },
      data: { k: 'endpoint', e: e.id },
    };
    // Picking a path of another method fixes the method too.
    if (e.method !== line.method) {
      const span = methodTyped ? line.methodSpan : { start: line.urlSpan.start, end: line.urlSpan.start };
      item.additionalTextEdits = [
        { range: rangeOf(doc, block.start + span.start, block.start + span.end), newText: methodTyped ? e.method : `${e.method} ` },
      ];
    }
    return item;
  });
  return { isIncomplete: false, items };
}

function methodItems(doc: PayoutDocument, start: number, end: number): CompletionItem[] {
  return HTTP_METHODS.map((m, i) => ({
    label: m,
    kind: KIND.keyword,
    sortText: String(i).padStart(2, '0'),
    textEdit: { range: rangeOf(doc, start, end), newText: `${m} ` },
  }));
}

/**
 * A block without a request line yet: methods, and whole requests for each catalogue endpoint. The
 * endpoints are offered here only, where a request can start: the snippets of the same requests
 * (snippets/payout-http.code-snippets) are kept out of IntelliSense for the language
 * (`editor.snippetSuggestions: none`, which hides every item of kind snippet, so these are not one),
 * since VS Code offers contributed snippets on any line (issue 27: on `###` titles, in headers).
 */
function newRequestItems(
  scope: Scope,
  doc: PayoutDocument,
  block: RequestBlock,
  offset: number,
  before: string,
  after: string,
  onRequestLine = false,
): CompletionList {
  if (!/^[A-Za-z]*$/.test(before)) return { isIncomplete: false, items: [] };
  if (!onRequestLine && block.separator && offset - block.start <= block.separator.span.end) return { isIncomplete: false, items: [] };
  const start = offset - before.length;
  const end = offset + (/^[A-Za-z]*/.exec(after)?.[0].length ?? 0);
  const eol = /\r\n/.test(sourceOf(doc).slice(0, 2000)) ? '\r\n' : '\n';
  const items = methodItems(doc, start, end);
  allEndpoints(scope).forEach((e, i) => {
    let text = `${e.method} {{${e.base}}}${e.path}`;
    if (e.body?.length && e.method !== 'GET')
      text += `${eol}Content-Type: application/json${eol}${eol}${skeletonBody(e, '', '  ', (name) => scope.variableNames.has(name)).replace(/\n/g, eol)}`;
    items.push({
      label: `${e.method} ${e.path}`,
      kind: KIND.template,
      detail: e.title,
      filterText: `${e.method} ${e.path}`,
      sortText: `1${String(i).padStart(3, '0')}`,
      textEdit: { range: rangeOf(doc, start, end), newText: text },
      data: { k: 'endpoint', e: e.id },
    });
  });
  return { isIncomplete: false, items };
}

// ---- headers ----

function headerLineItems(
  scope: Scope,
  doc: PayoutDocument,
  block: RequestBlock,
  offset: number,
  before: string,
  after: string,
): CompletionList {
  const { endpoint } = blockContext(block, scope.extra);
  const colon = before.indexOf(':');
  const known = headerItems(endpoint);
  if (colon < 0) {
    if (!/^[\w-]*$/.test(before)) return { isIncomplete: false, items: [] };
    const start = offset - before.length;
    const end = offset + (/^[^\r\n]*/.exec(after)?.[0].length ?? 0);
    const present = new Set(block.headers.map((h) => h.name.toLowerCase()));
    return {
      isIncomplete: false,
      items: known
        .filter((h) => !present.has(h.name.toLowerCase()))
        .map((h, i) => ({
          label: `${h.name}: ${h.value}`,
          filterText: h.name,
          kind: KIND.property,
          detail: h.detail,
          sortText: String(i).padStart(2, '0'),
          textEdit: { range: rangeOf(doc, start, end), newText: `${h.name}: ${h.value}` },
        })),
    };
  }
  const name = before.slice(0, colon).trim().toLowerCase();
  const header = known.find((h) => h.name.toLowerCase() === name);
  if (!header) return { isIncomplete: false, items: [] };
  const valueStart = offset - (before.length - colon - 1) + (/^\s*/.exec(before.slice(colon + 1))?.[0].length ?? 0);
  const end = offset + (/^[^\r\n]*/.exec(after)?.[0].length ?? 0);
  return {
    isIncomplete: false,
    items: [
      {
        label: header.value,
        kind: KIND.value,
        detail: header.detail,
        textEdit: { range: rangeOf(doc, valueStart, end), newText: header.value },
      },
    ],
  };
}

// ---- JSON body ----

function skeletonItems(scope: Scope, doc: PayoutDocument, block: RequestBlock, start: number, end: number): CompletionList {
  const { endpoint } = blockContext(block, scope.extra);
  if (!endpoint?.body?.length) return { isIncomplete: false, items: [] };
  return {
    isIncomplete: false,
    items: [
      {
        label: `{ …${endpoint.path.split('/').pop()} body }`,
        kind: KIND.template,
        detail: `Whole body: required and signed fields of ${endpoint.method} ${endpoint.path}`,
        filterText: '{',
        sortText: '0',
        textEdit: { range: rangeOf(doc, start, end), newText: skeletonBody(endpoint, '', '  ', (name) => scope.variableNames.has(name)) },
        data: { k: 'endpoint', e: endpoint.id },
      },
    ],
  };
}

function bodyItems(scope: Scope, doc: PayoutDocument, block: RequestBlock, offset: number): CompletionList {
  const { endpoint, body: model } = blockContext(block, scope.extra);
  const body = block.body!;
  if (!endpoint?.body) return { isIncomplete: false, items: [] };
  const bodyAbs = block.start + body.span.start;
  if (body.text.trim() === '' || body.text.trim() === '{}') return skeletonItems(scope, doc, block, bodyAbs, block.start + body.span.end);

  // An unclosed body (`{` and Enter, no `}` yet) ends where its text does: the cursor may be past it.
  const bodyEndRel = Math.max(body.span.end, offset - block.start);
  const { masked } = maskTemplates(block.text, body.span.start, bodyEndRel);
  const loc = getLocation(masked, offset - bodyAbs);
  const path = loc.path;
  if (path.some((p) => typeof p === 'number')) return { isIncomplete: false, items: [] };
  // The block's text, offsets relative to it (`at` is block.start): the whole file's text is not made
  // for a completion (issue 28: a new 20 MB string per keystroke). A block ends with a line break,
  // so no word below runs past its end.
  const text = block.text;
  const at = block.start;
  const bodyFrom = body.span.start;

  // The key being typed: from its opening quote (if any) to the end of the word (and closing quote).
  let start = offset - at;
  while (start > bodyFrom && /[\w$.-]/.test(text[start - 1])) start--;
  if (text[start - 1] === '"') start--;
  let end = offset - at;
  while (/[\w$.-]/.test(text[end] ?? '')) end++;
  if (text[end] === '"') end++;
  // `"fiatCurrency": "VND"⏎|`: a new property, though the parser still reads the previous value.
  const afterValue = !loc.isAtPropertyKey && path.length > 0 && isAfterValueOnNewLine(text, start, bodyFrom);
  if (loc.isAtPropertyKey || afterValue || endsAtObjectStart(masked, offset - bodyAbs)) {
    const container = loc.isAtPropertyKey || afterValue ? path.slice(0, -1) : path;
    let specs = membersAt(endpoint, container);
    if (!specs) return { isIncomplete: false, items: [] };
    specs = filterExtendInfoMembers(endpoint, model.byName, container, specs);
    const present = presentNames(model.fields, container);
    // A key being typed can break the parse of the properties after it: read top-level keys from the text too.
    if (container.length === 0) for (const k of topLevelKeys(masked)) present.add(k);
    const hasColon = /^\s*:/.test(text.slice(end, end + 20));
    const place = memberPlace(text, start, end, bodyFrom, bodyEndRel);
    const range = rangeOf(doc, at + place.start, at + end);
    const commaBefore =
      place.commaBefore === undefined ? undefined : [{ range: rangeOf(doc, at + place.commaBefore, at + place.commaBefore), newText: ',' }];
    const signed = container.length === 0 ? (endpoint.signedString?.segments.map((s) => s.field) ?? []) : [];
    const items = specs
      .filter((s) => !present.has(s.name) || (!afterValue && s.name === String(path[path.length - 1] ?? '')))
      .filter((s) => !s.filledByClient) // the client computes these when sending
      .map((s, index): CompletionItem => {
        const rank = s.required === true ? 0 : signed.includes(s.name) ? 1 : s.required === false ? 3 : 2;
        const value = valueSnippet(scope, endpoint, model.byName, [...container, s.name] as string[], s);
        const newText = place.indent + (hasColon ? `"${s.name}"` : `"${s.name}": ${value.text}${place.commaAfter ? ',' : ''}`);
        const item: CompletionItem = {
          label: s.name,
          kind: KIND.property,
          detail: fieldDetail(endpoint, s, [...(container as string[]), s.name]),
          sortText: `${rank}${String(index).padStart(3, '0')}`,
          filterText: `"${s.name}"`,
          insertTextFormat: SNIPPET,
          textEdit: { range, newText },
          data: { k: 'field', e: endpoint.id, p: [...container, s.name] },
        };
        if (commaBefore) item.additionalTextEdits = commaBefore;
        // Values to pick from that a snippet choice cannot hold (countries): open the list in the value.
        if (value.suggest && !hasColon) item.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
        return item;
      });
    return { isIncomplete: false, items };
  }

  // A value: the allowed values of the field at `path`.
  const spec = specAt(endpoint, path);
  if (!spec) return { isIncomplete: false, items: [] };
  const valueRange = valueTokenRange(text, offset - at, bodyFrom);
  const values = allowedValues(endpoint, model.byName, path as string[], spec);
  return {
    isIncomplete: false,
    items: values.map((v, i): CompletionItem => ({
      label: v.label,
      kind: KIND.enumMember,
      detail: v.detail,
      sortText: String(i).padStart(4, '0'),
      filterText: v.filter ?? v.insert,
      textEdit: { range: rangeOf(doc, at + valueRange.start, at + valueRange.end), newText: v.insert },
    })),
  };
}

/** `{` or `{ ` right before the cursor (getLocation does not report a key position there yet). */
function endsAtObjectStart(masked: string, rel: number): boolean {
  return /[{,]\s*$/.test(masked.slice(Math.max(0, rel - 200), rel));
}

/** Keys written at depth 1 of a JSON object text (`"name":`), found without parsing. */
function topLevelKeys(masked: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  const re = /"((?:[^"\\\n]|\\.)*)"(\s*:)?|[{[]|[}\]]/g;
  for (let m = re.exec(masked); m; m = re.exec(masked)) {
    const t = m[0];
    if (t === '{' || t === '[') depth++;
    else if (t === '}' || t === ']') depth--;
    else if (depth === 1 && m[2]) keys.push(m[1]);
  }
  return keys;
}

function presentNames(fields: readonly BodyField[], container: JSONPath): Set<string> {
  let list: readonly BodyField[] | undefined = fields;
  for (const key of container) list = list?.find((f) => f.name === key)?.members;
  return new Set((list ?? []).map((f) => f.name));
}

/** create-sell-order: inside `extendInfo`, offer the country key the chosen fiatCurrency needs. */
function filterExtendInfoMembers(
  endpoint: Endpoint,
  fields: Map<string, BodyField>,
  container: JSONPath,
  specs: readonly FieldSpec[],
): readonly FieldSpec[] {
  if (container.length !== 1 || specAt(endpoint, container)?.required !== 'by-currency') return specs;
  const currency = literalCurrency(endpoint, fields);
  if (currency === undefined) return specs;
  const rule = sellExtendInfoRuleFor(currency);
  // Only qrType and the one key this currency reads (the others, and ID/TH/VN, are never read).
  return specs.filter((s) => s.name === rule.key || !s.members);
}

function literalCurrency(endpoint: Endpoint, fields: Map<string, BodyField>): string | undefined {
  const f = fields.get('fiatCurrency');
  if (!f) return String(endpoint.body?.find((s) => s.name === 'fiatCurrency')?.default ?? '');
  return f.kind === 'string' && !f.hasTemplates ? String(f.value) : undefined;
}

function objectText(members: readonly FieldSpec[], onlyRequired: boolean): string {
  const chosen = members.filter((m) => !onlyRequired || m.required === true);
  return `{ ${chosen.map((m) => `"${m.name}": ${m.type === 'object' ? '{}' : suggestedValue(m)}`).join(', ')} }`;
}

/** A snippet's `$` that is text, not a tab stop or variable (`{{$uuid}}`). */
function snippetText(text: string): string {
  return text.replace(/[$\\]/g, '\\$&');
}

/**
 * The value a completed member gets, as snippet text: an enum as a choice, a defined variable of the
 * same name (`"{{partnerCode}}"`), `{{$uuid}}` for the partner's order id, a tab stop otherwise;
 * `suggest` when more values are offered than a choice can hold.
 */
function valueSnippet(
  scope: Scope,
  endpoint: Endpoint,
  fields: Map<string, BodyField>,
  path: string[],
  spec: FieldSpec,
): { text: string; suggest?: boolean } {
  const suggested = suggestedValue(spec, (name) => scope.variableNames.has(name));
  if (suggested.startsWith('"{{')) return { text: snippetText(suggested) };
  if (spec.type === 'string') {
    if (spec.enum?.length) return { text: `"\${1|${spec.enum.join(',')}|}"` };
    const values = allowedValues(endpoint, fields, path, spec);
    if (values.length > 1) return { text: '"$1"', suggest: true };
    if (values.length === 1) return { text: `\${1:${snippetText(values[0].insert).replace(/}/g, '\\}')}}` };
    return { text: '"$1"' };
  }
  if (spec.type === 'number' || spec.type === 'integer') return { text: '${1:0}' };
  if (spec.type === 'boolean') return { text: '${1|true,false|}' };
  const first = allowedValues(endpoint, fields, path, spec)[0];
  if (first) return { text: snippetText(first.insert) };
  return { text: spec.type === 'array' ? '[$1]' : '{$1}' };
}

interface ValueChoice {
  label: string;
  insert: string;
  detail?: string;
  filter?: string;
}

function allowedValues(endpoint: Endpoint, fields: Map<string, BodyField>, path: readonly string[], spec: FieldSpec): ValueChoice[] {
  const q = (v: string) => JSON.stringify(v);
  if (spec.format === 'iso-country') {
    return [...isoCountries()].map(([code, name]) => ({ label: code, insert: q(code), detail: name, filter: `${q(code)} ${name}` }));
  }
  if (spec.enum) return spec.enum.map((v) => ({ label: v, insert: q(v), detail: spec.default === v ? 'default' : undefined }));
  if (spec.type === 'boolean')
    return [
      { label: 'true', insert: 'true' },
      { label: 'false', insert: 'false' },
    ];
  // fiatCurrency of create-sell-order: the currencies its extendInfo table lists.
  if (spec.name === 'fiatCurrency' && path.length === 1 && endpoint.body?.some((f) => f.required === 'by-currency')) {
    return sellExtendInfoRules.flatMap((r) =>
      r.fiatCurrencies
        .filter((c) => c !== '*')
        .map((c) => ({ label: c, insert: q(c), detail: r.key ? `extendInfo.${r.key}` : 'extendInfo: null' })),
    );
  }
  if (spec.type === 'object' && spec.required === 'by-currency' && path.length === 1) {
    const currency = literalCurrency(endpoint, fields);
    const rule = currency !== undefined ? sellExtendInfoRuleFor(currency) : undefined;
    const keys = rule ? (rule.key ? [rule.key] : []) : [...SELL_EXTEND_INFO_READ_ORDER, 'PH', 'GE'];
    const country = (key: string) => spec.members?.find((m) => m.name === key);
    const out: ValueChoice[] = keys.map((key) => ({
      label: `{ "qrType": …, "${key}": { … } }`,
      insert: `{ "qrType": "", "${key}": ${objectText(country(key)?.members ?? [], false)} }`,
      detail: `extendInfo for ${rule ? `fiatCurrency ${currency || 'VND'}` : `key ${key}`}`,
      filter: '{',
    }));
    out.push({
      label: 'null',
      insert: 'null',
      detail: rule && !rule.key ? `fiatCurrency ${currency || 'VND'}: send null` : 'only for VND, NGN and others',
    });
    return rule && !rule.key ? out.reverse() : out;
  }
  if (spec.type === 'object' && spec.members?.length) {
    // The required members; an object none of whose members is required gets them all.
    const onlyRequired = spec.members.some((m) => m.required === true);
    const text = objectText(spec.members, onlyRequired);
    return [{ label: text, insert: text, detail: onlyRequired ? 'required members' : 'members', filter: '{' }];
  }
  return [];
}

/** The value token around the cursor: a whole string literal, or the bare word being typed. */
function valueTokenRange(text: string, offset: number, floor: number): { start: number; end: number } {
  let start = offset;
  while (start > floor && !/[:,\[{\s]/.test(text[start - 1])) start--;
  let end = offset;
  if (text[start] === '"') {
    end = offset;
    while (end < text.length && text[end] !== '"' && text[end] !== '\n' && text[end] !== '\r') end++;
    if (text[end] === '"' && end >= offset) end++;
    return { start, end };
  }
  while (end < text.length && !/[,}\]\s]/.test(text[end])) end++;
  return { start, end };
}

// ---- resolve ----

export function resolveCompletion(item: CompletionItem): CompletionItem {
  const data = item.data as { k?: string; e?: string; p?: string[] } | undefined;
  if (!data?.e) return item;
  if (data.k === 'field' && Array.isArray(data.p)) {
    const md = fieldMarkdownById(data.e, data.p);
    if (md) item.documentation = { kind: 'markdown', value: md };
  } else if (data.k === 'endpoint') {
    const e = endpointById(data.e);
    if (e) item.documentation = { kind: 'markdown', value: endpointMarkdown(e) };
  }
  return item;
}
