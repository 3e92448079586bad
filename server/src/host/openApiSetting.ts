// The `payoutHttp.openapi.documents` setting as the client sends it (each folder's entries as
// written): resolved here, against each workspace folder, with the engine's checks, so the client
// needs nothing of the engine. Each unusable entry becomes a problem naming the entry and the fix.
import { isAbsolute } from 'node:path';
import { resolveOpenApiDocument, type OpenApiDirective } from '../../../engine/openapi/userDocuments';

const SETTING = 'payoutHttp.openapi.documents';

export function resolveOpenApiSetting(settings: unknown): { documents: OpenApiDirective[]; problems: string[] } {
  const out = { documents: [] as OpenApiDirective[], problems: [] as string[] };
  if (!Array.isArray(settings)) return out;
  for (const s of settings as { folder?: unknown; entries?: unknown }[]) {
    const folder = typeof s?.folder === 'string' ? s.folder : undefined;
    if (!Array.isArray(s?.entries)) continue;
    s.entries.forEach((entry: unknown, i) => {
      const where = `${SETTING}[${i}]`;
      const e = (typeof entry === 'object' && entry !== null ? entry : {}) as { path?: unknown; base?: unknown };
      if (folder === undefined && typeof e.path === 'string' && !isAbsolute(e.path)) {
        out.problems.push(`${where}: "${e.path}" is relative but no folder is open; open the workspace folder or give an absolute path.`);
        return;
      }
      const r = resolveOpenApiDocument(e.path, e.base, folder ?? '/', where);
      if ('problem' in r) out.problems.push(r.problem);
      else if (!out.documents.some((d) => d.file === r.file && d.base === r.base)) out.documents.push(r);
    });
  }
  return out;
}
