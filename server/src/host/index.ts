// The editor's one engine host: the typed requests of engine/protocol.ts that run the engine for the
// VS Code client (send, send all, prepare, copy as curl, explain, verify webhook, the local sandbox,
// the inspecting proxy)
// and the server's side of the editor's secrets. Registered by server.ts with one call. A handler's
// failure goes back to the client as its message alone (engine messages name the problem and the
// fix, and never hold a secret); the server itself never goes down.
import {
  ErrorCodes,
  ResponseError,
  type CancellationToken,
  type Connection,
  type TextDocuments,
  type WorkDoneProgressReporter,
} from 'vscode-languageserver/node';
import type { BatchedDocument } from '../batchedDocument';
import type { LanguageService } from '../../../engine/language';
import {
  CheckPrivateKeyRequest,
  CodeExportRequest,
  CopyAsCurlRequest,
  EnvironmentsRequest,
  ExplainRequest,
  HistoryClearRequest,
  HistoryGetRequest,
  HistoryListRequest,
  HistoryLocateRequest,
  PrepareRequest,
  ProxyOpenAsRequest,
  ProxyStartRequest,
  ProxyStopRequest,
  SandboxStartRequest,
  SandboxStatusRequest,
  SandboxStopRequest,
  SecretsChangedNotification,
  SendAllRequest,
  SendRequest,
  TestableRequestsRequest,
  VerifyWebhookRequest,
  schemaProblem,
  type ParamsOf,
  type ResultOf,
  type TypedRequest,
} from '../../../engine/protocol';
import { type SecretsOverlay } from '../../../engine/workspace/secrets';
import { SentValues } from '../../../engine/workspace/explainSources';
import { messageOf, newTokenCache, type HostContext } from './context';
import { ResponseMemory } from './responses';
import type { HostProxy } from './proxy';
import { HostSandbox } from './sandbox';
import { HostSecrets } from './secrets';
import { checkPrivateKey, environmentNames } from './environments';

// The features load on their first request (dynamic imports: the bundle evaluates them then), not
// when the server starts: send, codegen, the proxy and the sandbox bring undici, the sandbox's
// emulator, the code generators and the proxy's worker, none of which the first diagnostics need
// (README "Performance", cold start).
const sendFeature = () => import('./send');
const prepareFeature = () => import('./prepare');

export interface EngineHost {
  overlay: SecretsOverlay;
  /** The user picked another environment: ask the editor for its stored secrets. */
  environmentChanged(name: string): void;
  /** The client is ready for requests: ask for the active environment's stored secrets. */
  initialized(): void;
  /** initializationOptions.historyDir: the folder the history is kept in. */
  setHistoryDir(dir: unknown): void;
}

export function registerEngineHost(
  connection: Connection,
  documents: TextDocuments<BatchedDocument>,
  service: LanguageService,
  overlay: SecretsOverlay,
  /** Drop cached environments and lint every open document again. */
  revalidateAll: () => void,
  /** The workspace as the client described it at start: trusted or not (Restricted Mode), and its folders. */
  workspace: { restricted: () => boolean; folders: () => readonly string[] } = { restricted: () => false, folders: () => [] },
): EngineHost {
  const refreshAll = () => {
    service.invalidateEnvironment();
    revalidateAll();
  };
  const ctx: HostContext = {
    connection,
    documents,
    service,
    overlay,
    secrets: new HostSecrets(connection, overlay, refreshAll),
    sandbox: new HostSandbox(connection),
    tokens: newTokenCache(),
    sent: new SentValues(),
    scriptGlobals: new Map(),
    workspace,
    responses: new ResponseMemory(),
  };

  function handle<T extends TypedRequest<unknown, unknown>>(
    type: T,
    run: (params: ParamsOf<T>, token: CancellationToken, progress: WorkDoneProgressReporter) => Promise<ResultOf<T>>,
  ): void {
    connection.onRequest(type.method, async (raw: ParamsOf<T> | undefined | null, token: CancellationToken) => {
      const params = raw ?? ({} as ParamsOf<T>);
      // Checked against the schema declared with the request (engine/protocol.ts), before anything runs.
      const problem = schemaProblem(type.params, params);
      if (problem) throw new ResponseError(ErrorCodes.InvalidParams, `${type.method}: ${problem}`);
      // the client hands a work-done token with the request (LSP work-done progress, `$/progress`)
      const workDoneToken = (params as { workDoneToken?: string | number } | undefined)?.workDoneToken;
      const progress = connection.window.attachWorkDoneProgress(
        typeof workDoneToken === 'string' || typeof workDoneToken === 'number' ? workDoneToken : undefined,
      );
      try {
        return await run(params, token, progress);
      } catch (e) {
        throw new ResponseError(ErrorCodes.InternalError, messageOf(e));
      }
    });
  }

  handle(SendRequest, async (p, token, progress) => (await sendFeature()).send(ctx, p, token, progress));
  handle(SendAllRequest, async (p, token, progress) => (await sendFeature()).sendAll(ctx, p, token, progress));
  handle(PrepareRequest, async (p) => (await prepareFeature()).prepare(ctx, p));
  handle(CopyAsCurlRequest, async (p) => (await prepareFeature()).copyAsCurl(ctx, p));
  handle(CodeExportRequest, async (p) => (await import('./code')).codeExport(ctx, p));
  handle(ExplainRequest, async (p) => (await import('./explain')).explain(ctx, p));
  handle(VerifyWebhookRequest, async (p) => (await import('./webhook')).verifyWebhook(ctx, p));
  handle(TestableRequestsRequest, async (p) => (await import('./testableRequests')).testableRequests(ctx, p.uri));
  handle(EnvironmentsRequest, (p) => Promise.resolve(environmentNames(p)));
  handle(CheckPrivateKeyRequest, (p) => Promise.resolve(checkPrivateKey(p.pem)));
  handle(SandboxStartRequest, async () => {
    await ctx.sandbox.ensure();
    return ctx.sandbox.status();
  });
  handle(SandboxStopRequest, async () => ({ stopped: await ctx.sandbox.stop() }));
  handle(SandboxStatusRequest, () => ctx.sandbox.status());
  let proxy: HostProxy | undefined;
  let proxyLoading: Promise<HostProxy> | undefined;
  const proxyHost = () => (proxyLoading ??= import('./proxy').then((m) => (proxy = new m.HostProxy(ctx))));
  handle(ProxyStartRequest, async (p) => (await proxyHost()).start(p));
  handle(ProxyStopRequest, async () => ({ stopped: await (await proxyHost()).stop() }));
  const history = async () => new (await import('./history')).HostHistory(ctx);
  handle(HistoryListRequest, async () => (await history()).list());
  handle(HistoryGetRequest, async (p) => (await history()).get(p.id));
  handle(HistoryClearRequest, async () => (await history()).clear());
  handle(HistoryLocateRequest, async (p) => (await history()).locate(p.id));
  handle(ProxyOpenAsRequest, async (p) => (await proxyHost()).openAsRequest(p.id));

  connection.onNotification(SecretsChangedNotification.method, (p: ParamsOf<typeof SecretsChangedNotification>) => {
    if (typeof p?.environment === 'string') void ctx.secrets.refresh(p.environment);
  });
  connection.onShutdown(async () => {
    await proxy?.stop(); // never started when never asked for
    await ctx.sandbox.stopIfStartedHere();
  });

  return {
    overlay,
    environmentChanged: (name) => void ctx.secrets.refresh(name),
    initialized: () => void ctx.secrets.refresh(service.environmentName),
    setHistoryDir: (dir) => {
      ctx.historyDir = typeof dir === 'string' && dir ? dir : undefined;
    },
  };
}
