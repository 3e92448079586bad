// LSP wiring only: every `connection.onX` of the server, in one place, each forwarded to the pure
// language service (engine/language). Each handler honours cancellation and is wrapped so that an
// exception is logged (handler name and stack frames, never the message, which could quote a value
// from the user's file or environment) and an empty result is returned: the server never goes down
// because of what a user typed.

import {
  type CancellationToken,
  CodeLensRefreshRequest,
  type Diagnostic,
  type Connection,
  DidChangeWatchedFilesNotification,
  type InitializeResult,
  type Position,
  ErrorCodes,
  RequestType,
  ResponseError,
  NotificationType,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import {
  ActiveEnvironmentNotification,
  type ActiveEnvironmentParams,
  CanonicalString,
  CanonicalStringRequest,
  schemaProblem,
  type CanonicalStringParams,
  type CanonicalStringResponse,
  EnvironmentChangedNotification,
  OpenApiDocumentsNotification,
  type OpenApiDocumentsParams,
  HISTORY_DIR_OPTION,
  SEND_LENSES_ON_CLIENT,
} from '../../engine/protocol';
import { ENV_FILE, localEnvironmentDir, PRIVATE_ENV_FILE } from '../../engine/sandbox/home';
import { defineInEnvironmentActions } from './defineInEnvironment';
import { EnvironmentFileProblems } from './environmentDiagnostics';
import { watchFolder } from './folderWatch';
import { createLanguageService, toFileLines, type LanguageService, type PayoutDocument } from '../../engine/language';
import { BatchedDocument } from './batchedDocument';
import { LintScheduler } from './scheduler';
import { selectEnvironment } from '../../engine/workspace/environment';
import { SecretsOverlay } from '../../engine/workspace/secrets';
import { registerEngineHost } from './host';
import { resolveOpenApiSetting } from './host/openApiSetting';
import { fileURLToPath } from 'node:url';
import { untitledFolderOf } from './untitledFolder';
import { registerRename } from './rename';

const canonicalStringRequest = new RequestType<CanonicalStringParams, CanonicalStringResponse, void>(CanonicalStringRequest.method);
const activeEnvironmentNotification = new NotificationType<ActiveEnvironmentParams>(ActiveEnvironmentNotification.method);
const openApiDocumentsNotification = new NotificationType<OpenApiDocumentsParams>(OpenApiDocumentsNotification.method);

/** The documents of an OpenApiDocumentsParams (it comes over the wire): given resolved, or as the setting holds them. */
function openApiDocumentsOf(documents: unknown, settings: unknown): { documents: OpenApiDocumentsParams['documents']; problems: string[] } {
  const isDocument = (d: unknown): d is { file: string; base: string } =>
    typeof (d as { file?: unknown } | null)?.file === 'string' && typeof (d as { base?: unknown } | null)?.base === 'string';
  const given = Array.isArray(documents) ? documents.filter(isDocument) : [];
  const fromSetting = resolveOpenApiSetting(settings);
  return { documents: [...given, ...fromSetting.documents], problems: fromSetting.problems };
}

/** Sets the service's OpenAPI documents; returns every problem (the setting's entries', then the documents'). */
function applyOpenApiDocuments(service: LanguageService, documents: unknown, settings: unknown): string[] {
  const d = openApiDocumentsOf(documents, settings);
  return [...d.problems, ...service.setOpenApiDocuments(d.documents)];
}

/** Logs a failure without its message: stack frames only (see the file comment). */
function describeFailure(e: unknown): string {
  if (!(e instanceof Error)) return typeof e;
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .slice(0, 8);
  return `${e.constructor?.name ?? 'Error'}\n${frames.join('\n')}`;
}

/** The editor's stored secrets (engine/workspace/secrets.ts) in front of the env files, for lint and preview. */
function serviceWithSecrets(overlay: SecretsOverlay): LanguageService {
  return createLanguageService({ loadEnvironment: (dir, name) => overlay.variables(name, selectEnvironment(dir, name).variables) });
}

export function startServer(connection: Connection, given?: LanguageService): void {
  const overlay = new SecretsOverlay();
  const service = given ?? serviceWithSecrets(overlay);
  // Changes are applied when the text is read, a burst of keystrokes in one pass (batchedDocument.ts).
  const documents = new TextDocuments(BatchedDocument);
  let codeLensRefresh = false;
  let sendLensesOnClient = false;
  let watchedFilesDynamic = false;
  /** The client applies snippet edits in a WorkspaceEdit (LSP 3.18): a quick fix's inserted value becomes a placeholder. */
  let snippetEdits = false;
  let openApiProblems: string[] = [];
  let restricted = false;

  /** Runs a handler: empty result when cancelled or when it throws. */
  function guard<T>(name: string, token: CancellationToken | undefined, empty: T, run: () => T): T {
    if (token?.isCancellationRequested) return empty;
    try {
      return run();
    } catch (e) {
      connection.console.error(`payout-http: ${name} failed; returning an empty result. ${describeFailure(e)}`);
      return empty;
    }
  }

  // A lens carries a small number for its document instead of the URI (10,000 lenses in a big file).
  const lensDocuments: string[] = [];
  const lensDocumentIds = new Map<string, number>();
  function lensDocumentId(uri: string): number {
    let id = lensDocumentIds.get(uri);
    if (id === undefined) lensDocumentIds.set(uri, (id = lensDocuments.push(uri) - 1));
    return id;
  }

  /** The parsed document for a URI at its current version, or undefined when it is not open. */
  function docFor(uri: string): PayoutDocument | undefined {
    const td = documents.get(uri);
    return td ? service.document(uri, td.version, td.pieces()) : undefined;
  }

  /**
   * A request at `position` right after typing, answered on the edited block alone when it can be
   * (engine/language/window.ts: no 2 MB text rebuilt, no whole-file parse before the answer), else
   * on the whole document; the result's ranges are the file's either way.
   */
  function atPosition<T>(uri: string, position: Position, run: (doc: PayoutDocument, position: Position) => T): T | undefined {
    const td = documents.get(uri);
    if (!td) return undefined;
    const typed = td.pendingTyping();
    const w = typed && service.window(uri, td.version, typed.base, typed.lines, position.line);
    if (w) return toFileLines(run(w.doc, { line: position.line - w.firstLine, character: position.character }), w.firstLine);
    return run(service.document(uri, td.version, td.pieces()), position);
  }

  // Diagnostics: the newest version only, once queued edits are handed over, in slices that let
  // requests through (scheduler.ts says how and why).
  const lint = new LintScheduler<Diagnostic[]>({
    start(uri) {
      const td = documents.get(uri);
      return td ? { version: td.version, steps: lintSteps(uri, td) } : undefined;
    },
    versionOf: (uri) => documents.get(uri)?.version,
    publish: (uri, version, diagnostics) => void connection.sendDiagnostics({ uri, version, diagnostics }),
    failed: (_uri, e) =>
      connection.console.error(`payout-http: diagnostics failed; none are shown for this version. ${describeFailure(e)}`),
  });
  const scheduleValidation = (uri: string) => lint.changed(uri);

  /**
   * A lint run: applying the edits is a step of its own (the scheduler gives the event loop a turn
   * after a run's first step), so a completion that arrived meanwhile is answered from the edited
   * block (atPosition) before the whole file is parsed.
   */
  function* lintSteps(uri: string, td: BatchedDocument): Generator<void, Diagnostic[]> {
    const version = td.version;
    const text = td.pieces();
    yield;
    return yield* service.diagnosticsInSteps(service.document(uri, version, text));
  }

  function revalidateAll(): void {
    for (const td of documents.all()) scheduleValidation(td.uri);
    if (codeLensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }

  // the env files' own problems, on those files (environmentDiagnostics.ts)
  const envFileProblems = new EnvironmentFileProblems(connection, () => restricted);
  const showEnvironmentFileProblems = () => guard('environmentFiles', undefined, undefined, () => envFileProblems.update(documents.keys()));

  /** Env files changed on disk: read them again, re-lint, refresh the lenses and the client's views. */
  function environmentChanged(): void {
    service.invalidateEnvironment();
    revalidateAll();
    showEnvironmentFileProblems();
    void connection.sendNotification(EnvironmentChangedNotification.method).catch(() => undefined);
  }

  // send, send all, prepare, explain, …: the editor's engine host (server/src/host)
  let workspaceFolders: string[] = [];
  const host = registerEngineHost(connection, documents, service, overlay, () => environmentChanged(), {
    restricted: () => restricted,
    folders: () => workspaceFolders,
  });

  connection.onInitialize((params): InitializeResult => {
    codeLensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    watchedFilesDynamic = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    snippetEdits = params.capabilities.workspace?.workspaceEdit?.snippetEditSupport === true;
    service.untitledFolder = untitledFolderOf(params);
    const init = params.initializationOptions as
      | {
          environment?: unknown;
          openApiDocuments?: unknown;
          openApiSettings?: unknown;
          restricted?: unknown;
          [SEND_LENSES_ON_CLIENT]?: unknown;
          [HISTORY_DIR_OPTION]?: unknown;
        }
      | undefined;
    sendLensesOnClient = init?.[SEND_LENSES_ON_CLIENT] === true;
    host.setHistoryDir(init?.[HISTORY_DIR_OPTION]);
    // An untrusted workspace (the client says so): language features run, but no secret or key file is read.
    workspaceFolders = (params.workspaceFolders ?? [])
      .map((f) => f.uri)
      .concat(params.workspaceFolders ? [] : params.rootUri ? [params.rootUri] : [])
      .filter((u) => u.startsWith('file:'))
      .map((u) => fileURLToPath(u));
    if (init?.restricted === true) {
      restricted = true;
      service.restrict();
    }
    const env = init?.environment;
    if (typeof env === 'string' && env) service.setEnvironment(env);
    // Shown once the client is ready for messages (onInitialized).
    openApiProblems = guard('openApiDocuments', undefined, [], () =>
      applyOpenApiDocuments(service, init?.openApiDocuments, init?.openApiSettings),
    );
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['{', '"', '/', '@', ':', '.', ' ', '$'], resolveProvider: true },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: true },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
      },
      serverInfo: { name: 'payout-http-language-server' },
    };
  });

  /** A setting's document has no line to show a problem on: a warning names the setting instead. */
  function reportOpenApiProblems(problems: string[]): void {
    if (!problems.length) return;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more: ${problems.slice(1, 3).join(' ')})` : '';
    void connection.window.showWarningMessage(
      `Payout HTTP: a document of the payoutHttp.openapi.documents setting has a problem: ${problems[0]}${more}`,
    );
  }

  connection.onInitialized(() => {
    host.initialized();
    reportOpenApiProblems(openApiProblems);
    if (watchedFilesDynamic) {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: '**/http-client*.env.json' }, { globPattern: '**/.payout-http/**' }],
        })
        .catch(() => undefined);
    }
  });

  connection.onDidChangeWatchedFiles(() => environmentChanged());

  // The local sandbox writes the `local` environment on the first Send, in its state folder outside
  // the workspace, where the client's watcher does not look (see folderWatch.ts).
  const localWatch = watchFolder(localEnvironmentDir(), [ENV_FILE, PRIVATE_ENV_FILE], () => environmentChanged());
  connection.onShutdown(() => localWatch.close());

  connection.onNotification(openApiDocumentsNotification, (params) => {
    reportOpenApiProblems(
      guard('openApiDocuments', undefined, [], () => applyOpenApiDocuments(service, params?.documents, params?.settings)),
    );
    revalidateAll();
  });

  connection.onNotification(activeEnvironmentNotification, (params) => {
    guard('activeEnvironment', undefined, undefined, () => {
      if (typeof params?.name === 'string' && params.name) service.setEnvironment(params.name);
    });
    if (typeof params?.name === 'string' && params.name) host.environmentChanged(params.name);
    revalidateAll();
  });

  documents.onDidChangeContent((e) => scheduleValidation(e.document.uri));
  documents.onDidOpen(() => showEnvironmentFileProblems());
  documents.onDidClose((e) => {
    lint.closed(e.document.uri);
    service.close(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    showEnvironmentFileProblems();
  });
  documents.onDidSave(() => {
    // Saving an env file or key from the editor does not always produce a watched-file event.
    service.invalidateEnvironment();
  });

  connection.onCompletion((params, token) =>
    guard(
      'completion',
      token,
      null,
      () => atPosition(params.textDocument.uri, params.position, (doc, at) => service.completion(doc, at, params.context)) ?? null,
    ),
  );
  connection.onCompletionResolve((item, token) => guard('completionResolve', token, item, () => service.resolveCompletion(item)));
  connection.onHover((params, token) =>
    guard('hover', token, null, () => atPosition(params.textDocument.uri, params.position, (doc, at) => service.hover(doc, at)) ?? null),
  );
  connection.onCodeLens((params, token) =>
    guard('codeLens', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      if (!doc) return [];
      return service.codeLensPlaces(doc, { sendLensesOnClient, tag: lensDocumentId(doc.uri) });
    }),
  );
  // Lenses are listed unresolved (cheap for a whole file); the editor resolves those it shows.
  connection.onCodeLensResolve((lens, token) =>
    guard('codeLensResolve', token, lens, () => {
      const id: unknown = Array.isArray(lens.data) ? lens.data[1] : undefined;
      const uri = typeof id === 'number' ? lensDocuments[id] : undefined;
      const doc = uri ? docFor(uri) : undefined;
      return doc ? service.resolveCodeLens(doc, lens) : lens;
    }),
  );
  connection.onCodeAction((params, token) =>
    guard('codeAction', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      if (!doc) return [];
      const inFile = service.codeActions(doc, params.range, params.context.diagnostics, snippetEdits);
      const undefinedNames = inFile.flatMap((a) => a.diagnostics ?? []);
      return [...inFile, ...defineInEnvironmentActions(doc.fileDir, service.environmentName, undefinedNames)];
    }),
  );
  connection.onDocumentSymbol((params, token) =>
    guard('documentSymbol', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.documentSymbols(doc) : [];
    }),
  );
  connection.onFoldingRanges((params, token) =>
    guard('foldingRanges', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.foldingRanges(doc) : [];
    }),
  );
  connection.onDefinition((params, token) =>
    guard('definition', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.definition(doc, params.position) : [];
    }),
  );
  registerRename(connection, service, docFor);
  connection.onReferences((params, token) =>
    guard('references', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.references(doc, params.position, params.context?.includeDeclaration !== false) : [];
    }),
  );
  connection.onRequest(canonicalStringRequest, (params, token) => {
    const problem = schemaProblem(CanonicalString.params, params);
    if (problem) return new ResponseError(ErrorCodes.InvalidParams, `${CanonicalStringRequest.method}: ${problem}`);
    return guard('canonicalString', token, null, () => {
      const doc = docFor(params.uri);
      return doc ? service.canonicalString(doc, params.position) : null;
    });
  });

  documents.listen(connection);
  connection.listen();
}
