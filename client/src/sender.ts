// Sending from the editor: engine/http's PayoutSession prepares, signs, sends and verifies; this
// file feeds it the editor's (possibly unsaved) text, the active environment with SecretStorage
// values in preference to the env files, the settings, and the local sandbox started on demand,
// and puts the results on screen: progress in the status bar, the response beside the file, an
// inline mark on the request line.
import * as path from 'node:path';
import type { KeyObject } from 'node:crypto';
import * as vscode from 'vscode';
import { toCurl } from '../../engine/http/curl';
import { selectEnvironment, type SelectedEnvironment } from '../../engine/http/environment';
import { PayoutSession } from '../../engine/http/session';
import { insertSignature } from '../../engine/http/signBody';
import { TokenCache } from '../../engine/http/tokenCache';
import type { SendResult } from '../../engine/http/types';
import { runningSandbox } from '../../engine/sandbox/ensure';
import { payoutHome } from '../../engine/sandbox/home';
import { readPublicKeyFile } from '../../engine/signing/keys';
import { parseHttpFile } from '../../engine/syntax/parser';
import type { ParsedFile, RequestBlock } from '../../engine/syntax/types';
import type { EnvironmentState } from './environment';
import type { LocalSandbox } from './localSandbox';
import { documentsFor } from './openApiDocuments';
import type { RequestMarks } from './requestMarks';
import { explanationLines, markOf, renderResponse } from './responseText';
import { showProblem } from './problemNotice';
import { ResponseView } from './responseView';
import type { SecretStore } from './secrets';
import { readSettings } from './settings';

export interface SenderDeps {
  environment: EnvironmentState;
  secrets: SecretStore;
  sandbox: LocalSandbox;
  responses: ResponseView;
  marks: RequestMarks;
  log: vscode.LogOutputChannel;
}

export interface VerificationKeys {
  environment: string;
  servicePublicKey?: KeyObject;
  secretKey?: string;
  problems: string[];
}

/** Offset of the start of a 0-based line. */
function lineOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 0; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return offset;
}

/** The request whose block holds `line` (0-based): from its `###` line to the next one. */
export function requestAtLine(file: ParsedFile, line: number): RequestBlock | undefined {
  const offset = lineOffset(file.text, line);
  return file.requests.find((b) => offset >= b.start && offset < b.start + b.text.length)
    ?? (offset >= file.text.length ? file.requests[file.requests.length - 1] : undefined);
}

export class Sender {
  // one token cache for the editor's lifetime: v3 tokens are reused across sends until near expiry
  private readonly tokens = new TokenCache();

  constructor(private readonly d: SenderDeps) {}

  /** SecretStorage values replace the env files' secretKey and private key. */
  private async withStoredSecrets(env: SelectedEnvironment): Promise<SelectedEnvironment> {
    const stored = await this.d.secrets.overrides(env.name);
    const variables = { ...env.variables };
    if (stored.secretKey) variables.secretKey = stored.secretKey;
    if (stored.privateKeyPem) {
      variables.privateKey = stored.privateKeyPem;
      delete variables.privateKeyFile;
    }
    return { ...env, variables };
  }

  private async session(doc: vscode.TextDocument, text = doc.getText(), onResult?: (r: SendResult) => void): Promise<PayoutSession> {
    const dir = path.dirname(doc.uri.fsPath);
    const settings = readSettings(doc.uri);
    const env = await this.withStoredSecrets(selectEnvironment(dir, this.d.environment.current));
    const openApi = documentsFor(doc.uri);
    for (const p of [...env.problems, ...openApi.problems]) this.d.log.warn(p);
    const session = new PayoutSession({
      filePath: doc.uri.fsPath,
      text,
      environment: env,
      openApiDocuments: openApi.documents,
      deps: {
        tokenCache: this.tokens,
        transport: { timeoutMs: settings.timeoutMs, maxBytes: settings.maxResponseBytes },
        retryPolicy: { maxAttempts: settings.retryMaxAttempts, baseDelayMs: settings.retryInitialDelayMs, maxDelayMs: Math.max(settings.retryInitialDelayMs * 16, 1000) },
        // only for the `local` environment: start (or reuse) the sandbox, then re-read its env (base_url)
        prepareLocal: async (e) => {
          if (settings.sandboxAutoStart) await this.d.sandbox.ensure();
          else if (!(await runningSandbox(payoutHome()))) {
            throw new Error('the local sandbox is not running and payoutHttp.sandbox.autoStart is off: run "Payout HTTP: Start Local Sandbox", or pick another environment');
          }
          return this.withStoredSecrets(selectEnvironment(dir, e.name));
        },
        onResult,
      },
    });
    for (const p of session.openApiDocuments().problems) this.d.log.warn(p);
    return session;
  }

  async verificationKeys(fileDir: string | undefined): Promise<VerificationKeys> {
    const env = await this.withStoredSecrets(selectEnvironment(fileDir ?? process.cwd(), this.d.environment.current));
    const problems = [...env.problems];
    let servicePublicKey: KeyObject | undefined;
    const file = env.variables.servicePublicKeyFile;
    if (file) {
      try {
        servicePublicKey = readPublicKeyFile(file, { bits: 'any' });
      } catch (e) {
        problems.push(`servicePublicKeyFile: ${(e as Error).message}`);
      }
    } else {
      problems.push(`environment "${env.name}" has no servicePublicKeyFile: set it to the PEM file the service issued at onboarding`);
    }
    return { environment: env.name, servicePublicKey, secretKey: env.variables.secretKey, problems };
  }

  async sendAt(uri: vscode.Uri, line: number): Promise<SendResult[]> {
    const doc = await vscode.workspace.openTextDocument(uri);
    const block = requestAtLine(parseHttpFile(doc.getText()), line);
    if (!block) throw new Error(`there is no request at line ${line + 1} of ${path.basename(uri.fsPath)}; put the cursor between a request line and the next ###`);
    return this.run(doc, (s) => [s.requests.find((b) => b.start === block.start)!]);
  }

  async sendAll(uri: vscode.Uri): Promise<SendResult[]> {
    const doc = await vscode.workspace.openTextDocument(uri);
    if (!parseHttpFile(doc.getText()).requests.length) {
      throw new Error(`${path.basename(uri.fsPath)} has no request; a request starts with a line like POST {{base_url}}/api/v2/account/verify`);
    }
    return this.run(doc, (s) => s.requests);
  }

  private async run(doc: vscode.TextDocument, pick: (s: PayoutSession) => RequestBlock[]): Promise<SendResult[]> {
    const results: SendResult[] = [];
    const shown: Promise<unknown>[] = [];
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Payout HTTP' }, async (progress) => {
      progress.report({ message: 'preparing…' });
      // every finished request (dependencies sent first included) gets its view and mark
      const session = await this.session(doc, doc.getText(), (r) => shown.push(this.present(doc, session.file, r)));
      const blocks = pick(session);
      for (const [n, block] of blocks.entries()) {
        if (session.resultOf(block)) continue; // already sent as another's dependency
        progress.report({ message: `sending ${block.name ?? `#${session.requests.indexOf(block) + 1}`}${blocks.length > 1 ? ` (${n + 1}/${blocks.length})` : ''}…` });
        results.push(await session.send(block));
      }
    });
    await Promise.all(shown);
    return results;
  }

  private async present(doc: vscode.TextDocument, file: ParsedFile, r: SendResult): Promise<void> {
    this.d.log.info(`${r.prepared.method} ${r.prepared.url} -> ${r.response?.status ?? 'not sent'} ${r.decoded?.headline ?? r.error ?? ''}`);
    const block = file.requests.find((b, i) => (b.name ?? `#${i + 1}`) === r.prepared.label) ?? file.requests.find((b) => b.name && b.name === r.prepared.name);
    const line = block ? doc.positionAt(block.start + (block.requestLine?.span.start ?? 0)).line : 0;
    if (block) this.d.marks.set(doc.uri, { line, ...markOf(r) });
    // Not sent: say why where it is seen, with a button when a command fixes it.
    if (r.error && !r.response) void showProblem(r.error, this.d.environment.current);
    await this.d.responses.show(ResponseView.uriFor(doc.uri, block?.name ?? `line-${line + 1}`), renderResponse(r, new Date()), undefined);
  }

  /** The cursor's request as a signed curl command on the clipboard (secret-free: a token stays $ACCESS_TOKEN). */
  async copyAsCurl(uri: vscode.Uri, line: number): Promise<void> {
    const doc = await vscode.workspace.openTextDocument(uri);
    const session = await this.session(doc);
    const block = requestAtLine(session.file, line);
    if (!block) throw new Error(`there is no request at line ${line + 1}; put the cursor in a request`);
    const p = await session.prepare(block);
    if (p.problems.length) throw new Error(`cannot build the request: ${p.problems.join('; ')}`);
    const secretHeaders = Object.fromEntries(p.secretHeaders.map((h) => [h, `${h}: Bearer $ACCESS_TOKEN`]));
    await vscode.env.clipboard.writeText(toCurl({ method: p.method, url: p.url, headers: p.headers, body: p.body, secretHeaders }));
    void vscode.window.showInformationMessage(`Payout HTTP: curl command for ${p.label} copied${p.secretHeaders.length ? ' (set ACCESS_TOKEN before running it)' : ''}.`);
  }

  /**
   * Given a signature from elsewhere (the user's backend) for the cursor's request: is it the one
   * the tool computes, and if not, which variant of the string does it cover? The engine answers
   * this for a `signature` typed in the body, so the body is given one (in memory only).
   */
  async explainMismatch(uri: vscode.Uri, line: number): Promise<void> {
    const doc = await vscode.workspace.openTextDocument(uri);
    const text = doc.getText();
    const block = requestAtLine(parseHttpFile(text), line);
    if (!block?.body || block.body.kind !== 'json') throw new Error('put the cursor in a signed request with a JSON body (an /api/v2 request)');
    const signature = await vscode.window.showInputBox({
      title: 'Payout HTTP: explain a signature',
      prompt: 'The base64 signature your system produced for this request',
      ignoreFocusOut: true,
      validateInput: (v) => (/^[A-Za-z0-9+/=_-]{16,}$/.test(v.trim()) ? undefined : 'Paste a base64 signature (as it appears in the request body).'),
    });
    if (!signature) return;
    const start = block.start + block.body.span.start;
    const end = block.start + block.body.span.end;
    const altered = text.slice(0, start) + insertSignature(text.slice(start, end), signature.trim()) + text.slice(end);
    const session = await this.session(doc, altered);
    const target = requestAtLine(session.file, line)!;
    const p = await session.prepare(target);
    const s = p.signing;
    const lines = [`Explain signature · ${p.label}${p.endpoint ? ` (${p.endpoint.id})` : ''} · environment "${session.environment.name}"`, ''];
    if (!s) lines.push('This request is not signed (only /api/v2 signed endpoints carry a signature).');
    else {
      lines.push(`The tool signs: ${s.canonicalDisplay}`);
      if (s.typedMatches === true) lines.push('Your signature matches it ✓: the same string, key and scheme.');
      else if (s.typedMatches === false) lines.push('Your signature does NOT match it ✗', ...explanationLines(s.explanation));
      else lines.push(`Whether it matches cannot be told: ${p.warnings.join('; ')}`);
    }
    for (const problem of p.problems) lines.push(`Problem: ${problem}`);
    await this.showText(`explain-${p.label}`, lines.join('\n') + '\n');
  }

  async showText(key: string, text: string): Promise<void> {
    const base = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/');
    await this.d.responses.show(ResponseView.uriFor(vscode.Uri.joinPath(base, `${key}.payout.http`), key), text, undefined);
  }
}
