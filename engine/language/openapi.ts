// `# @openapi ./api.yaml [base_var]`, and the documents the editor's setting or the CLI's
// `--openapi` name: a user's OpenAPI document joins the catalogue for this file, so requests
// starting with `{{base_var}}` get the same completion, hover and lint. Loading and its cache (by
// file stamps) belong to engine/openapi; here the endpoints of all documents of a file are combined
// into one array whose identity only changes when a document does (it is part of every per-block
// cache key).

import { join } from 'node:path';
import type { Endpoint } from '../catalogue/types';
import { loadOpenApiFile, openApiDirectives, type OpenApiDirective } from '../openapi/userDocuments';
import type { LoadResult } from '../openapi/load';
import type { Directive, RequestBlock } from '../syntax/types';
import type { PayoutDocument } from './document';

export interface OpenApiUse {
  block: RequestBlock;
  directive: Directive;
  /** What is wrong with the directive or the document, each naming the fix. */
  problems: string[];
}

export interface OpenApiScope {
  extra?: Endpoint[];
  uses: OpenApiUse[];
}

const NONE: OpenApiScope = { uses: [] };
let memo: { results: LoadResult[]; extra: Endpoint[] } | undefined;

/**
 * The file's directive documents, then `configured` ones (setting, `--openapi`; already resolved).
 * A configured document's problems have no line to be shown on: the front end that named it
 * reports them (see LanguageService.setOpenApiDocuments).
 */
export function openApiScope(doc: PayoutDocument, configured: readonly OpenApiDirective[] = []): OpenApiScope {
  const uses: OpenApiUse[] = [];
  const results: LoadResult[] = [];
  for (const { block, directive, parsed } of openApiDirectives(doc.parsed.blocks, join(doc.fileDir, 'file.payout.http'))) {
    if ('problem' in parsed) {
      uses.push({ block, directive, problems: [parsed.problem] });
      continue;
    }
    const result = loadOpenApiFile(parsed.file, parsed.base);
    results.push(result);
    uses.push({ block, directive, problems: result.problems });
  }
  for (const d of configured) results.push(loadOpenApiFile(d.file, d.base));
  if (!uses.length && !results.length) return NONE;
  if (!results.length) return { uses };
  // Same documents, unchanged: the same array, so per-block caches stay valid.
  if (!memo || memo.results.length !== results.length || memo.results.some((r, i) => r !== results[i])) {
    memo = { results, extra: results.flatMap((r) => r.endpoints) };
  }
  return { extra: memo.extra, uses };
}
