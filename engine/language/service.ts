// The language service: pure functions of (document, position, parse) -> LSP types, one feature per
// file, gathered here behind one object so the server (and tests) hold a single thing. No editor or
// connection import anywhere below this line: LSP types come from vscode-languageserver-types.

import type {
  CodeAction,
  CodeLens,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  Location,
  Position,
  Range,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import type { CanonicalStringResult } from '../protocol';
import { DEFAULT_ENVIRONMENT } from '../protocol';
import { selectEnvironment } from '../workspace/environment';
import { isSecretVariable, PRIVATE_KEY_FILE } from '../syntax/environments';
import { codeActions } from './codeActions';
import { codeLenses, codeLensPlaces, resolveCodeLens, type CodeLensPlacesOptions } from './codeLens';
import { completion, resolveCompletion, type CompletionContext } from './completion';
import { DocumentStore, sourceOf, type PayoutDocument } from './document';
import type { PieceText } from '../syntax/pieceText';
import { hover } from './hover';
import { lintDocument, lintDocumentInSteps, toLspDiagnostics } from './diagnostics';
import { definition, references } from './navigation';
import { prepareRename, rename } from './rename';
import { canonicalStringAt } from './canonicalString';
import { documentSymbols, foldingRanges } from './symbols';
import { buildScope, sameScopeContribution, type Scope } from './scope';
import { openApiScope } from './openapi';
import { loadOpenApiDocuments, type OpenApiDirective } from '../openapi/userDocuments';
import { windowOf, type DocumentWindow } from './window';

export interface LanguageServiceOptions {
  /** The environment used until setEnvironment is called; default `local` (the local sandbox). */
  environment?: string;
  /**
   * Variables of environment `name` for a request file in `fileDir` (secrets included; the service
   * masks them wherever it shows a value). Default: engine/workspace's selectEnvironment.
   */
  loadEnvironment?: (fileDir: string, name: string) => Record<string, string>;
  /** OpenAPI documents named by the editor's setting or the CLI's `--openapi` (paths resolved). */
  openApiDocuments?: readonly OpenApiDirective[];
}

/** What every feature gets besides the document: the names in scope, computed once per version. */
export interface ServiceContext {
  scope(doc: PayoutDocument): Scope;
  /** Changes whenever file variables or the environment change: key of the per-block preview cache. */
  scopeKey(doc: PayoutDocument): string;
}

function defaultLoadEnvironment(fileDir: string, name: string): Record<string, string> {
  return selectEnvironment(fileDir, name).variables;
}

/**
 * For an untrusted workspace (VS Code's Restricted Mode): the private environment files are not
 * read, and no secret or key file path is kept even from the public one, so no key file is ever
 * opened (the signature lint needs secretKey and a key; without them it does not run).
 */
export function restrictedLoadEnvironment(fileDir: string, name: string): Record<string, string> {
  const variables = selectEnvironment(fileDir, name, undefined, { publicOnly: true }).variables;
  return Object.fromEntries(Object.entries(variables).filter(([k]) => !isSecretVariable(k) && k !== PRIVATE_KEY_FILE));
}

export class LanguageService implements ServiceContext {
  private readonly store = new DocumentStore();
  private environment: string;
  private loadEnvironment: (fileDir: string, name: string) => Record<string, string>;
  private envCache = new Map<string, Readonly<Record<string, string>>>();
  private scopes = new WeakMap<PayoutDocument, { env: object; scope: Scope; key: string }>();
  private openApiDocuments: readonly OpenApiDirective[];

  constructor(options: LanguageServiceOptions = {}) {
    this.environment = options.environment || DEFAULT_ENVIRONMENT;
    this.loadEnvironment = options.loadEnvironment ?? defaultLoadEnvironment;
    this.openApiDocuments = options.openApiDocuments ?? [];
  }

  /**
   * The documents of the setting (or `--openapi`), for every file as if each had the directive.
   * Returns their problems: they have no line in a file to be shown on, so the caller reports them.
   */
  setOpenApiDocuments(documents: readonly OpenApiDirective[]): string[] {
    this.openApiDocuments = documents;
    this.scopes = new WeakMap(); // every cached scope was built with the previous documents
    return loadOpenApiDocuments(documents).problems;
  }

  /** The documents of the setting (or `--openapi`), for a send from the editor. */
  get configuredOpenApiDocuments(): readonly OpenApiDirective[] {
    return this.openApiDocuments;
  }

  // ---- documents and environment ----

  /** The folder whose environment files an untitled document uses: the editor's workspace folder. */
  get untitledFolder(): string | undefined {
    return this.store.untitledFolder;
  }

  set untitledFolder(dir: string | undefined) {
    this.store.untitledFolder = dir;
  }

  /** The parsed document for a version (parsed once per version, unchanged blocks reused). */
  document(uri: string, version: number, text: string | PieceText): PayoutDocument {
    return this.store.get(uri, version, text);
  }

  /**
   * The edited block of a version not parsed yet, as a document of its own (window.ts): `base` is
   * the text the typing applies to (the very string or pieces last parsed), `lines` each edited line's new text, `line` where the request
   * asks. Undefined when the last parsed version is not `base`, the edit is not inside one block,
   * or it changes the names in scope (then the caller parses the whole version).
   */
  window(
    uri: string,
    version: number,
    base: string | PieceText,
    lines: ReadonlyMap<number, string>,
    line: number,
  ): DocumentWindow | undefined {
    const previous = this.store.peek(uri);
    if (!previous || sourceOf(previous) !== base || this.openApiDocuments.length) return undefined;
    const w = windowOf(previous, version, lines, line);
    if (!w) return undefined;
    const entry = this.scopeEntry(previous);
    if (entry.scope.openapi.length || !sameScopeContribution([w.before], [w.after])) return undefined;
    this.scopes.set(w.doc, entry);
    return w;
  }

  close(uri: string): void {
    this.store.delete(uri);
  }

  /** Also re-reads the environment when the name is unchanged: the client re-sends it after the local sandbox wrote its `local` environment. */
  setEnvironment(name: string): void {
    this.environment = name;
    this.envCache.clear();
  }

  /** Restricted Mode: from now on, no private environment file, secret or key file is read (restrictedLoadEnvironment). */
  restrict(): void {
    this.loadEnvironment = restrictedLoadEnvironment;
    this.envCache.clear();
  }

  get environmentName(): string {
    return this.environment;
  }

  /** Environment files or keys changed on disk: read them again on next use. */
  invalidateEnvironment(): void {
    this.envCache.clear();
  }

  environmentVariables(fileDir: string): Readonly<Record<string, string>> {
    let vars = this.envCache.get(fileDir);
    if (!vars) {
      try {
        vars = Object.freeze({ ...this.loadEnvironment(fileDir, this.environment) });
      } catch {
        // Unreadable env files are reported by the sender and the CLI; here they just define nothing.
        vars = Object.freeze({});
      }
      this.envCache.set(fileDir, vars);
    }
    return vars;
  }

  scope(doc: PayoutDocument): Scope {
    return this.scopeEntry(doc).scope;
  }

  scopeKey(doc: PayoutDocument): string {
    return this.scopeEntry(doc).key;
  }

  private scopeEntry(doc: PayoutDocument): { env: object; scope: Scope; key: string } {
    const env = this.environmentVariables(doc.fileDir);
    const hit = this.scopes.get(doc);
    // OpenAPI documents on disk may change between calls: with any, the scope is looked at again.
    if (hit && hit.env === env && !hit.scope.openapi.length && !this.openApiDocuments.length) return hit;
    // An edit inside a request body changes nothing in scope: keep the previous version's (same
    // object, so every cache keyed by it stays warm) without walking the whole file again.
    const change = doc.change;
    const before = change && this.scopes.get(change.previous);
    if (
      change &&
      before &&
      before.env === env &&
      !before.scope.openapi.length &&
      !this.openApiDocuments.length &&
      sameScopeContribution(
        change.previous.parsed.blocks.slice(change.from, change.oldTo),
        doc.parsed.blocks.slice(change.from, change.newTo),
      )
    ) {
      this.scopes.set(doc, before);
      return before;
    }
    const openapi = openApiScope(doc, this.openApiDocuments);
    if (hit && hit.env === env && hit.scope.extra === openapi.extra) return hit;
    const scope = buildScope(doc, this.environment, env, openapi);
    const key = JSON.stringify([
      this.environment,
      ...[...scope.fileVariables.values()].map((v) => [v.name, v.value]),
      [...scope.runtimeVariables],
    ]);
    const entry = { env, scope, key };
    this.scopes.set(doc, entry);
    return entry;
  }

  // ---- features ----

  diagnostics(doc: PayoutDocument): Diagnostic[] {
    return toLspDiagnostics(doc, lintDocument(this, doc));
  }

  /** diagnostics() in steps: each `next()` does a slice of the work; the last returns the findings. */
  *diagnosticsInSteps(doc: PayoutDocument): Generator<void, Diagnostic[]> {
    return toLspDiagnostics(doc, yield* lintDocumentInSteps(this, doc));
  }

  completion(doc: PayoutDocument, position: Position, context?: CompletionContext): CompletionList {
    return completion(this, doc, position, context);
  }

  resolveCompletion(item: CompletionItem): CompletionItem {
    return resolveCompletion(item);
  }

  hover(doc: PayoutDocument, position: Position): Hover | null {
    return hover(this, doc, position);
  }

  /** Every lens with its command (the CLI, tests); the server lists codeLensPlaces and resolves lazily. */
  codeLenses(doc: PayoutDocument): CodeLens[] {
    return codeLenses(this, doc);
  }

  /** The lenses placed but unresolved: cheap for a whole file (one per request when the client makes the Send lenses). */
  codeLensPlaces(doc: PayoutDocument, options?: CodeLensPlacesOptions): CodeLens[] {
    return codeLensPlaces(this, doc, options);
  }

  resolveCodeLens(doc: PayoutDocument, lens: CodeLens): CodeLens {
    return resolveCodeLens(this, doc, lens);
  }

  canonicalString(doc: PayoutDocument, position: Position): CanonicalStringResult | null {
    return canonicalStringAt(this, doc, position);
  }

  /** `snippets`: the client takes snippet edits (LSP 3.18 `snippetEditSupport`): inserted values become placeholders. */
  codeActions(doc: PayoutDocument, range: Range, diagnostics: Diagnostic[], snippets = false): CodeAction[] {
    return codeActions(this, doc, range, diagnostics, snippets);
  }

  documentSymbols(doc: PayoutDocument): DocumentSymbol[] {
    return documentSymbols(doc);
  }

  foldingRanges(doc: PayoutDocument): FoldingRange[] {
    return foldingRanges(doc);
  }

  definition(doc: PayoutDocument, position: Position): Location[] {
    return definition(this, doc, position);
  }

  references(doc: PayoutDocument, position: Position, includeDeclaration = true): Location[] {
    return references(this, doc, position, includeDeclaration);
  }

  /** The name at `position` that F2 renames, or undefined; throws RenameError when it cannot be renamed here. */
  prepareRename(doc: PayoutDocument, position: Position): { range: Range; placeholder: string } | undefined {
    return prepareRename(doc, position);
  }

  /** Every use of the variable or request name at `position` renamed; throws RenameError with the fix. */
  rename(doc: PayoutDocument, position: Position, newName: string): WorkspaceEdit | undefined {
    return rename(doc, position, newName);
  }
}

export function createLanguageService(options?: LanguageServiceOptions): LanguageService {
  return new LanguageService(options);
}
