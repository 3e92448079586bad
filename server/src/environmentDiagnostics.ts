// The environment files' problems in the Problems view: a malformed http-client.env.json breaks
// every request that reads it, so it is shown on the file itself, as `payout-http lint` reports it
// (engine/language/environmentFiles.ts). Recomputed when a request file opens or closes and when an
// env file changes; a file whose problems are gone gets an empty list, which clears them.
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Connection, type Diagnostic } from 'vscode-languageserver/node';
import { environmentFileDiagnostics } from '../../engine/language/environmentFiles';

export class EnvironmentFileProblems {
  /** Env file URIs that have problems shown now. */
  private shown = new Set<string>();

  constructor(
    private readonly connection: Connection,
    /** An untrusted workspace: the private file is not read. */
    private readonly publicOnly: () => boolean,
  ) {}

  /** Shows the problems of the env files serving the open request files (`uris`), clears the rest. */
  update(uris: Iterable<string>): void {
    const dirs = [...uris].filter((u) => u.startsWith('file:')).map((u) => dirname(fileURLToPath(u)));
    const now = new Set<string>();
    for (const [file, list] of environmentFileDiagnostics(dirs, this.publicOnly())) {
      if (!list.length) continue;
      const uri = pathToFileURL(file).href;
      now.add(uri);
      const diagnostics: Diagnostic[] = list.map((d) => ({
        range: d.range,
        severity: DiagnosticSeverity.Error,
        code: d.code,
        source: 'payout-http',
        message: d.message,
      }));
      void this.connection.sendDiagnostics({ uri, diagnostics });
    }
    for (const uri of this.shown) if (!now.has(uri)) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.shown = now;
  }
}
