// The language service's public face: the service for the LSP server, and lintText for the CLI
// (`payout-http lint`), which runs the same rules the editor shows.

import { createDocument } from './document';
import { lintDocument, spanToRange } from './diagnostics';
import { LanguageService, type LanguageServiceOptions } from './service';
import type { Severity } from './lint/types';

export { LanguageService, createLanguageService, type LanguageServiceOptions, type ServiceContext } from './service';
export type { PayoutDocument } from './document';
export { toFileLines, type DocumentWindow } from './window';
export { blockRules, fileRules } from './lint';

export interface LintDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export interface LintOptions {
  /** The folder of the file: where environment files are found. */
  fileDir: string;
  /** The environment whose variables count as defined; default `local`. */
  environment?: string;
  /** Override how environments are read (tests). */
  loadEnvironment?: LanguageServiceOptions['loadEnvironment'];
  /** OpenAPI documents given outside the file (`--openapi`), as if the file had the directive. */
  openApiDocuments?: LanguageServiceOptions['openApiDocuments'];
}

/** Lint a whole file's text, as the editor would; never throws. */
export function lintText(text: string, opts: LintOptions): LintDiagnostic[] {
  const service = new LanguageService({
    environment: opts.environment,
    loadEnvironment: opts.loadEnvironment,
    openApiDocuments: opts.openApiDocuments,
  });
  const doc = { ...createDocument('file:///lint.payout.http', 1, text), fileDir: opts.fileDir };
  return lintDocument(service, doc)
    .map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: spanToRange(doc, d.span) }))
    .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
