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
import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSecretVariable } from './environments';
import { decodeJsonString, nodeValue, splitPath } from './json';
import { requestByName } from './parser';
import { SYSTEM_VARIABLES, scanTemplates } from './templates';
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
}

export interface ResolveContext {
  file: ParsedFile;
  env: Record<string, string>;
  system: SystemVariables;
  /** The last response of a named request, for `{{name.response...}}`. */
  response?: (requestName: string) => ResponseSnapshot | undefined;
  /** Reads a `< ./file` body (path as written, after resolution); without it the body is left to the caller. */
  readFile?: (path: string) => string | undefined;
}

export interface Unresolved {
  ref: TemplateRef;
  /** Why, and what to do about it. Never holds a variable's value. */
  reason: string;
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
          dotenv = parseDotenv(readFileSync(join(dir, '.env'), 'utf8'));
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

/** Resolve `{{...}}` in any text (spans in `unresolved` are offsets in `text`). */
export function resolveString(text: string, ctx: ResolveContext): { value: string; unresolved: Unresolved[] } {
  const r = new Resolver(ctx);
  const value = r.substitute(text, 0, text.length, 0, plain);
  return { value, unresolved: r.unresolved };
}

/** A request with every `{{...}}` resolved; spans in `unresolved` are relative to block.start. */
export function resolveRequest(block: RequestBlock, ctx: ResolveContext): ResolvedRequest {
  const r = new Resolver(ctx, block.name);
  const rl = block.requestLine;
  const url = rl ? r.substitute(rl.url, 0, rl.url.length, rl.urlSpan.start, plain) : '';
  const headers = block.headers.map(
    (h) =>
      [
        r.substitute(block.text, h.nameSpan.start, h.nameSpan.end, 0, plain),
        r.substitute(block.text, h.valueSpan.start, h.valueSpan.end, 0, plain),
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
      const notJson: TemplateRef[] = [];
      out.bodyValue = nodeValue(
        root,
        block.text,
        templates,
        (ref) => {
          const res = r.resolveRef(ref);
          if (!res.ok) return `{{${ref.expression}}}`;
          const v = jsonValue(res.value);
          if (v !== NOT_JSON) return v;
          notJson.push(ref);
          return toText(res.value);
        },
        (_raw, node) => decodeJsonString(r.substitute(body.text, node.offset - base, node.offset + node.length - base, base, (v) => escapeJson(toText(v)))),
      );
      // An unquoted template whose value is not JSON makes the body sent invalid JSON: say so.
      for (const ref of notJson) {
        r.unresolved.push({
          ref,
          reason: `\`{{${ref.expression}}}\` is not in quotes, but its value is not a JSON number, true, false, null, object or array, so the body would not be JSON: write "{{${ref.expression}}}".`,
        });
      }
    }
  } else if (body) {
    out.bodyText = r.substitute(body.text, 0, body.text.length, body.span.start, plain);
  }
  out.unresolved = r.unresolved;
  out.requestRefs = [...r.requestRefs];
  out.secrets = [...r.secrets];
  return out;
}

type Encode = (value: unknown, ref: TemplateRef) => string;
type Result = { ok: true; value: unknown } | { ok: false; reason: string; cycle?: boolean };

const plain: Encode = (v) => toText(v);

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
  return typeof v === 'string' ? v : JSON.stringify(v) ?? 'null';
}

class Resolver {
  readonly unresolved: Unresolved[] = [];
  readonly requestRefs = new Set<string>();
  readonly secrets = new Set<string>();
  private readonly fileVars = new Map<string, VariableDefinition>();
  private readonly varMemo = new Map<string, Result>();
  private readonly refMemo = new Map<string, Result>();
  private readonly stack: string[] = [];
  private clock?: Date;

  /** `self`: the name of the request being resolved, which cannot use its own response. */
  constructor(
    private readonly ctx: ResolveContext,
    private readonly self?: string,
  ) {
    for (const v of ctx.file?.variables ?? []) this.fileVars.set(v.name, v);
  }

  /** `src[from, to)` with its templates replaced; unresolved ones stay as written. */
  substitute(src: string, from: number, to: number, base: number, encode: Encode): string {
    const { refs } = scanTemplates(src, from, to, base);
    if (refs.length === 0) return src.slice(from, to);
    let out = '';
    let at = from;
    for (const ref of refs) {
      const s = ref.span.start - base;
      out += src.slice(at, s);
      const res = this.resolveRef(ref);
      out += res.ok ? encode(res.value, ref) : src.slice(s, ref.span.end - base);
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
    if (!res.ok) this.unresolved.push({ ref, reason: res.reason });
    return res;
  }

  private compute(ref: TemplateRef): Result {
    try {
      switch (ref.kind) {
        case 'system':
          return this.system(ref);
        case 'request':
          return this.request(ref);
        default:
          return this.variable(ref.name);
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
    const def = this.fileVars.get(name);
    const raw = def ? def.value : Object.prototype.hasOwnProperty.call(this.ctx.env ?? {}, name) ? this.ctx.env[name] : undefined;
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
      const { refs } = scanTemplates(raw);
      let value = '';
      let at = 0;
      let failed: Result | undefined;
      for (const r of refs) {
        const v = this.compute(r);
        if (!v.ok) {
          // A cycle is reported as is: wrapping it once per variable on the way out adds nothing.
          failed ??= v.cycle ? v : {
            ok: false,
            reason: `\`${name}\` uses \`{{${r.expression}}}\`, which cannot be resolved: ${v.reason}`,
          };
          continue;
        }
        value += raw.slice(at, r.span.start) + toText(v.value);
        at = r.span.end;
      }
      value += raw.slice(at);
      res = failed ?? { ok: true, value };
    } finally {
      this.stack.pop();
    }
    if (res.ok && isSecretVariable(name) && typeof res.value === 'string' && res.value !== '') this.secrets.add(res.value);
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
      case '$randomInt': {
        const min = Number(args[0]);
        const max = Number(args[1]);
        if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max <= min || max - min > 2 ** 48 - 1) {
          return { ok: false, reason: 'Write `{{$randomInt min max}}` with two whole numbers, min below max (max is excluded, at most 2^48 apart), e.g. `{{$randomInt 1 1000}}`.' };
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
      return { ok: false, reason: `\`${name}\` refers to its own response, which does not exist before it is sent: use another request's response or a variable.` };
    }
    this.requestRefs.add(name);
    if (this.ctx.file && !requestByName(this.ctx.file, name)) {
      return { ok: false, reason: `No request in this file is named \`${name}\`: add \`# @name ${name}\` above the request whose response you want.` };
    }
    const path = ref.path ?? '';
    const m = /^response\.(body|headers)(?:\.(.*))?$/s.exec(path);
    if (!m) {
      return { ok: false, reason: `Only \`${name}.response.body...\` and \`${name}.response.headers.Name\` references are supported.` };
    }
    const response = this.ctx.response?.(name);
    if (!response) {
      return { ok: false, reason: `Request \`${name}\` has not been sent yet: send it first (sending this request sends it first).` };
    }
    if (m[1] === 'headers') {
      const wanted = (m[2] ?? '').toLowerCase();
      const entry = Object.entries(response.headers).find(([k]) => k.toLowerCase() === wanted);
      if (!entry) return { ok: false, reason: `The response of \`${name}\` has no header \`${m[2] ?? ''}\`.` };
      return { ok: true, value: entry[1] };
    }
    const sub = m[2];
    if (sub === undefined || sub === '*' || sub === '$') return { ok: true, value: response.body };
    if (!sub.startsWith('$')) return { ok: false, reason: `Write the body path as JSONPath, e.g. \`${name}.response.body.$.data.field\`.` };
    let cur: unknown = response.body;
    for (const seg of splitPath(sub)) {
      if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, seg)) {
        return { ok: false, reason: `The response of \`${name}\` has no \`${sub}\`: check the path against the response.` };
      }
      cur = (cur as Record<string | number, unknown>)[seg];
    }
    return { ok: true, value: cur };
  }
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
