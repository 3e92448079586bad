// Generates snippets/payout-http.code-snippets from the catalogue: one snippet per endpoint, a
// complete request (title, request line, headers, a body with every required and every signed
// field) with tab stops on the values. Nothing here restates the contract: paths, methods, fields,
// enums, defaults, formats and auth come from engine/catalogue. test/extension/snippets.test.ts
// fails when the committed file differs from what this produces.
//
//   npx tsx scripts/gen-snippets.ts          writes the file
//   npx tsx scripts/gen-snippets.ts --check  exits 1 when the file is out of date
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogue } from '../engine/catalogue/index';
import type { Endpoint, FieldSpec } from '../engine/catalogue/types';

export const SNIPPETS_FILE = path.join(__dirname, '..', 'snippets', 'payout-http.code-snippets');

interface Snippet {
  prefix: string[];
  description: string;
  body: string[];
}

/** Escapes text for a snippet body ($, } and \ are snippet syntax). */
const esc = (s: string) => s.replace(/[\\$}]/g, (c) => `\\${c}`);
/** In a choice, commas and pipes are syntax too. */
const escChoice = (s: string) => esc(s).replace(/[,|]/g, (c) => `\\${c}`);

class TabStops {
  private n = 0;
  next(): number {
    return ++this.n;
  }
}

/** An example value the document itself gives in a field's notes ("e.g. `USDT`"). */
function exampleFromNotes(f: FieldSpec): string | undefined {
  return f.notes?.match(/e\.g\.\s*`([^`]+)`/)?.[1];
}

/** Variables every environment defines (see docs/extension.md); used instead of a literal. */
const ENV_VARIABLES = new Set(['partnerCode', 'webhookSecretKey']);

/** A JSON value with a tab stop, valid for the field's type, format and enum. */
function valueFor(f: FieldSpec, stops: TabStops): string {
  if (ENV_VARIABLES.has(f.name)) return `"{{${f.name}}}"`;
  if (f.name === 'externalOrderId') return `"\${${stops.next()}:{{\\$uuid\\}\\}}"`;
  if (f.enum?.length) {
    const choices =
      f.default !== undefined && f.enum.includes(String(f.default))
        ? [String(f.default), ...f.enum.filter((v) => v !== String(f.default))]
        : [...f.enum];
    const choice = `\${${stops.next()}|${choices.map(escChoice).join(',')}|}`;
    return f.type === 'string' ? `"${choice}"` : choice;
  }
  const stop = (text: string) => `\${${stops.next()}:${esc(text)}}`;
  switch (f.type) {
    case 'number':
    case 'integer':
      return stop(String(f.default ?? f.minimum ?? exampleFromNotes(f) ?? 100000));
    case 'boolean':
      return `\${${stops.next()}|${f.default === true ? 'true,false' : 'false,true'}|}`;
    case 'array':
      return `[${stop('')}]`;
    case 'object':
      return f.members?.length && f.required === true ? objectFor(f.members, stops) : stop('null');
    default:
      return `"${stringFor(f, stops)}"`;
  }
}

function stringFor(f: FieldSpec, stops: TabStops): string {
  const stop = (text: string) => `\${${stops.next()}:${esc(text)}}`;
  switch (f.format) {
    case 'date':
      return stop('1990-01-31');
    case 'iso-country':
      return stop('VN');
    case 'digits-only':
      return stop('84');
    case 'email':
      return stop('alice@example.com');
    case 'unaccented':
      return stop('Payment');
    case 'data-url-image':
      return `data:image/png;base64,${stop('iVBORw0KGgo=')}`;
    case 'data-url-pdf':
      return `data:application/pdf;base64,${stop('JVBERi0xLjQK')}`;
    default:
      break;
  }
  if (f.default !== undefined && f.default !== null) return stop(String(f.default));
  return stop(exampleFromNotes(f) ?? f.name);
}

/** An object's members, one per line (nested objects get their required members). */
function objectFor(members: readonly FieldSpec[], stops: TabStops, indent = '  '): string {
  const inner = members.filter((m) => m.required === true);
  if (!inner.length) return '{}';
  const lines = inner.map((m, i) => `${indent}  "${m.name}": ${valueFor(m, stops)}${i < inner.length - 1 ? ',' : ''}`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * Fields a complete request sends: every required one and every signed one (so nothing is signed as
 * `undefined`), but not those the client computes when sending (`filledByClient`).
 */
function bodyFields(e: Endpoint): FieldSpec[] {
  const signed = new Set(e.signedString?.segments.map((s) => s.field) ?? []);
  const fields = (e.body ?? []).filter((f) => !f.filledByClient && (f.required !== false || signed.has(f.name)));
  // An endpoint that needs one of several optional fields (submit-kyc-supplement) gets the first of them.
  const oneOf = e.requiresOneOf?.fields;
  if (oneOf?.length && !fields.some((f) => oneOf.includes(f.name))) {
    const first = e.body?.find((f) => f.name === oneOf[0]);
    if (first) fields.push(first);
  }
  return fields;
}

function snippetFor(e: Endpoint): Snippet {
  const stops = new TabStops();
  const body: string[] = [`### \${${stops.next()}:${esc(e.title)}}`];
  // `# @user` names whose token a bearer (or sandbox simulate) request uses; the client exchanges it automatically
  if (e.auth === 'bearer-v3' || e.auth === 'sandbox-only') body.push(`# @user \${${stops.next()}:alice@example.com}`);
  let url = `{{${e.base}}}${e.path}`.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = e.pathParams?.find((x) => x.name === name);
    return p ? valueFor(p, stops).replace(/^"|"$/g, '') : `{${name}}`;
  });
  const query = (e.query ?? []).filter((q) => q.required !== false);
  if (query.length) url += '?' + query.map((q) => `${q.name}=${valueFor(q, stops).replace(/^"|"$/g, '')}`).join('&');
  body.push(`${e.method} ${url}`);
  const fields = bodyFields(e);
  const hasBody = fields.length > 0 || (e.body !== undefined && e.method !== 'GET');
  if (hasBody) {
    body.push('Content-Type: application/json', '');
    const lines = fields.map((f, i) => `  "${f.name}": ${valueFor(f, stops)}${i < fields.length - 1 ? ',' : ''}`);
    body.push('{', ...lines.flatMap((l) => l.split('\n')), '}');
  }
  body.push('$0');
  const slug = e.id.replace(/^[^.]+\./, '');
  return {
    prefix: [`payout ${e.id}`, slug],
    description: `${e.method} ${e.path}: ${e.title} (${e.source})`,
    body,
  };
}

export function generateSnippets(endpoints: readonly Endpoint[] = catalogue.endpoints): string {
  const out: Record<string, Snippet> = {};
  for (const e of endpoints) out[`${e.method} ${e.path} (${e.id})`] = snippetFor(e);
  return JSON.stringify(out, null, 2) + '\n';
}

function main(): number {
  const text = generateSnippets();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(SNIPPETS_FILE) ? fs.readFileSync(SNIPPETS_FILE, 'utf8') : '';
    if (current === text) return 0;
    process.stderr.write(
      `${path.relative(process.cwd(), SNIPPETS_FILE)} is out of date with the catalogue: run npx tsx scripts/gen-snippets.ts\n`,
    );
    return 1;
  }
  fs.mkdirSync(path.dirname(SNIPPETS_FILE), { recursive: true });
  fs.writeFileSync(SNIPPETS_FILE, text);
  process.stdout.write(
    `wrote ${Object.keys(JSON.parse(text) as object).length} snippets to ${path.relative(process.cwd(), SNIPPETS_FILE)}\n`,
  );
  return 0;
}

if (require.main === module) process.exitCode = main();
