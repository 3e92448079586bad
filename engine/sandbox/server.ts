// The local sandbox: a node:http server that speaks doc 1 (/api/v2) and doc 2 (/v3) as the real
// sandbox would, mounts the plant store (doc 3) under /plant-store/v3, and keeps its state in the
// payout-http state folder. A few sandbox-only helpers live under /sandbox (helpers.ts, docs/sandbox.md).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readPrivateKeyFile } from '../signing/keys';
import { clientHost, exposureWarning, HELPERS_REFUSED_MESSAGE, isLoopbackAddress, isLoopbackHost } from './exposure';
import { handleHelper } from './helpers';
import { handlePlantRequest } from './plant/index';
import {
  applyLocalOverrides,
  defaultPartner,
  loadConfigFile,
  parseConfig,
  partnerKeyFrom,
  DEFAULT_SETTINGS,
  type LoadedConfig,
  type Partner,
  type SandboxConfigFile,
  type SandboxSettings,
} from './config';
import type { SandboxContext } from './context';
import { FaultList } from './faults';
import { ensureFund } from './fund';
import { ensureLocalCredentials, payoutHome, PLANT_PREFIX, setLocalBaseUrl } from './home';
import { settle } from './orders';
import { orderKey, Store } from './state';
import { handleV2, type HttpAnswer } from './v2';
import { handleV3 } from './v3';
import { INBOX_URL, WebhookSender } from './webhooks';
import { readJsonIfExists, writePrivateJson } from './files';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** The state folder; default payoutHome(). */
  home?: string;
  /** The path of a config file (`--config FILE`), its content as an object, or an already parsed config. */
  config?: string | SandboxConfigFile | LoadedConfig;
  kycDelayMs?: number;
  autoSettleMs?: number | null;
  clock?: () => number;
  randomId?: (bytes: number) => string;
  /** Request and event log, one line each; default: none. */
  log?: (line: string) => void;
  /** Write sandbox.json and point the `local` environment at this sandbox (default true). */
  register?: boolean;
}

export interface RunningSandbox {
  url: string;
  home: string;
  /** For the user at start (the CLI prints them to stderr): listening beyond loopback. */
  warnings: string[];
  close(): Promise<void>;
}

/** Largest request body accepted: KYC uploads carry three images and a PDF as base64. */
const MAX_BODY_BYTES = 25 * 1024 * 1024;

export function sandboxFile(home: string): string {
  return join(home, 'sandbox.json');
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the rest is read and dropped, so the client still gets its 413 answer.
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const home = options.home ?? payoutHome();
  const creds = await ensureLocalCredentials(home);
  const given = options.config;
  const config: LoadedConfig =
    typeof given === 'string'
      ? loadConfigFile(given)
      : given === undefined
        ? { settings: { ...DEFAULT_SETTINGS }, partners: [] }
        : 'settings' in given
          ? given
          : parseConfig(JSON.stringify(given), join(process.cwd(), 'sandbox config')); // relative key files: from the working folder
  const settings: SandboxSettings = {
    ...config.settings,
    ...(options.kycDelayMs !== undefined ? { kycDelayMs: options.kycDelayMs } : {}),
    ...(options.autoSettleMs !== undefined ? { autoSettleMs: options.autoSettleMs } : {}),
  };
  const serviceKey = readPrivateKeyFile(creds.servicePrivateKeyFile, { bits: 'any' });
  const local = applyLocalOverrides(
    {
      ...defaultPartner(creds.partnerCode, creds.secretKey, partnerKeyFrom(readFileSync(creds.partnerPublicKeyFile, 'utf8'))),
      name: 'Local sandbox partner',
      webhooks: [{ secretKey: creds.webhookSecretKey, url: INBOX_URL }],
    },
    config.local,
  );
  const partners = new Map<string, Partner>([[local.partnerCode, local]]);
  for (const p of config.partners) {
    if (partners.has(p.partnerCode))
      throw new Error(`the config's partner ${p.partnerCode} has the local partner's code: give it another partnerCode`);
    partners.set(p.partnerCode, p);
  }

  const log = options.log ?? (() => {});
  const store = new Store(join(home, 'state.json'), log);
  const clock = options.clock ?? Date.now;
  let url = '';
  const timers = new Set<NodeJS.Timeout>();
  const webhooks = new WebhookSender(() => ctx);
  const ctx: SandboxContext = {
    store,
    settings,
    partners,
    serviceKey,
    clock,
    randomId: options.randomId ?? ((n) => randomBytes(n).toString('hex')),
    selfUrl: () => url,
    log,
    deliverWebhook: (p, id) => webhooks.deliver(p, id),
    faults: new FaultList(config.faults),
    scheduleSettlement: (partnerCode, id) => {
      if (settings.autoSettleMs === null) return;
      const rec = store.state.orders[orderKey(partnerCode, id)];
      if (!rec) return;
      const wait = Math.max(0, rec.createdAtMs + settings.autoSettleMs - clock());
      const t = setTimeout(() => {
        timers.delete(t);
        guarded(`settling order ${id}`, () => settle(ctx, rec, 'SUCCESS'));
      }, wait);
      timers.add(t);
    },
  };
  for (const p of partners.values()) ensureFund(store, p, clock());
  // Orders left in progress by a previous run settle on their own again when autoSettleMs is set.
  for (const rec of Object.values(store.state.orders)) {
    if (rec.order.status !== 'SUCCESS' && rec.order.status !== 'ERROR') ctx.scheduleSettlement(rec.partnerCode, rec.order.externalOrderId);
  }

  // A timer's exception would end the process (nothing above it catches): log it and carry on.
  function guarded(what: string, f: () => void): void {
    try {
      f();
    } catch (e) {
      log(`${what} failed: ${(e as Error).message}`);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      log(`${req.method} ${req.url} -> crashed: ${e?.message ?? String(e)}`);
      if (!res.headersSent)
        send(res, 500, {
          success: false,
          message: 'Internal error in the local sandbox; see its log',
          data: null,
          errorCode: 1,
          semanticCode: 'INTERNAL_SERVER_ERROR',
        });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = new URL(req.url ?? '/', 'http://sandbox.local');
    const path = parsed.pathname;
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (body === undefined) {
      send(res, 413, {
        success: false,
        message: `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB: send smaller documents`,
        data: null,
      });
      return;
    }
    if (path === PLANT_PREFIX || path.startsWith(`${PLANT_PREFIX}/`)) {
      const handled = handlePlantRequest(req, res, path.slice(PLANT_PREFIX.length) || '/', body);
      if (!handled) send(res, 404, { code: 404, type: 'error', message: `No plant store operation at ${method} ${path}` });
      log(`${method} ${path} -> ${res.statusCode}`);
      return;
    }
    const ip = req.socket.remoteAddress ?? '';
    let a: HttpAnswer | undefined;
    if (path.startsWith('/api/v2/')) {
      a = handleV2(ctx, { method, path, query: parsed.searchParams, contentType: req.headers['content-type'], body, ip });
    } else if (path.startsWith('/v3/')) {
      a = await handleV3(ctx, { method, path, query: parsed.searchParams, headers: req.headers, body, ip });
    } else {
      a =
        path.startsWith('/sandbox/') && !isLoopbackAddress(ip)
          ? { status: 403, body: { success: false, message: HELPERS_REFUSED_MESSAGE, data: null }, logCode: '403 (not loopback)' }
          : handleHelper(ctx, local.partnerCode, method, path, parsed.searchParams, body);
    }
    if (!a) {
      const message = `No endpoint at ${method} ${path}: the sandbox serves /api/v2, /v3, ${PLANT_PREFIX} and its own helpers (docs/sandbox.md)`;
      // In the envelope of the surface the path claims.
      a = {
        status: 404,
        body: path.startsWith('/v3/') ? { code: 'NOT_FOUND', message, data: null } : { success: false, message, data: null },
        logCode: '404',
      };
    }
    // Durable before confirmed: the answer leaves only once the changes it made are on the disk.
    await store.durable();
    send(res, a.status, a.body);
    log(`${method} ${path} -> ${a.logCode}`);
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  // What clients are told (sandbox.json, the local environment's base_url): never 0.0.0.0.
  url = `http://${clientHost(host)}:${port}`;
  const warnings = isLoopbackHost(host) ? [] : [exposureWarning(host, port)];
  const register = options.register ?? true;
  if (register) {
    writePrivateJson(sandboxFile(home), { pid: process.pid, url, startedAt: new Date(clock()).toISOString() });
    await setLocalBaseUrl(home, url);
  }

  let closed: Promise<void> | undefined;
  return {
    url,
    home,
    warnings,
    close() {
      closed ??= (async () => {
        for (const t of timers) clearTimeout(t);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await webhooks.settle();
        await store.close();
        if (register) {
          const current = readJsonIfExists(sandboxFile(home)) as { pid?: number; url?: string } | undefined;
          if (current?.pid === process.pid && current.url === url) rmSync(sandboxFile(home), { force: true });
        }
      })();
      return closed;
    },
  };
}
