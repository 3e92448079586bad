// A user's own OpenAPI documents, named by the `# @openapi ./file.yaml [base_variable]` directive
// of a .payout.http file or by the extension's setting. Loaded from disk synchronously (the
// language server asks inside a completion request) and cached by path and mtime, of the
// document and of every file its `$ref`s read, so an edit to either is picked up on next use.

import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import type { Endpoint } from '../catalogue/types';
import type { Directive, RequestBlock } from '../syntax/types';
import { BoundedReadError, OPENAPI_FILE_MAX_BYTES, readTextFile } from '../util/readBounded';
import { loadOpenApi, type LoadResult } from './load';

/** The directive's name: `# @openapi ./file.yaml [base_variable]`. */
export const OPENAPI_DIRECTIVE = 'openapi';

interface CacheEntry {
  base: string;
  /** mtime+size of the document and of each referenced file when it was loaded. */
  stamps: Map<string, string>;
  result: LoadResult;
}

const cache = new Map<string, CacheEntry>();
/** What a base variable may be called (the directive's second word, the setting's `base`, `--openapi FILE=BASE`). */
const BASE_NAME = /^[A-Za-z_][\w.-]*$/;

function stamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'missing';
  }
}

/**
 * The base variable of a document when the directive names none: the file name without its
 * extensions (`.yaml`, `.yml`, `.json`, then `.openapi`/`.swagger`), lower-cased, every run of
 * other characters than letters and digits turned into `_`, then `_base_url`.
 * `./library.openapi.yaml` -> `library_base_url`, `Acme Billing-API.json` -> `acme_billing_api_base_url`.
 */
export function defaultBaseVariable(path: string): string {
  const stem = basename(path)
    .replace(/\.(ya?ml|json)$/i, '')
    .replace(/\.(openapi|swagger)$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${stem === '' ? 'api' : /^[0-9]/.test(stem) ? `api_${stem}` : stem}_base_url`;
}

/** Loads (or returns the cached) endpoints of the OpenAPI document at `path`. Never throws. */
export function loadOpenApiFile(path: string, base: string = defaultBaseVariable(path)): LoadResult {
  const abs = resolve(path);
  const hit = cache.get(abs);
  if (hit && hit.base === base && [...hit.stamps].every(([file, s]) => stamp(file) === s)) return hit.result;

  const stamps = new Map([[abs, stamp(abs)]]);
  let result: LoadResult = { endpoints: [], servers: [], filesRead: [], problems: [] };
  let text: string | undefined;
  try {
    // Bounded (issue 22): `# @openapi /dev/zero`, a FIFO or a 2 GB file is refused at once, unread.
    text = readTextFile(abs, { maxBytes: OPENAPI_FILE_MAX_BYTES });
  } catch (e) {
    if (!(e instanceof BoundedReadError)) throw e;
    const fix =
      e.kind === 'missing'
        ? 'fix the path (a relative path in "# @openapi" is relative to the .payout.http file)'
        : e.kind === 'not-a-file'
          ? 'name the document file itself (a regular .yaml or .json file)'
          : e.kind === 'too-large'
            ? `an OpenAPI document is read up to ${OPENAPI_FILE_MAX_BYTES / 1024 / 1024} MB; name the right file`
            : e.kind === 'not-text'
              ? 'name the YAML or JSON document'
              : "check the file's permissions";
    result = {
      endpoints: [],
      servers: [],
      filesRead: [],
      problems: [`${abs}: cannot read the OpenAPI document: ${e.problem}; ${fix}.`],
    };
  }
  if (text !== undefined) {
    result = loadOpenApi(text, { base, sourcePath: abs });
    for (const file of result.filesRead) stamps.set(file, stamp(file));
  }
  cache.set(abs, { base, stamps, result });
  return result;
}

export interface OpenApiDirective {
  /** Absolute path of the document. */
  file: string;
  /** The base variable: the directive's second word, or defaultBaseVariable(file). */
  base: string;
}

/**
 * Reads the value of `# @openapi ./specs/library.yaml library_url` (the text after `@openapi`).
 * Relative paths resolve against the directory of the .payout.http file. A path with spaces can
 * be quoted: `# @openapi "./my specs/api.yaml"`.
 */
export function parseOpenApiDirective(value: string, httpFilePath: string): OpenApiDirective | { problem: string } {
  const m = /^\s*(?:"([^"]+)"|'([^']+)'|(\S+))(?:\s+(\S+))?\s*$/.exec(value);
  if (!m)
    return {
      problem: 'The @openapi directive needs a file: write "# @openapi ./api.yaml" (optionally followed by the base variable name).',
    };
  const given = m[1] ?? m[2] ?? m[3];
  const base = m[4];
  if (base !== undefined && !BASE_NAME.test(base)) {
    return {
      problem: `"${base}" is not a variable name; write the base variable as letters, digits and _ (e.g. "library_base_url"), or leave it out to use ${defaultBaseVariable(given)}.`,
    };
  }
  const file = isAbsolute(given) ? given : resolve(dirname(httpFilePath), given);
  return { file, base: base ?? defaultBaseVariable(file) };
}

/**
 * A document named outside the request file: an entry `{ path, base? }` of the
 * `payoutHttp.openapi.documents` setting (`relativeTo` = the workspace folder) or a CLI
 * `--openapi FILE[=BASE]` (`relativeTo` = the working directory). `where` names the source in
 * problems. Unlike a directive, the file must exist now: there is no line to show a later problem on.
 */
export function resolveOpenApiDocument(
  path: unknown,
  base: unknown,
  relativeTo: string,
  where: string,
): OpenApiDirective | { problem: string } {
  if (typeof path !== 'string' || path.trim() === '') {
    return { problem: `${where}: give the document's path, e.g. { "path": "./specs/petstore.yaml", "base": "petstore_base_url" }.` };
  }
  if (base !== undefined && (typeof base !== 'string' || !BASE_NAME.test(base))) {
    return {
      problem: `${where}: ${JSON.stringify(base)} is not a variable name; write the base variable as letters, digits and _ (e.g. "petstore_base_url"), or leave it out to use ${defaultBaseVariable(path)}.`,
    };
  }
  const file = isAbsolute(path) ? path : resolve(relativeTo, path);
  if (stamp(file) === 'missing') return { problem: `${where}: ${file} does not exist; fix the path (relative to ${relativeTo}).` };
  return { file, base: base ?? defaultBaseVariable(file) };
}

/** `--openapi FILE[=BASE]`: the text after the last `=` is the base when it is a variable name (not a file name: `a=b.yaml` is a file). */
export function parseOpenApiOption(value: string, cwd: string): OpenApiDirective | { problem: string } {
  const eq = value.lastIndexOf('=');
  const hasBase = eq > 0 && BASE_NAME.test(value.slice(eq + 1)) && !/\.(ya?ml|json)$/i.test(value.slice(eq + 1));
  return resolveOpenApiDocument(hasBase ? value.slice(0, eq) : value, hasBase ? value.slice(eq + 1) : undefined, cwd, `--openapi ${value}`);
}

export interface DirectiveUse {
  block: RequestBlock;
  directive: Directive;
  parsed: OpenApiDirective | { problem: string };
}

/** Every `# @openapi` directive of a request file (in any block: they apply to the whole file), parsed. */
export function openApiDirectives(blocks: readonly RequestBlock[], httpFilePath: string): DirectiveUse[] {
  const out: DirectiveUse[] = [];
  for (const block of blocks) {
    for (const directive of block.fileDirectives) {
      if (directive.name === OPENAPI_DIRECTIVE)
        out.push({ block, directive, parsed: parseOpenApiDirective(directive.value, httpFilePath) });
    }
  }
  return out;
}

/** The endpoints of several documents together, and every problem met (each naming its fix). */
export function loadOpenApiDocuments(docs: readonly OpenApiDirective[]): { endpoints: Endpoint[]; problems: string[] } {
  const results = docs.map((d) => loadOpenApiFile(d.file, d.base));
  return { endpoints: results.flatMap((r) => r.endpoints), problems: results.flatMap((r) => r.problems) };
}

/** Drops every cached document (tests, or a "reload" command). */
export function clearOpenApiCache(): void {
  cache.clear();
}
