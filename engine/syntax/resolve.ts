// `{{...}}` resolution, shared by the preview, `sign` and sending, so what is previewed is what is
// signed and sent. The clock, ids and random numbers come from SystemVariables: pin them and the
// result is deterministic.
//
// Rules (docs/syntax.md):
// - A name is looked up in the file's `@name = value` lines (file-wide, the last definition wins),
//   then in the environment. Values may hold `{{...}}` themselves; a cycle is reported, not followed.
// - Each variable is resolved once per resolution, so `@orderId = {{$uuid}}` used twice is one id;
//   each `{{$uuid}}` written in the request is its own id; the clock is read once per resolution.
// - In a JSON body, a template inside a string is substituted JSON-escaped (the value stays the
//   same string after parsing); an unquoted one is substituted as a JSON value (`{{amount}}` with
//   amount=100000 becomes the number 100000).
// - Whatever cannot be resolved stays as its literal `{{expr}}` text and is listed in `unresolved`
//   with the reason and the fix. Reasons never contain variable values.
// - Preview (`resolveForPreview`, the language service's live preview and hovers): the same
//   resolution, except that what only the send knows (system variables, responses) stays as written
//   and each result also has a display text where secrets show as `<name>`.
import { escapePositions } from './escapes';
import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto';
import { ENV_FILE_MAX_BYTES, readBoundedText } from '../util/readBounded';
import { join } from 'node:path';
import { isSecretVariable } from './environments';
import type { Node as JsonNode } from 'jsonc-parser';
import { decodeJsonString, nodeValue, splitPath } from './json';
import { requestByName } from './parser';
import { SYSTEM_VARIABLES, scanTemplates } from './templates';
import { RANDOM_VARIABLES, randomVariable } from './dynamicVariables';
import { xpathValue } from './xpath';
import type { ParsedFile, RequestBlock, TemplateRef, VariableDefinition } from './types';

export interface SystemVariables {
  now(): Date;
  uuid(): string;
  /** An integer in [min, max). */
  randomInt(min: number, max: number): number;
  processEnv(name: string): string | undefined;
  dotenv(name: string): string | undefined;
}

export interface ResponseSnapshot {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The request as it was sent, for REST Client's `{{name.request.body…}}` / `{{name.request.headers.X}}`. */
  request?: {
    headers: Record<string, string>;
    body: unknown;
    /** Header names that carried a secret (a bearer token): never copied into another request. */
    secretHeaders: readonly string[];
  };
}

export interface ResolveContext {
  /** The request file: its `@name = value` variables and its named requests. */
  file: ParsedFile;
  /** The file's variables by name (last definition wins), when the caller has them already; else read from `file`. */
  variables?: ReadonlyMap<string, VariableDefinition>;
  env: Readonly<Record<string, string>>;
  system: SystemVariables;
  /** The last response of a named request, for `{{name.response...}}`. */
  response?: (requestName: string) => ResponseSnapshot | undefined;
  /** Reads a `< ./file` body (path as written, after resolution); without it the body is left to the caller. */
  readFile?: (path: string) => string | undefined;
  /**
   * Resolving before anything is sent (the live preview): system variables (`{{$uuid}}`, the clock,
   * `{{$randomInt}}`, and `{{$processEnv}}`/`{{$dotenv}}`, which the sender reads in its own
   * process) and request references are not computed. They stay as written, also inside a
   * variable's value (resolved around them), and are listed in `unresolved` with `pending`. Results
   * also get a display text: a secret variable, or one whose value uses a secret, as `<name>`.
   * Use `resolveForPreview` / `previewString`.
   */
  preview?: boolean;
  /**
   * Names set by the file's scripts at run time (engine/syntax/scriptVariables.ts). In preview, an
   * undefined one waits for the send (`pending`) instead of being "not defined".
   */
  runtime?: ReadonlySet<string>;
}

export interface Unresolved {
  ref: TemplateRef;
  /** Why, and what to do about it. Never holds a variable's value. */
  reason: string;
  /** With `preview`: known only when the request is sent; the `{{...}}` expressions waiting (nested ones included). */
  pending?: string[];
}

export interface ResolvedRequest {
  method: string;
  url: string;
  headers: [string, string][];
  bodyText?: string;
  bodyValue?: unknown;
  /** `< ./file` body: the path as resolved (relative to the request file's folder). */
  bodyFile?: string;
  unresolved: Unresolved[];
  /** Named requests referenced (directly or through variables), in order of first use: send those first. */
  requestRefs: string[];
  /** Values of secret variables used by this request, so callers can redact them from anything shown. */
  secrets: string[];
  /** With `preview`: `bodyValue` for display, secrets as `<name>` (never holds a secret). */
  bodyDisplay?: unknown;
}

/** The real clock, crypto ids and numbers, the process environment, and `.env` in `dir`. */
export function defaultSystemVariables(dir: string): SystemVariables {
  let dotenv: Record<string, string> | undefined;
  return {
    now: () => new Date(),
    uuid: () => randomUUID(),
    randomInt: (min, max) => cryptoRandomInt(min, max),
    processEnv: (name) => process.env[name],
    dotenv: (name) => {
      if (!dotenv) {
        try {
          dotenv = parseDotenv(readBoundedText(join(dir, '.env'), { maxBytes: ENV_FILE_MAX_BYTES }));
        } catch {
          dotenv = {};
        }
      }
      return Object.prototype.hasOwnProperty.call(dotenv, name) ? dotenv[name] : undefined;
    },
  };
}

/** `KEY=value` lines of a `.env` file (`export`, quotes, `#` comments as dotenv reads them). */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n|\r/)) {
    const m = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    let v = m[2];
    if (v.startsWith('"') && v.lastIndexOf('"') > 0) v = v.slice(1, v.lastIndexOf('"')).replace(/\\n/g, '\n').replace(/\\r/g, '\r');
    else if (v.startsWith("'") && v.lastIndexOf("'") > 0) v = v.slice(1, v.lastIndexOf("'"));
    else v = v.replace(/\s+#.*$/, '');
    out[m[1]] = v;
  }
  return out;
}

/** A context whose `file` may be left out when `variables` are given (the preview, which has no response to look up). */
type AnyContext = Omit<ResolveContext, 'file'> & { file?: ParsedFile };

/**
 * Resolve `{{...}}` in any text (spans in `unresolved` are offsets in `text`). With `preview`, also
 * `display`. `requestRefs`: the named requests whose responses it reads (directly or through variables).
 */
export function resolveString(
  text: string,
  ctx: ResolveContext,
): { value: string; unresolved: Unresolved[]; requestRefs: string[]; display?: string } {
  return resolveStringIn(text, ctx);
}

function resolveStringIn(
  text: string,
  ctx: AnyContext,
): { value: string; unresolved: Unresolved[]; requestRefs: string[]; display?: string } {
  const r = new Resolver(ctx);
  const value = r.substitute(text, 0, text.length, 0, plain);
  const requestRefs = [...r.requestRefs];
  if (!ctx.preview) return { value, unresolved: r.unresolved, requestRefs };
  const display = r.substitute(text, 0, text.length, 0, plain, true);
  return { value, unresolved: r.unresolved, requestRefs, display };
}

/** The file's variables by name, the last definition winning. */
function fileVariables(file: ParsedFile | undefined): ReadonlyMap<string, VariableDefinition> {
  const m = new Map<string, VariableDefinition>();
  for (const v of file?.variables ?? []) m.set(v.name, v);
  return m;
}

/** The raw text of variable `name`: the file's definition beats the environment's; undefined when neither has it. */
export function variableText(
  name: string,
  variables: ReadonlyMap<string, VariableDefinition>,
  env: Readonly<Record<string, string>>,
): string | undefined {
  const def = variables.get(name);
  if (def) return def.value;
  return Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
}

/** What the preview resolves with: the file's variables and the environment; nothing that only a send knows. */
export type PreviewContext = Pick<AnyContext, 'file' | 'variables' | 'env' | 'runtime'>;

/** Never consulted in preview mode (system variables stay as written); throws if it were. */
const NOT_SENDING: SystemVariables = {
  now: notSending,
  uuid: notSending,
  randomInt: notSending,
  processEnv: notSending,
  dotenv: notSending,
};

function notSending(): never {
  throw new Error('system variables are read when the request is sent');
}

/** What the live preview needs of a request: its JSON body's value, as `resolveRequest` gives it, and its display. */
export interface PreviewedBody {
  /** `resolveRequest`'s `bodyValue`, with what only the send knows kept as `{{...}}`. */
  bodyValue?: unknown;
  /** `bodyValue` for display, secrets as `<name>` (never holds a secret). */
  bodyDisplay?: unknown;
  /** As `resolveRequest`'s, for the body only; spans relative to block.start; `pending` on what the send will know. */
  unresolved: Unresolved[];
}

/**
 * The JSON body of a request resolved as the send resolves it (see `ResolveContext.preview`), for
 * the live preview. Only the body (the URL and headers are not signed) and, with `fields`, only
 * those top-level members (the signed ones): a keystroke should cost little.
 */
export function resolveForPreview(block: RequestBlock, ctx: PreviewContext, fields?: ReadonlySet<string>): PreviewedBody {
  const root = block.body?.kind === 'json' ? block.body.json?.root : undefined;
  if (!block.body?.json || !root) return { unresolved: [] };
  const r = new Resolver({ ...ctx, system: NOT_SENDING, preview: true }, block.name);
  const values = jsonBodyValues(r, block, root, block.body.json.templates, block.body.span.start, block.body.text, true, fields);
  return { bodyValue: values.value, bodyDisplay: values.display, unresolved: r.unresolved };
}

/** `resolveString` for display before sending: `display` masks secrets, unknown-yet values stay `{{...}}`. */
export function previewString(text: string, ctx: PreviewContext): { value: string; display: string; unresolved: Unresolved[] } {
  const r = resolveStringIn(text, { ...ctx, system: NOT_SENDING, preview: true });
  return { value: r.value, display: r.display ?? r.value, unresolved: r.unresolved };
}

/** A request with every `{{...}}` resolved; spans in `unresolved` are relative to block.start. */
export function resolveRequest(block: RequestBlock, ctx: ResolveContext): ResolvedRequest {
  return resolveRequestIn(block, ctx);
}

function resolveRequestIn(block: RequestBlock, ctx: AnyContext): ResolvedRequest {
  const r = new Resolver(ctx, block.name);
  const rl = block.requestLine;
  const url = rl ? r.substitute(rl.url, 0, rl.url.length, rl.urlSpan.start, plain) : '';
  const headers = block.headers.map(
    (h) =>
      [
        r.substitute(block.text, h.nameSpan.start, h.nameSpan.end, 0, plain),
        substituteUnescaped(r, block.text, h.valueSpan.start, h.valueSpan.end, 0, false),
      ] as [string, string],
  );
  const out: ResolvedRequest = { method: rl?.method ?? 'GET', url, headers, unresolved: [], requestRefs: [], secrets: [] };
  const body = block.body;
  if (body?.kind === 'file' && body.filePath) {
    out.bodyFile = r.substitute(block.text, body.filePath.span.start, body.filePath.span.end, 0, plain);
    const content = ctx.readFile?.(out.bodyFile);
    if (content !== undefined) {
      out.bodyText = content;
      try {
        out.bodyValue = JSON.parse(content);
      } catch {
        // Not JSON: the text is the body.
      }
    }
  } else if (body?.kind === 'json' && body.json) {
    const base = body.span.start;
    const { templates, root } = body.json;
    // Unquoted whole-value templates become JSON values; every other template is inside a string.
    out.bodyText = r.substitute(body.text, 0, body.text.length, base, (v, ref) =>
      templates.has(ref.span.start) ? jsonText(v) : escapeJson(toText(v)),
    );
    if (root) {
      const values = jsonBodyValues(r, block, root, templates, base, body.text, !!ctx.preview);
      out.bodyValue = values.value;
      if (ctx.preview) out.bodyDisplay = values.display;
    }
  } else if (body) {
    out.bodyText = substituteUnescaped(r, body.text, 0, body.text.length, body.span.start, true);
  }
  if (out.method === 'GRAPHQL') graphqlAsPost(out);
  out.unresolved = r.unresolved;
  out.requestRefs = [...r.requestRefs];
  out.secrets = [...r.secrets];
  return out;
}

/** `src[from, to)` resolved, without the escaping backslashes of escapes.ts (`\{{`, and with `lines` a text body's `\<`...). */
function substituteUnescaped(r: Resolver, src: string, from: number, to: number, base: number, lines: boolean): string {
  let out = '';
  let at = from;
  for (const p of escapePositions(src.slice(from, to), lines)) {
    out += r.substitute(src, at, from + p, base, plain);
    at = from + p + 1;
  }
  return out + r.substitute(src, at, to, base, plain);
}

/**
 * The value of a JSON body as the service will parse it (what `bodyText` parses to, once resolved):
 * unquoted whole-value templates as JSON values, templates inside strings as text. `display`: the
 * same with secrets as `<name>` (the same object when the body uses no secret).
 */
function jsonBodyValues(
  r: Resolver,
  block: RequestBlock,
  root: JsonNode,
  templates: ReadonlyMap<number, TemplateRef>,
  base: number,
  bodyText: string,
  display: boolean,
  fields?: ReadonlySet<string>,
): { value: unknown; display?: unknown } {
  const notJson = new Set<TemplateRef>();
  const templateValue = (ref: TemplateRef): unknown => {
    const res = r.resolveRef(ref);
    if (!res.ok) return `{{${ref.expression}}}`;
    // Preview: a value with `{{...}}` still in it is text until it is sent.
    if (res.pending) return toText(res.value);
    const v = jsonValue(res.value);
    if (v !== NOT_JSON) return v;
    notJson.add(ref);
    return toText(res.value);
  };
  const stringValue =
    (show: boolean) =>
    (_raw: string, node: JsonNode): string => {
      const from = node.offset - base;
      const to = node.offset + node.length - base;
      const raw = bodyText.slice(from, to);
      // Most strings hold no template and no escape: decodeJsonString would return them as they are.
      if (!raw.includes('{{') && !raw.includes('\\')) return unquote(raw);
      return decodeJsonString(r.substitute(bodyText, from, to, base, (v) => escapeJson(toText(v)), show));
    };
  const valueOf = (template: (ref: TemplateRef) => unknown, string: (raw: string, node: JsonNode) => string): unknown => {
    if (!fields || root.type !== 'object' || templates.has(root.offset)) return nodeValue(root, block.text, templates, template, string);
    // Only the members asked for, each exactly as nodeValue makes it (the last of a repeated key wins).
    const o: Record<string, unknown> = {};
    for (const p of root.children ?? []) {
      const [k, v] = p.children ?? [];
      if (!k || (typeof k.value === 'string' && !fields.has(k.value) && !k.value.includes('{{'))) continue;
      const key = string('', k);
      if (fields.has(key)) o[key] = v ? nodeValue(v, block.text, templates, template, string) : undefined;
    }
    return o;
  };
  const out: { value: unknown; display?: unknown } = { value: valueOf(templateValue, stringValue(false)) };
  if (display) {
    const shown = (ref: TemplateRef): unknown => {
      const res = r.resolveRef(ref);
      return res.ok && res.secret ? res.display : templateValue(ref);
    };
    out.display = r.showsSecret ? valueOf(shown, stringValue(true)) : out.value;
  }
  // An unquoted template whose value is not JSON makes the body sent invalid JSON: say so.
  for (const ref of notJson) {
    r.unresolved.push({
      ref,
      reason: `\`{{${ref.expression}}}\` is not in quotes, but its value is not a JSON number, true, false, null, object or array, so the body would not be JSON: write "{{${ref.expression}}}".`,
    });
  }
  return out;
}

/** decodeJsonString for text without a backslash: only the quotes go (a missing closing one is tolerated). */
function unquote(raw: string): string {
  const body = raw.startsWith('"') ? raw.slice(1) : raw;
  return body.endsWith('"') ? body.slice(0, -1) : body;
}

type Encode = (value: unknown, ref: TemplateRef) => string;
type Result =
  | {
      ok: true;
      value: unknown;
      /** Preview: the text to show instead of the value: `<name>` for a secret (or a value built from one). */
      display?: string;
      /** Preview: the expressions kept as written inside `value`, which is then not final. */
      pending?: string[];
      /** Preview: a secret variable, or one whose value uses one. */
      secret?: boolean;
    }
  | { ok: false; reason: string; cycle?: boolean; /** Preview: known only when sent. */ deferred?: boolean };

const plain: Encode = (v) => toText(v);
const NO_REFS: { refs: TemplateRef[] } = { refs: [] };

function toText(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
}

function escapeJson(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** Marker for an unquoted template whose text value is not a JSON value. */
const NOT_JSON = Symbol('not-json');

function jsonValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (/^-?\d/.test(t) || t === 'true' || t === 'false' || t === 'null' || t.startsWith('{') || t.startsWith('[') || t.startsWith('"')) {
    try {
      return JSON.parse(t);
    } catch {
      // Falls through: not JSON.
    }
  }
  return NOT_JSON;
}

function jsonText(v: unknown): string {
  // A text value is put in as written (REST Client's plain substitution), so `100000.00` stays
  // `100000.00` in the bytes sent and signed; other values as JSON.
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null');
}

class Resolver {
  readonly unresolved: Unresolved[] = [];
  readonly requestRefs = new Set<string>();
  readonly secrets = new Set<string>();
  /** Preview: some reference resolved so far is shown as `<name>`. */
  showsSecret = false;
  private readonly fileVars: ReadonlyMap<string, VariableDefinition>;
  private readonly varMemo = new Map<string, Result>();
  private readonly refMemo = new Map<string, Result>();
  private readonly stack: string[] = [];
  private clock?: Date;

  /** `self`: the name of the request being resolved, which cannot use its own response. */
  constructor(
    private readonly ctx: AnyContext,
    private readonly self?: string,
  ) {
    this.fileVars = ctx.variables ?? fileVariables(ctx.file);
  }

  /** `src[from, to)` with its templates replaced; unresolved ones stay as written. `show`: the display texts (preview). */
  substitute(src: string, from: number, to: number, base: number, encode: Encode, show = false): string {
    const { refs } = scanTemplates(src, from, to, base);
    if (refs.length === 0) return src.slice(from, to);
    let out = '';
    let at = from;
    for (const ref of refs) {
      const s = ref.span.start - base;
      out += src.slice(at, s);
      const res = this.resolveRef(ref);
      out += res.ok ? encode(show && res.display !== undefined ? res.display : res.value, ref) : src.slice(s, ref.span.end - base);
      at = ref.span.end - base;
    }
    return out + src.slice(at, to);
  }

  /** One occurrence, resolved once (memoized by position, so a `{{$uuid}}` read twice is one id). */
  resolveRef(ref: TemplateRef): Result {
    const key = `${ref.span.start}:${ref.expression}`;
    const memo = this.refMemo.get(key);
    if (memo) return memo;
    const res = this.compute(ref);
    this.refMemo.set(key, res);
    if (res.ok && res.secret) this.showsSecret = true;
    if (!res.ok) this.unresolved.push(res.deferred ? { ref, reason: res.reason, pending: [ref.expression] } : { ref, reason: res.reason });
    else if (res.pending) {
      this.unresolved.push({
        ref,
        reason: `\`{{${ref.expression}}}\` uses values known only when the request is sent.`,
        pending: res.pending,
      });
    }
    return res;
  }

  private compute(ref: TemplateRef): Result {
    if (this.ctx.preview && ref.kind !== 'variable') {
      return {
        ok: false,
        deferred: true,
        reason:
          ref.kind === 'system'
            ? `\`{{${ref.expression}}}\` is computed when the request is sent.`
            : `\`{{${ref.expression}}}\` comes from a response, known once \`${ref.name}\` has been sent.`,
      };
    }
    try {
      switch (ref.kind) {
        case 'system':
          return this.system(ref);
        case 'request':
          return this.request(ref);
        default: {
          const res = this.variable(ref.name);
          if (!ref.percentEncode || !res.ok || res.pending) return res;
          // `{{%name}}`: a secret stays masked in the display, its encoded value is what is sent.
          return { ...res, value: encodeURIComponent(toText(res.value)) };
        }
      }
    } catch (e) {
      // A caller-supplied SystemVariables or response() that throws must not break the preview.
      return { ok: false, reason: `\`{{${ref.expression}}}\` could not be computed (${e instanceof Error ? e.message : String(e)}).` };
    }
  }

  private variable(name: string): Result {
    const memo = this.varMemo.get(name);
    if (memo) return memo;
    if (this.stack.includes(name)) {
      const cycle = [...this.stack.slice(this.stack.indexOf(name)), name].join(' -> ');
      return { ok: false, cycle: true, reason: `Variables refer to each other in a cycle (${cycle}): give one of them a plain value.` };
    }
    const raw = variableText(name, this.fileVars, this.ctx.env ?? {});
    if (raw === undefined && this.ctx.preview && this.ctx.runtime?.has(name)) {
      return { ok: false, deferred: true, reason: `\`${name}\` is set at run time by a script of this file.` };
    }
    if (raw === undefined) {
      return {
        ok: false,
        reason: isSecretVariable(name)
          ? `\`${name}\` is not defined: add it to the selected environment in http-client.private.env.json.`
          : `\`${name}\` is not defined: add it to the selected environment in http-client.env.json, or define \`@${name} = value\` in this file.`,
      };
    }
    this.stack.push(name);
    let res: Result;
    try {
      const { refs } = raw.includes('{{') ? scanTemplates(raw) : NO_REFS;
      let value = '';
      let pending: string[] | undefined;
      let secret = isSecretVariable(name);
      let at = 0;
      let failed: Result | undefined;
      for (const r of refs) {
        const v = this.compute(r);
        if (!v.ok && v.deferred) {
          // Preview: kept as written; the rest of the value resolves around it.
          value += raw.slice(at, r.span.end);
          (pending ??= []).push(r.expression);
          at = r.span.end;
          continue;
        }
        if (!v.ok) {
          // A cycle is reported as is: wrapping it once per variable on the way out adds nothing.
          failed ??= v.cycle
            ? v
            : {
                ok: false,
                reason: `\`${name}\` uses \`{{${r.expression}}}\`, which cannot be resolved: ${v.reason}`,
              };
          continue;
        }
        value += raw.slice(at, r.span.start) + toText(v.value);
        if (v.pending) (pending ??= []).push(...v.pending);
        // A value built from a secret is shown as masked as the secret (preview display).
        if (v.secret) secret = true;
        at = r.span.end;
      }
      value += raw.slice(at);
      if (failed) res = failed;
      else if (!this.ctx.preview) res = { ok: true, value };
      else {
        // Only a secret is shown otherwise than its value (a value waiting for the send holds `{{...}}` in both).
        res = { ok: true, value, ...(secret ? { display: `<${name}>`, secret } : {}), ...(pending ? { pending } : {}) };
      }
    } finally {
      this.stack.pop();
    }
    if (res.ok && !res.pending && isSecretVariable(name) && typeof res.value === 'string' && res.value !== '') this.secrets.add(res.value);
    this.varMemo.set(name, res);
    return res;
  }

  private now(): Date {
    this.clock ??= this.ctx.system.now();
    return new Date(this.clock.getTime());
  }

  private system(ref: TemplateRef): Result {
    const args = ref.args ?? [];
    const sys = this.ctx.system;
    switch (ref.name) {
      case '$uuid':
      case '$guid':
      case '$random.uuid':
        return { ok: true, value: sys.uuid() };
      case '$timestamp': {
        const d = shifted(this.now(), args[0], args[1]);
        if (!d) return badOffset(ref);
        return { ok: true, value: String(Math.floor(d.getTime() / 1000)) };
      }
      case '$isoTimestamp':
        return { ok: true, value: this.now().toISOString() };
      case '$datetime':
      case '$localDatetime': {
        const d = shifted(this.now(), args[1], args[2]);
        if (!d) return badOffset(ref);
        return { ok: true, value: formatDate(d, args[0] ?? 'iso8601', ref.name === '$datetime') };
      }
      case '$date':
        return { ok: true, value: formatDate(this.now(), 'YYYY-MM-DD', true) };
      case '$randomInt': {
        // kulala: without arguments, from 0 to 9999999.
        if (args.length === 0) return { ok: true, value: String(sys.randomInt(0, 10_000_000)) };
        const min = Number(args[0]);
        const max = Number(args[1]);
        if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max <= min || max - min > 2 ** 48 - 1) {
          return {
            ok: false,
            reason:
              'Write `{{$randomInt min max}}` with two whole numbers, min below max (max is excluded, at most 2^48 apart), e.g. `{{$randomInt 1 1000}}`.',
          };
        }
        return { ok: true, value: String(sys.randomInt(min, max)) };
      }
      case '$processEnv':
      case '$dotenv': {
        const name = this.indirectName(args[0]);
        if (!name.ok) return name;
        const varName = name.value as string;
        const value = ref.name === '$processEnv' ? sys.processEnv(varName) : sys.dotenv(varName);
        if (value === undefined) {
          return {
            ok: false,
            reason:
              ref.name === '$processEnv'
                ? `The process has no environment variable \`${varName}\`: set it before starting the editor or the CLI.`
                : `\`${varName}\` is not in the .env file beside this file: add \`${varName}=value\` there.`,
          };
        }
        if (isSecretVariable(varName) && value !== '') this.secrets.add(value);
        return { ok: true, value };
      }
      default:
        if (ref.name in RANDOM_VARIABLES) return randomVariable(ref.name, args, (min, max) => sys.randomInt(min, max));
        return { ok: false, reason: `Unknown system variable \`${ref.name}\`: use one of ${Object.keys(SYSTEM_VARIABLES).join(', ')}.` };
    }
  }

  /** `$processEnv NAME`, or `$processEnv %var` where the name is the value of variable `var` (REST Client). */
  private indirectName(arg: string | undefined): Result {
    if (!arg) return { ok: false, reason: 'Name the variable to read, e.g. `{{$processEnv PAYOUT_SECRET_KEY}}`.' };
    if (!arg.startsWith('%')) return { ok: true, value: arg };
    return this.variable(arg.slice(1));
  }

  private request(ref: TemplateRef): Result {
    const name = ref.name;
    if (name === this.self) {
      // Listing it in requestRefs would have the client send this request before itself, forever.
      return {
        ok: false,
        reason: `\`${name}\` refers to its own response, which does not exist before it is sent: use another request's response or a variable.`,
      };
    }
    this.requestRefs.add(name);
    if (this.ctx.file && !requestByName(this.ctx.file, name)) {
      return {
        ok: false,
        reason: `No request in this file is named \`${name}\`: add \`# @name ${name}\` above the request whose response you want.`,
      };
    }
    const path = ref.path ?? '';
    // `response.…` (body, headers, cookies), or REST Client's `request.…` (body, headers): what was sent.
    const m =
      /^(?:response\.(?:(body)(?:\.(.*))?|(headers)(?:\.(.*)|\[(["'])(.*)\5\])|(cookies)\.([^.\s]+)\.value)|request\.(?:(body)(?:\.(.*))?|(headers)(?:\.(.*)|\[(["'])(.*)\13\])))$/s.exec(
        path,
      );
    if (!m) {
      return {
        ok: false,
        reason: `Only \`${name}.response.body...\`, \`${name}.response.headers.Name\`, \`${name}.response.cookies.NAME.value\`, \`${name}.request.body...\` and \`${name}.request.headers.Name\` references are supported.`,
      };
    }
    const response = this.ctx.response?.(name);
    if (!response) {
      return { ok: false, reason: `Request \`${name}\` has not been sent yet: send it first (sending this request sends it first).` };
    }
    if (m[9] !== undefined || m[11] !== undefined) return this.sentRequest(ref, response, m[10], m[11] && (m[12] ?? m[14] ?? ''));
    if (m[3] !== undefined) {
      const header = m[4] ?? m[6] ?? '';
      const value = headerValue(response.headers, header);
      if (value === undefined) return { ok: false, reason: `The response of \`${name}\` has no header \`${header}\`.` };
      return { ok: true, value };
    }
    if (m[7] !== undefined) {
      const cookie = responseCookie(headerValue(response.headers, 'set-cookie'), m[8]);
      if (cookie === undefined) return { ok: false, reason: `The response of \`${name}\` set no cookie \`${m[8]}\`.` };
      return { ok: true, value: cookie };
    }
    return bodyValue(ref, `the response of \`${name}\``, response.body, m[2]);
  }

  /** `{{name.request.body…}}` / `{{name.request.headers.X}}`: what request `name` sent, as it was sent. */
  private sentRequest(ref: TemplateRef, response: ResponseSnapshot, bodyPath: string | undefined, header: string | undefined): Result {
    const sent = response.request;
    const what = `the request \`${ref.name}\` sent`;
    if (!sent) return { ok: false, reason: `What request \`${ref.name}\` sent is not known here: send it again.` };
    if (header === undefined) return bodyValue(ref, what, sent.body, bodyPath);
    if (sent.secretHeaders.some((h) => h.toLowerCase() === header.toLowerCase())) {
      // A bearer token copied into another request would be shown, logged and stored with it.
      return {
        ok: false,
        reason: `\`{{${ref.expression}}}\` holds an access token, which is never copied into another request: name the user with \`# @user\` and the token is obtained for this request too.`,
      };
    }
    const value = headerValue(sent.headers, header);
    if (value === undefined) return { ok: false, reason: `${capitalised(what)} had no header \`${header}\`.` };
    return { ok: true, value };
  }
}

/** A body read by `*`, `$`, a JSONPath (`$.data.x`), kulala's path without the `$` (`json.x`) or REST Client's XPath. */
function bodyValue(ref: TemplateRef, what: string, body: unknown, sub: string | undefined): Result {
  if (sub === undefined || sub === '*' || sub === '$') return { ok: true, value: body };
  if (sub.startsWith('/')) {
    // REST Client: XPath on an XML body (the subset of xpath.ts).
    const text = typeof body === 'string' ? body : undefined;
    const r = text === undefined ? undefined : xpathValue(text, sub);
    if (!r) return { ok: false, reason: `\`{{${ref.expression}}}\` is XPath, but ${what} is not XML.` };
    return r.ok ? r : { ok: false, reason: `\`{{${ref.expression}}}\`: ${r.reason}.` };
  }
  let cur: unknown = body;
  for (const seg of splitPath(sub)) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, seg)) {
      return {
        ok: false,
        reason: `${capitalised(what)} has no \`${sub}\`: check the path against ${what.startsWith('the response') ? 'the response' : 'that request'}.`,
      };
    }
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return { ok: true, value: cur };
}

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A GRAPHQL request as httpYac and kulala send it: a POST of `{"query": …, "variables": …}`, the
 * variables being a JSON object after the query's last blank line, with a JSON content type
 * unless the file sets one.
 */
export function graphqlAsPost(out: ResolvedRequest): void {
  out.method = 'POST';
  const text = out.bodyText ?? '';
  let query = text.trim();
  let variables: unknown;
  const split = /\r?\n[ \t]*\r?\n\s*(\{[^]*)$/.exec(text);
  if (split) {
    try {
      variables = JSON.parse(split[1]);
      query = text.slice(0, split.index).trim();
    } catch {
      // Not JSON: part of the query.
    }
  }
  out.bodyValue = variables === undefined ? { query } : { query, variables };
  out.bodyText = JSON.stringify(out.bodyValue);
  if (!out.headers.some(([k]) => k.toLowerCase() === 'content-type')) out.headers.push(['Content-Type', 'application/json']);
}

/** A response header by any case. */
function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([k]) => k.toLowerCase() === wanted)?.[1];
}

/**
 * The value of cookie `name` among `Set-Cookie` values (joined with `, ` by the HTTP layer; a comma
 * inside `Expires=Wed, 21 Oct …` is not followed by `name=`, so it does not split).
 */
export function responseCookie(setCookie: string | undefined, name: string): string | undefined {
  if (setCookie === undefined) return undefined;
  for (const c of setCookie.split(/,\s*(?=[^;,=\s]+=)/)) {
    const eq = c.indexOf('=');
    if (eq > 0 && c.slice(0, eq).trim() === name)
      return c
        .slice(eq + 1)
        .split(';')[0]
        .trim();
  }
  return undefined;
}

function badOffset(ref: TemplateRef): Result {
  return {
    ok: false,
    reason: `The offset of \`{{${ref.expression}}}\` should be a whole number and a unit (y M w d h m s ms), e.g. \`{{${ref.name}${ref.name === '$timestamp' ? '' : ' iso8601'} -1 d}}\`.`,
  };
}

const UNIT_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** `date` moved by `amount unit`; undefined when they are malformed; `date` when absent. */
function shifted(date: Date, amount: string | undefined, unit: string | undefined): Date | undefined {
  if (amount === undefined) return date;
  const n = Number(amount);
  if (!Number.isInteger(n) || unit === undefined) return undefined;
  const d = new Date(date.getTime());
  if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + n);
  else if (unit === 'M') d.setUTCMonth(d.getUTCMonth() + n);
  else if (unit in UNIT_MS) d.setTime(d.getTime() + n * UNIT_MS[unit]);
  else return undefined;
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/** `rfc1123`, `iso8601` or a pattern with YYYY MM DD HH mm ss SSS (other text kept as written). */
export function formatDate(d: Date, format: string, utc: boolean): string {
  const f = {
    YYYY: utc ? d.getUTCFullYear() : d.getFullYear(),
    MM: (utc ? d.getUTCMonth() : d.getMonth()) + 1,
    DD: utc ? d.getUTCDate() : d.getDate(),
    HH: utc ? d.getUTCHours() : d.getHours(),
    mm: utc ? d.getUTCMinutes() : d.getMinutes(),
    ss: utc ? d.getUTCSeconds() : d.getSeconds(),
    SSS: utc ? d.getUTCMilliseconds() : d.getMilliseconds(),
  };
  // RFC 1123 dates are always written in GMT.
  if (format === 'rfc1123') return d.toUTCString();
  if (format === 'iso8601') {
    if (utc) return d.toISOString();
    const off = -d.getTimezoneOffset();
    return `${pattern(f, 'YYYY-MM-DDTHH:mm:ss.SSS')}${off >= 0 ? '+' : '-'}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
  }
  return pattern(f, format);
}

function pattern(f: Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss' | 'SSS', number>, format: string): string {
  return format.replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (t) => pad(f[t as keyof typeof f], t === 'YYYY' ? 4 : t === 'SSS' ? 3 : 2));
}
