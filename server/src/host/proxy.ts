// The inspecting proxy run by the editor's engine host: "Start Inspecting Proxy" starts one
// (engine/proxy, with the keys of the active environment, stored secrets first), each exchange goes
// to the client's Traffic view as a ProxyExchangeNotification, and "Open as Request" turns a kept
// exchange into `.payout.http` text. Everything sent to the client is redacted here.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { explanationLines } from '../../../engine/http/render';
import { Redactor } from '../../../engine/http/redact';
import { ProxyExchangeNotification, type ProxyExchange, type ProxyStartParams, type ProxyStatus } from '../../../engine/protocol';
import { proxyKeys, startInspectingProxy, toPayoutRequest, type ExchangeRecord, type InspectingProxy } from '../../../engine/proxy';
import type { SelectedEnvironment } from '../../../engine/workspace/environment';
import type { HostContext } from './context';
import { environmentFor } from './session';

/** How many exchanges are kept for "Open as Request" (the view shows what the client keeps). */
const KEPT = 500;
const BODY_SHOWN = 64 * 1024;

export class HostProxy {
  private proxy: InspectingProxy | undefined;
  private status: ProxyStatus = { running: false, warnings: [] };
  private readonly records = new Map<number, ExchangeRecord>();
  private env: SelectedEnvironment | undefined;
  private redactor = new Redactor();

  constructor(private readonly ctx: HostContext) {}

  async start(p: ProxyStartParams): Promise<ProxyStatus> {
    await this.stop();
    const upstreamAsked = String(p.upstream ?? '').trim() || 'local';
    const local = upstreamAsked === 'local';
    const dir = p.uri?.startsWith('file:') ? dirname(fileURLToPath(p.uri)) : (p.folder ?? process.cwd());
    // `local` forwards to the local sandbox, whose keys are the local environment's.
    let env = await environmentFor(this.ctx, dir, local ? 'local' : undefined);
    let upstream = upstreamAsked;
    if (local) {
      await this.ctx.sandbox.ensure();
      env = await environmentFor(this.ctx, dir, 'local');
      upstream = env.variables.base_url ?? '';
      if (!upstream) throw new Error('the local sandbox wrote no base_url; run "Payout HTTP: Start Local Sandbox" and try again');
    }
    const keys = proxyKeys(env);
    this.redactor = new Redactor();
    this.redactor.add(keys.secretKey, '<secretKey>');
    this.records.clear();
    this.env = env;
    this.proxy = await startInspectingProxy({
      upstream,
      port: p.port,
      keys,
      onExchange: (record) => this.received(record),
    });
    const warnings = Object.values(keys.problems).filter((x): x is string => typeof x === 'string');
    this.status = { running: true, url: this.proxy.url, upstream, environment: env.name, warnings };
    this.ctx.connection.console.info(`inspecting proxy ${this.proxy.url} -> ${upstream} (environment ${env.name})`);
    return this.status;
  }

  async stop(): Promise<boolean> {
    const running = this.proxy;
    this.proxy = undefined;
    this.status = { running: false, warnings: [] };
    if (!running) return false;
    await running.close();
    return true;
  }

  /** The exchange as `.payout.http` text, with the environment's values as `{{variables}}`. */
  openAsRequest(id: number): { text: string } {
    const r = this.records.get(id);
    if (!r) throw new Error(`exchange #${id} is no longer kept (the last ${KEPT} are); send the request through the proxy again`);
    const { text } = toPayoutRequest(
      { method: r.method, url: r.target, headers: r.request.headers, body: r.request.body },
      { variables: this.env?.variables ?? {} },
    );
    return { text: this.redactor.redact(text) };
  }

  private received(record: ExchangeRecord): void {
    // A bearer token the backend sent is a secret too, wherever it might be echoed.
    for (const [n, v] of record.request.headers)
      if (n.toLowerCase() === 'authorization') this.redactor.add(v.replace(/^Bearer\s+/i, ''), '<accessToken>');
    this.records.set(record.id, record);
    if (this.records.size > KEPT) this.records.delete(this.records.keys().next().value as number);
    void this.ctx.connection.sendNotification(ProxyExchangeNotification.method, this.summary(record));
  }

  private summary(r: ExchangeRecord): ProxyExchange {
    const red = (s: string | undefined) => (s === undefined ? undefined : this.redactor.redact(s));
    const body = r.response?.body;
    const out: ProxyExchange = {
      id: r.id,
      startedAt: r.startedAt,
      ms: r.ms,
      method: r.method,
      target: red(r.target)!,
      endpoint: r.endpoint,
      requestSignature: r.request.signature,
      ...(r.request.reason ? { requestReason: red(r.request.reason) } : {}),
      explanation: r.request.explanation ? explanationLines(r.request.explanation, '', 'editor').map((l) => red(l)!) : [],
      problems: r.request.problems.map((p) => ({ ...p, message: red(p.message)! })),
      ...(r.failure ? { failure: red(r.failure.message) } : {}),
    };
    if (r.response) {
      out.status = r.response.status;
      out.responseSignature = r.response.signature;
      if (r.response.reason) out.responseReason = red(r.response.reason);
      out.responseBody = red(body!.length > BODY_SHOWN ? `${body!.slice(0, BODY_SHOWN)}… (${r.response.bytes} bytes)` : body!);
    }
    return out;
  }
}
