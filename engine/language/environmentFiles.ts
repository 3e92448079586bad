// The environment files' own problems (malformed JSON, a secret in the committed file, a value that
// is not a string, …) as diagnostics on those files, for `payout-http lint` and the editor's
// Problems view alike: the files found for each request file's folder, as send and sign read them.
import { loadEnvironments } from '../workspace/envFiles';
import type { LintDiagnostic } from './index';

export const ENVIRONMENT_FILE_CODE = 'payout/environment-file';

/**
 * Problems of the environment files that serve `fileDirs`, by file (absolute path). A file found
 * without problems maps to an empty list, so a caller can clear what it showed before. `publicOnly`:
 * the private file is not read (an untrusted workspace).
 */
export function environmentFileDiagnostics(fileDirs: Iterable<string>, publicOnly = false): Map<string, LintDiagnostic[]> {
  const byFile = new Map<string, LintDiagnostic[]>();
  for (const dir of new Set(fileDirs)) {
    const envs = loadEnvironments(dir, publicOnly);
    for (const file of envs.files) if (!byFile.has(file)) byFile.set(file, []);
    for (const p of envs.problems) {
      const at = { line: (p.line ?? 1) - 1, character: (p.column ?? 1) - 1 };
      const list = byFile.get(p.file) ?? [];
      if (!list.some((d) => d.message === p.message && d.range.start.line === at.line)) {
        list.push({ code: ENVIRONMENT_FILE_CODE, severity: 'error', message: p.message, range: { start: at, end: at } });
      }
      byFile.set(p.file, list);
    }
  }
  return byFile;
}
