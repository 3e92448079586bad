// A real JSON-RPC client for the bundled language server: spawns `node dist/server.js --stdio` as
// its own process and talks LSP over its stdin/stdout. Shared by the LSP tests and (in spirit) the
// benchmark in scripts/bench.mjs.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertDistFresh } from '../helpers/dist';
import {
  createProtocolConnection,
  InitializeRequest,
  InitializedNotification,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  ShutdownRequest,
  ExitNotification,
  LogMessageNotification,
} from 'vscode-languageserver-protocol/node';
import type { SendSettings } from '../../engine/protocol';

/** The send settings the LSP tests give the server: one attempt, a generous timeout, the local sandbox started on demand. */
export const SEND_SETTINGS: SendSettings = {
  timeoutMs: 20_000,
  maxResponseBytes: 1 << 20,
  retryMaxAttempts: 1,
  retryInitialDelayMs: 0,
  sandboxAutoStart: true,
};

export const SERVER = resolve(import.meta.dirname, '../../dist/server.js');

export interface ServerSession {
  connection: ProtocolConnection;
  child: ChildProcess;
  stderr: string[];
  logs: string[];
  /** Resolves with the next publishDiagnostics for `uri` whose version is at least `version`. */
  diagnostics(uri: string, version?: number): Promise<PublishDiagnosticsParams>;
  open(uri: string, text: string, version?: number): Promise<void>;
  change(
    uri: string,
    version: number,
    changes: { range?: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[],
  ): Promise<void>;
  close(): Promise<void>;
}

/**
 * `clientRequests`: server → client requests this test answers as the editor would (e.g.
 * `payoutHttp/secrets`), registered before initialize so the first one is answered too.
 */
export async function startServer(
  initializationOptions?: unknown,
  env: NodeJS.ProcessEnv = process.env,
  clientRequests: Record<string, (params: never) => unknown> = {},
  /**
   * `workspace`: client capabilities beyond the defaults below (e.g. `workspaceEdit.snippetEditSupport`,
   * as VS Code's client says); `workspaceFolders`: the editor's open folders (none by default).
   */
  client: { workspace?: Record<string, unknown>; workspaceFolders?: { uri: string; name: string }[] } = {},
  /** Another copy of the bundled server (a test that runs it without some of dist/). */
  server = SERVER,
): Promise<ServerSession> {
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\` first.`);
  assertDistFresh();
  const child = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env });
  const stderr: string[] = [];
  child.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const latest = new Map<string, PublishDiagnosticsParams[]>();
  const waiters: { uri: string; version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const logs: string[] = [];
  connection.onNotification(LogMessageNotification.type, (p) => {
    logs.push(p.message);
  });
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const list = latest.get(p.uri) ?? [];
    list.push(p);
    latest.set(p.uri, list);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && (p.version ?? 0) >= w.version) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  // The server may ask the client to register watchers or refresh lenses: answer like an editor.
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/codeLens/refresh', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  for (const [method, answer] of Object.entries(clientRequests)) connection.onRequest(method, answer);
  connection.listen();
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering initialize: ${stderr.join('')}`))),
  );
  await Promise.race([
    exited,
    connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: client.workspaceFolders ?? null,
      capabilities: {
        workspace: { codeLens: { refreshSupport: true }, didChangeWatchedFiles: { dynamicRegistration: true }, ...client.workspace },
      },
      initializationOptions,
    }),
  ]);
  exited.catch(() => undefined);
  await connection.sendNotification(InitializedNotification.type, {});

  const session: ServerSession = {
    connection,
    child,
    stderr,
    logs,
    diagnostics(uri, version = 0) {
      return new Promise((resolve) => waiters.push({ uri, version, resolve }));
    },
    async open(uri, text, version = 1) {
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'payout-http', version, text },
      });
    },
    async change(uri, version, changes) {
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges: changes,
      });
    },
    async close() {
      try {
        await connection.sendRequest(ShutdownRequest.type);
        await connection.sendNotification(ExitNotification.type);
      } catch {
        // already gone
      }
      connection.dispose();
      if (child.exitCode === null) child.kill();
    },
  };
  return session;
}
