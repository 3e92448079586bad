// `payoutHttp/send` and `payoutHttp/sendAll`: the editor's Send runs here, in the language server.
// Each finished request (dependencies sent first included) comes back as data plus its response
// view's text (engine/http/render.ts); progress goes out as LSP work-done progress, and cancelling
// the request aborts the HTTP exchange in flight (undici, through an AbortSignal) and sends no more.
import type { CancellationToken, WorkDoneProgressReporter } from 'vscode-languageserver/node';
import { markOf, renderResponse, renderSummary } from '../../../engine/http/render';
import type { PayoutSession } from '../../../engine/http/session';
import type { SendResult } from '../../../engine/http/types';
import type { SendOutcome, SendSettings, SentRequest } from '../../../engine/protocol';
import type { RequestBlock } from '../../../engine/syntax/types';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostContext } from './context';
import { HostHistory } from './history';
import { lineOfOffset, openHostSession, requestAtLine, requestLineOf } from './session';

/** The result's request in the file sent, and its request line. */
function placeOf(session: PayoutSession, r: SendResult): { block?: RequestBlock; line: number } {
  const file = session.file;
  const block =
    file.requests.find((b, i) => (b.name ?? `#${i + 1}`) === r.prepared.label) ??
    file.requests.find((b) => b.name && b.name === r.prepared.name);
  return { block, line: block ? requestLineOf(file, block) : 0 };
}

function sentRequest(session: PayoutSession, r: SendResult, now: Date): SentRequest {
  const { block, line } = placeOf(session, r);
  return {
    label: r.prepared.label,
    viewKey: block?.name ?? `line-${line + 1}`,
    line,
    method: r.prepared.method,
    url: r.prepared.url,
    status: r.response?.status,
    durationMs: r.response ? Math.round(r.response.durationMs) : undefined,
    headline: r.decoded?.headline,
    verdict: r.verdict?.state,
    assertions: r.assertions.map((a) => ({
      text: a.text,
      ok: a.ok,
      ...(a.ok ? {} : { message: a.message }),
      // a `??` line's own line (the Test Explorer puts a failure there); a script's test has none
      ...(block && a.at !== undefined ? { line: lineOfOffset(session.file.text, block.start + a.at) } : {}),
      ...(a.expected !== undefined ? { expected: session.redactor.redact(a.expected) } : {}),
      ...(a.actual !== undefined ? { actual: session.redactor.redact(a.actual) } : {}),
    })),
    error: r.error,
    ok: r.ok,
    mark: markOf(r),
    // the session's redactor: a secret that came back in a response is still never shown
    text: session.redactor.redact(renderResponse(r, now)),
    ...(r.response ? { body: session.redactor.redact(r.response.bodyText) } : {}),
  };
}

async function run(
  ctx: HostContext,
  uri: string,
  settings: SendSettings,
  pick: (s: PayoutSession) => RequestBlock[],
  token: CancellationToken,
  progress: WorkDoneProgressReporter,
  all: boolean,
): Promise<SendOutcome> {
  const abort = new AbortController();
  const onCancel = token.onCancellationRequested(() => abort.abort());
  const finished: SendResult[] = [];
  progress.begin('Payout HTTP', 0, 'preparing…', true);
  try {
    const session = await openHostSession(ctx, { uri, settings, signal: abort.signal, onResult: (r) => finished.push(r) });
    const blocks = pick(session);
    for (const [n, block] of blocks.entries()) {
      if (abort.signal.aborted) break;
      if (session.resultOf(block)) continue; // already sent as another's dependency
      const name = block.name ?? (block.requestLine ? `#${session.requests.indexOf(block) + 1}` : 'run lines');
      progress.report(Math.round((n / blocks.length) * 100), `sending ${name}${blocks.length > 1 ? ` (${n + 1}/${blocks.length})` : ''}…`);
      await session.send(block);
    }
    const now = new Date();
    const cancelled = abort.signal.aborted;
    const results = finished.map((r) => sentRequest(session, r, now));
    // the history (engine/history): what was sent, kept in the extension's storage
    new HostHistory(ctx).record(session, uri, finished, (r) => placeOf(session, r).line);
    const environment = session.environment.name;
    const file = uri.startsWith('file:') ? basename(fileURLToPath(uri)) : uri;
    const summary = all ? session.redactor.redact(renderSummary(finished, { file, environment, cancelled, now })) : undefined;
    return { results, cancelled, environment, ...(summary ? { summary } : {}) };
  } finally {
    onCancel.dispose();
    progress.done();
  }
}

export function send(
  ctx: HostContext,
  p: { uri: string; line: number; settings: SendSettings },
  token: CancellationToken,
  progress: WorkDoneProgressReporter,
): Promise<SendOutcome> {
  return run(
    ctx,
    p.uri,
    p.settings,
    (s) => {
      const block = requestAtLine(s.file, p.line);
      if (!block) throw new Error(`there is no request at line ${p.line + 1}; put the cursor between a request line and the next ###`);
      return [block];
    },
    token,
    progress,
    false,
  );
}

export function sendAll(
  ctx: HostContext,
  p: { uri: string; settings: SendSettings },
  token: CancellationToken,
  progress: WorkDoneProgressReporter,
): Promise<SendOutcome> {
  return run(
    ctx,
    p.uri,
    p.settings,
    (s) => {
      if (!s.requests.length)
        throw new Error('the file has no request; a request starts with a line like POST {{base_url}}/api/v2/account/verify');
      return s.sendAllBlocks;
    },
    token,
    progress,
    true,
  );
}
