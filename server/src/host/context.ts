// What every engine-host handler shares: the connection, the open documents, the language service
// (its environment name and OpenAPI documents), the editor's secrets overlay, the local sandbox and
// one token cache for the server's lifetime (v3 tokens are reused across sends until near expiry).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { BatchedDocument } from '../batchedDocument';
import { TokenCache } from '../../../engine/http/tokenCache';
import type { SentValues } from '../../../engine/workspace/explainSources';
import type { LanguageService } from '../../../engine/language';
import type { SecretsOverlay } from '../../../engine/workspace/secrets';
import type { HostSandbox } from './sandbox';
import type { HostSecrets } from './secrets';

export interface HostContext {
  connection: Connection;
  documents: TextDocuments<BatchedDocument>;
  service: LanguageService;
  overlay: SecretsOverlay;
  secrets: HostSecrets;
  sandbox: HostSandbox;
  tokens: TokenCache;
  /** What the editor sent and got back this session: values at hand when a signature is explained. */
  sent: SentValues;
  /** Where the history is kept (initializationOptions.historyDir: the extension's storage); unset, nothing is recorded. */
  historyDir?: string;
  /** `client.global` of the request files' scripts: one store for the server's lifetime, as JetBrains keeps it per IDE session. */
  scriptGlobals: Map<string, string>;
  workspace: { restricted: () => boolean; folders: () => readonly string[] };
}

export function newTokenCache(): TokenCache {
  return new TokenCache();
}

/** The open document behind a URI, with its path on disk (requests are sent from saved folders). */
export function openDocument(ctx: HostContext, uri: string): { doc: BatchedDocument; filePath: string; dir: string } {
  const doc = ctx.documents.get(uri);
  if (!doc) throw new Error(`${uri} is not open in the editor; open the .payout.http file and try again`);
  if (!uri.startsWith('file:'))
    throw new Error('save the file first: requests are sent from a file on disk (its folder holds http-client.env.json)');
  const filePath = fileURLToPath(uri);
  return { doc, filePath, dir: dirname(filePath) };
}

/** An error's message for the user (engine messages name the problem and the fix; no secret is in them). */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
