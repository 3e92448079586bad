// LSP wiring only: every `connection.onX` of the server, in one place, each forwarded to the pure
// language service (engine/language). Each handler honours cancellation and is wrapped so that an
// exception is logged (handler name and stack frames, never the message, which could quote a value
// from the user's file or environment) and an empty result is returned: the server never goes down
// because of what a user typed.

import {
  type CancellationToken,
  CodeLensRefreshRequest,
  type Connection,
  DidChangeWatchedFilesNotification,
  type InitializeResult,
  RequestType,
  NotificationType,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ActiveEnvironmentNotification,
  type ActiveEnvironmentParams,
  CanonicalStringRequest,
  type CanonicalStringParams,
  type CanonicalStringResponse,
  OpenApiDocumentsNotification,
  type OpenApiDocumentsParams,
} from '../../engine/protocol';
import { createLanguageService, type LanguageService, type PayoutDocument } from '../../engine/language';
import { selectEnvironment } from '../../engine/workspace/environment';
import { SecretsOverlay } from '../../engine/workspace/secrets';
import { registerEngineHost } from './host';
import { resolveOpenApiSetting } from './host/openApiSetting';

const canonicalStringRequest = new RequestType<CanonicalStringParams, CanonicalStringResponse, void>(CanonicalStringRequest.method);
const activeEnvironmentNotification = new NotificationType<ActiveEnvironmentParams>(ActiveEnvironmentNotification.method);
const openApiDocumentsNotification = new NotificationType<OpenApiDocumentsParams>(OpenApiDocumentsNotification.method);

/** The documents of an OpenApiDocumentsParams (it comes over the wire): given resolved, or as the setting holds them. */
function openApiDocumentsOf(documents: unknown, settings: unknown): { documents: OpenApiDocumentsParams['documents']; problems: string[] } {
  const given = Array.isArray(documents) ? documents.filter((d): d is { file: string; base: string } => typeof d?.file === 'string' && typeof d?.base === 'string') : [];
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
  const frames = (e.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at ')).slice(0, 8);
  return `${e.constructor?.name ?? 'Error'}\n${frames.join('\n')}`;
}

/** The editor's stored secrets (engine/workspace/secrets.ts) in front of the env files, for lint and preview. */
function serviceWithSecrets(overlay: SecretsOverlay): LanguageService {
  return createLanguageService({ loadEnvironment: (dir, name) => overlay.variables(name, selectEnvironment(dir, name).variables) });
}

export function startServer(connection: Connection, given?: LanguageService): void {
  const overlay = new SecretsOverlay();
  const service = given ?? serviceWithSecrets(overlay);
  const documents = new TextDocuments(TextDocument);
  let codeLensRefresh = false;
  let watchedFilesDynamic = false;
  let openApiProblems: string[] = [];

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

  /** The parsed document for a URI at its current version, or undefined when it is not open. */
  function docFor(uri: string): PayoutDocument | undefined {
    const td = documents.get(uri);
    return td ? service.document(uri, td.version, td.getText()) : undefined;
  }

  // Diagnostics: parse + lint the newest version as soon as the event loop is free. Several
  // changes queued behind each other are linted once, for the last one (no timed debounce).
  const pending = new Set<string>();
  function scheduleValidation(uri: string): void {
    if (pending.has(uri)) return;
    pending.add(uri);
    setImmediate(() => {
      pending.delete(uri);
      const td = documents.get(uri);
      if (!td) return;
      const diagnostics = guard('diagnostics', undefined, [], () => service.diagnostics(service.document(uri, td.version, td.getText())));
      void connection.sendDiagnostics({ uri, version: td.version, diagnostics });
    });
  }

  function revalidateAll(): void {
    for (const td of documents.all()) scheduleValidation(td.uri);
    if (codeLensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }

  // send, send all, prepare, explain, …: the editor's engine host (server/src/host)
  const host = registerEngineHost(connection, documents, service, overlay, () => revalidateAll());

  connection.onInitialize((params): InitializeResult => {
    codeLensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    watchedFilesDynamic = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const init = params.initializationOptions as { environment?: unknown; openApiDocuments?: unknown; openApiSettings?: unknown } | undefined;
    const env = init?.environment;
    if (typeof env === 'string' && env) service.setEnvironment(env);
    // Shown once the client is ready for messages (onInitialized).
    openApiProblems = guard('openApiDocuments', undefined, [], () => applyOpenApiDocuments(service, init?.openApiDocuments, init?.openApiSettings));
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['{', '"', '/', '@', ':', '.', ' ', '$'], resolveProvider: true },
        hoverProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        definitionProvider: true,
        referencesProvider: true,
      },
      serverInfo: { name: 'payout-http-language-server' },
    };
  });

  /** A setting's document has no line to show a problem on: a warning names the setting instead. */
  function reportOpenApiProblems(problems: string[]): void {
    if (!problems.length) return;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more: ${problems.slice(1, 3).join(' ')})` : '';
    void connection.window.showWarningMessage(`Payout HTTP: a document of the payoutHttp.openapi.documents setting has a problem: ${problems[0]}${more}`);
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

  connection.onDidChangeWatchedFiles(() => {
    service.invalidateEnvironment();
    revalidateAll();
  });

  connection.onNotification(openApiDocumentsNotification, (params) => {
    reportOpenApiProblems(guard('openApiDocuments', undefined, [], () => applyOpenApiDocuments(service, params?.documents, params?.settings)));
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
  documents.onDidClose((e) => {
    service.close(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  documents.onDidSave(() => {
    // Saving an env file or key from the editor does not always produce a watched-file event.
    service.invalidateEnvironment();
  });

  connection.onCompletion((params, token) =>
    guard('completion', token, null, () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.completion(doc, params.position) : null;
    }),
  );
  connection.onCompletionResolve((item, token) => guard('completionResolve', token, item, () => service.resolveCompletion(item)));
  connection.onHover((params, token) =>
    guard('hover', token, null, () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.hover(doc, params.position) : null;
    }),
  );
  connection.onCodeLens((params, token) =>
    guard('codeLens', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.codeLenses(doc) : [];
    }),
  );
  connection.onCodeAction((params, token) =>
    guard('codeAction', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.codeActions(doc, params.range, params.context.diagnostics) : [];
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
  connection.onReferences((params, token) =>
    guard('references', token, [], () => {
      const doc = docFor(params.textDocument.uri);
      return doc ? service.references(doc, params.position, params.context?.includeDeclaration !== false) : [];
    }),
  );
  connection.onRequest(canonicalStringRequest, (params, token) =>
    guard('canonicalString', token, null, () => {
      const doc = params && typeof params.uri === 'string' ? docFor(params.uri) : undefined;
      return doc && params.position ? service.canonicalString(doc, params.position) : null;
    }),
  );

  documents.listen(connection);
  connection.listen();
}
