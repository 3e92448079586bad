// `# @openapi ./api.yaml [base_var]`: a user's OpenAPI document joins the catalogue for this file,
// so requests starting with `{{base_var}}` get the same completion, hover and lint. Loading and its
// cache (by file stamps) belong to engine/openapi; here the endpoints of all directives of a file
// are combined into one array whose identity only changes when a document does (it is part of
// every per-block cache key).

import { join } from 'node:path';
import type { Endpoint } from '../catalogue/types';
import { loadOpenApiFile, parseOpenApiDirective } from '../openapi/userDocuments';
import type { LoadResult } from '../openapi/load';
import type { Directive, RequestBlock } from '../syntax/types';
import type { PayoutDocument } from './document';

export const OPENAPI_DIRECTIVE = 'openapi';

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

export function openApiScope(doc: PayoutDocument): OpenApiScope {
  const uses: OpenApiUse[] = [];
  const results: LoadResult[] = [];
  for (const block of doc.parsed.blocks) {
    for (const directive of block.directives) {
      if (directive.name !== OPENAPI_DIRECTIVE) continue;
      const parsed = parseOpenApiDirective(directive.value, join(doc.fileDir, 'file.payout.http'));
      if ('problem' in parsed) {
        uses.push({ block, directive, problems: [parsed.problem] });
        continue;
      }
      const result = loadOpenApiFile(parsed.file, parsed.base);
      results.push(result);
      uses.push({ block, directive, problems: result.problems });
    }
  }
  if (!uses.length) return NONE;
  if (!results.length) return { uses };
  // Same documents, unchanged: the same array, so per-block caches stay valid.
  if (!memo || memo.results.length !== results.length || memo.results.some((r, i) => r !== results[i])) {
    memo = { results, extra: results.flatMap((r) => r.endpoints) };
  }
  return { extra: memo.extra, uses };
}
