// An OpenAPI 3.0 or 3.1 document (object, JSON text or YAML text) to catalogue Endpoints, so the
// plant store and any document a user points `# @openapi` at get the same completion, hover and
// lint as the payout contracts. Never throws: whatever is wrong becomes a problem that names the
// file, the JSON pointer and the fix, and the rest of the document still loads.

import { resolve as resolvePath } from 'node:path';
import type { Api, Endpoint, FieldSpec, HttpMethod } from '../catalogue/types';
import { parseDocumentText } from './parseText';
import { inline, isObject, newRefContext, pointer, type RefContext } from './refs';
import { fieldFromSchema, topLevelFields } from './schemaToFields';

export interface LoadOptions {
  /** The variable URLs start with, e.g. `plant_base_url`. */
  base: string;
  /** Defaults to 'openapi' (a user's document). */
  api?: Api;
  /** The file the document was read from: labels messages, and relative `$ref`s resolve against it. */
  sourcePath?: string;
  /** Prefix of endpoint ids; defaults to `api`. */
  idPrefix?: string;
}

export interface LoadResult {
  endpoints: Endpoint[];
  problems: string[];
  /** `servers[].url` of the document, to suggest a value for the base variable. */
  servers: string[];
  /** Absolute paths of the files read for external `$ref`s (for cache invalidation). */
  filesRead: string[];
}

const METHODS: readonly HttpMethod[] = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'];

export function loadOpenApi(doc: object | string, opts: LoadOptions): LoadResult {
  const label = opts.sourcePath ?? 'OpenAPI document';
  const result: LoadResult = { endpoints: [], problems: [], servers: [], filesRead: [] };
  try {
    let root: unknown = doc;
    if (typeof doc === 'string') {
      const parsed = parseDocumentText(doc, label);
      result.problems.push(...parsed.problems);
      root = parsed.value;
      if (root === undefined) return result;
    }
    if (!checkRoot(root, label, result.problems)) return result;
    // The main document is keyed by its absolute path, so `./self.yaml#/x` refs find it again.
    const mainFile = opts.sourcePath ? resolvePath(opts.sourcePath) : '';
    const ctx = newRefContext(mainFile, label, root);
    if (mainFile) ctx.filesRead.add(mainFile);
    result.servers = serversOf(root);
    result.endpoints = endpointsOf(root, ctx, opts, label, mainFile);
    result.problems.push(...ctx.problems);
    result.filesRead = [...ctx.filesRead];
  } catch (e) {
    // A bug here must not take the language server down with a user's odd document.
    result.problems.push(
      `${label}: the document could not be read completely (${e instanceof Error ? e.message : String(e)}); please report it with the document attached.`,
    );
  }
  return result;
}

function checkRoot(root: unknown, label: string, problems: string[]): root is Record<string, unknown> {
  if (!isObject(root)) {
    problems.push(
      `${label}#: the document is not an object; an OpenAPI document starts with "openapi: 3.1.0" (or 3.0.x), "info" and "paths".`,
    );
    return false;
  }
  if (typeof root.swagger === 'string') {
    problems.push(
      `${label}#/swagger: Swagger ${root.swagger} is not supported; convert the document to OpenAPI 3 (e.g. with swagger2openapi or editor.swagger.io) and point to the converted file.`,
    );
    return false;
  }
  if (typeof root.openapi !== 'string' || !/^3\.[01]\.\d+/.test(root.openapi)) {
    problems.push(
      `${label}#/openapi: expected "3.0.x" or "3.1.x", found ${JSON.stringify(root.openapi ?? null)}; set the "openapi" field to the version the document follows.`,
    );
    if (typeof root.openapi === 'string' && !root.openapi.startsWith('3.')) return false;
  }
  if (!isObject(root.paths)) {
    if (root.paths !== undefined || !isObject(root.webhooks)) {
      problems.push(`${label}#/paths: missing or not an object; add "paths" with one entry per endpoint path (e.g. "/plant/{plantId}").`);
    }
    return isObject(root.paths) || isObject(root.webhooks);
  }
  return true;
}

function serversOf(root: Record<string, unknown>): string[] {
  return Array.isArray(root.servers)
    ? root.servers
        .filter(isObject)
        .map((s) => s.url)
        .filter((u): u is string => typeof u === 'string')
    : [];
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function endpointsOf(root: Record<string, unknown>, ctx: RefContext, opts: LoadOptions, label: string, file: string): Endpoint[] {
  const api: Api = opts.api ?? 'openapi';
  const prefix = opts.idPrefix ?? api;
  const out: Endpoint[] = [];
  const seen = new Set<string>();
  const paths = isObject(root.paths) ? root.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const itemAt = pointer(['paths', path]);
    if (!path.startsWith('/')) {
      ctx.problems.push(`${label}${itemAt}: a path must start with "/"; write "/${path}".`);
      continue;
    }
    const item = inline(ctx, rawItem, file, itemAt.slice(1));
    if (!isObject(item)) {
      ctx.problems.push(`${label}${itemAt}: a path item must be an object of operations (get, post, …).`);
      continue;
    }
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const [key, op] of Object.entries(item)) {
      const method = key.toUpperCase() as HttpMethod;
      if (!METHODS.includes(method)) {
        if (key === 'trace')
          ctx.problems.push(`${label}${pointer(['paths', path, key])}: TRACE operations are not supported and are skipped.`);
        continue;
      }
      const at = pointer(['paths', path, key]);
      if (!isObject(op)) {
        ctx.problems.push(`${label}${at}: an operation must be an object with "responses"; fix or remove it.`);
        continue;
      }
      let id = `${prefix}.${text(op.operationId) ?? `${method} ${path}`}`;
      if (seen.has(id)) {
        ctx.problems.push(
          `${label}${at}/operationId: "${String(op.operationId)}" is used by another operation too; operationIds must be unique, rename one.`,
        );
        id = `${id}#${method} ${path}`;
      }
      seen.add(id);
      out.push(endpointOf({ id, api, method, path, base: opts.base, source: `${label}${at}` }, op, shared, ctx, label, at));
    }
  }
  return out;
}

interface Head {
  id: string;
  api: Api;
  method: HttpMethod;
  path: string;
  base: string;
  source: string;
}

function endpointOf(head: Head, op: Record<string, unknown>, shared: unknown[], ctx: RefContext, label: string, at: string): Endpoint {
  const ep: Endpoint = {
    ...head,
    auth: 'none',
    title: text(op.summary) ?? text(op.description)?.split('\n')[0] ?? `${head.method} ${head.path}`,
  };
  const notes: string[] = [];
  if (text(op.description) && text(op.description) !== ep.title) notes.push(text(op.description)!);
  if (op.deprecated === true) notes.push('Deprecated.');
  if (text(op['x-assumption'])) ep.assumption = text(op['x-assumption']);

  // Parameters: operation-level ones override path-level ones of the same name and location.
  const params = new Map<string, Record<string, unknown>>();
  const own: unknown[] = Array.isArray(op.parameters) ? op.parameters : [];
  for (const [i, p] of [...shared, ...own].entries()) {
    if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') {
      ctx.problems.push(
        `${label}${at}/parameters/${Math.max(0, i - shared.length)}: a parameter needs "name" and "in" (path, query, header or cookie); add them.`,
      );
      continue;
    }
    params.set(`${p.in}:${p.name}`, p);
  }
  const pathParams: FieldSpec[] = [];
  const query: FieldSpec[] = [];
  for (const p of params.values()) {
    if (p.in === 'path') pathParams.push(parameterField(p, true));
    else if (p.in === 'query') query.push(parameterField(p, p.required === true));
    else if (p.in === 'header' && typeof p.name === 'string')
      notes.push(`Header ${p.name}${p.required === true ? ' (required)' : ''}${text(p.description) ? `: ${text(p.description)}` : ''}.`);
  }
  for (const name of head.path.match(/\{([^}]+)\}/g) ?? []) {
    const bare = name.slice(1, -1);
    if (!pathParams.some((f) => f.name === bare)) {
      ctx.problems.push(
        `${label}${at}/parameters: path parameter "${bare}" is in the path but not declared; add { "name": "${bare}", "in": "path", "required": true, "schema": { "type": "string" } }.`,
      );
      pathParams.push({ name: bare, type: 'string', required: true });
    }
  }
  if (pathParams.length > 0) ep.pathParams = pathParams;
  if (query.length > 0) ep.query = query;

  if (isObject(op.requestBody)) {
    const media = jsonMedia(op.requestBody.content);
    if (media && isObject(media.schema)) {
      ep.body = topLevelFields(media.schema);
      if (op.requestBody.required === true) notes.push('A JSON body is required.');
    } else if (isObject(op.requestBody.content) && Object.keys(op.requestBody.content).length > 0) {
      notes.push(`The body is ${Object.keys(op.requestBody.content).join(' or ')}; its fields are not completed (only JSON bodies are).`);
    }
  }

  if (!isObject(op.responses)) {
    ctx.problems.push(`${label}${at}/responses: missing; add at least one response, e.g. "200": { "description": "OK" }.`);
  } else {
    const schemas: Record<string, unknown> = {};
    for (const [status, resp] of Object.entries(op.responses)) {
      if (!isObject(resp)) continue;
      const description = text(resp.description);
      if (description && status !== '200' && status !== '201') notes.push(`${status}: ${description}.`);
      const media = jsonMedia(resp.content) ?? firstMedia(resp.content);
      if (media && 'schema' in media && (isObject(media.schema) || typeof media.schema === 'boolean')) schemas[status] = media.schema;
    }
    if (Object.keys(schemas).length > 0) ep.responseSchemas = schemas;
    const ok = ['200', '201', '2XX'].find((s) => s in schemas) ?? Object.keys(schemas).find((s) => s.startsWith('2'));
    if (ok !== undefined) {
      const fields = topLevelFields(schemas[ok]);
      if (fields.length > 0) ep.response = { fields };
    }
  }
  if (notes.length > 0) ep.notes = notes;
  return ep;
}

function parameterField(p: Record<string, unknown>, required: boolean): FieldSpec {
  // 3.0 allows a parameter described by `content` instead of `schema`.
  const schema = isObject(p.schema) ? p.schema : (jsonMedia(p.content) ?? firstMedia(p.content))?.schema;
  const base = fieldFromSchema(
    String(p.name),
    isObject(schema) ? { ...schema, description: p.description ?? schema.description } : { description: p.description },
    required,
  );
  if (text(p['x-assumption'])) base.assumption = text(p['x-assumption']);
  if (p.deprecated === true) addNote(base, 'Deprecated.');
  if (base.type === 'array' && p.in === 'query') {
    // Query arrays default to style form, explode true (`tags=a&tags=b`).
    const explode = p.explode ?? (p.style === undefined || p.style === 'form');
    if (explode === false && (p.style ?? 'form') === 'form') {
      base.format = 'comma-list';
      addNote(base, `Send the values as one comma-separated list (${String(p.name)}=a,b).`);
    } else if (explode === true) {
      addNote(base, `Repeat the parameter for each value (${String(p.name)}=a&${String(p.name)}=b).`);
    }
  }
  return base;
}

function addNote(field: FieldSpec, note: string): void {
  const before = field.notes?.trim();
  field.notes = before ? `${before}${/[.!?:]$/.test(before) ? '' : '.'} ${note}` : note;
}

function jsonMedia(content: unknown): Record<string, unknown> | undefined {
  if (!isObject(content)) return undefined;
  const key = Object.keys(content).find((k) => /^application\/(.+\+)?json(\s*;.*)?$/i.test(k));
  const media = key === undefined ? undefined : content[key];
  return isObject(media) ? media : undefined;
}

function firstMedia(content: unknown): Record<string, unknown> | undefined {
  if (!isObject(content)) return undefined;
  const first = Object.values(content)[0];
  return isObject(first) ? first : undefined;
}
