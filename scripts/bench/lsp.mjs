// Language-server figures, measured the way an editor sees them: the server as its own process,
// LSP over stdio, this script as the client. The same code measures payout-http's server and the
// peer (vscode-json-languageserver), so each figure has its peer from the same run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import lsp from 'vscode-languageserver-protocol/node';

/** RSS and peak RSS (VmHWM) of a process, in MB; undefined off Linux. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (key) => Math.round(Number(new RegExp(`${key}:\\s*(\\d+) kB`).exec(status)?.[1]) / 1024);
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used, in ms (Linux clock ticks: 10 ms steps); undefined off Linux. */
export function cpuOf(pid) {
  try {
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * A server session. `server`: { name, command: [exe, ...args], env?, languageId, settings?, init? }
 * (`env`: variables added to this process's).
 * Diagnostics are matched to versions; a server that publishes without a version (the JSON peer)
 * gets the first publish after the change was sent.
 */
export async function startSession(server, uri) {
  const spawned = performance.now();
  const env = server.env && { ...process.env, ...server.env };
  const child = spawn(server.command[0], server.command.slice(1), { stdio: ['pipe', 'pipe', 'ignore'], env });
  const conn = lsp.createProtocolConnection(new lsp.StreamMessageReader(child.stdout), new lsp.StreamMessageWriter(child.stdin));
  let waiter;
  let publishes = 0;
  conn.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
    if (p.uri !== uri) return;
    publishes++;
    if (waiter && (p.version === undefined || p.version >= waiter.version)) {
      const w = waiter;
      waiter = undefined;
      w.resolve(p);
    }
  });
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/codeLens/refresh', () => null);
  conn.onRequest('workspace/configuration', (p) =>
    p.items.map((i) => (i.section ? server.settings?.[i.section] : server.settings) ?? null),
  );
  conn.onNotification('window/logMessage', () => undefined);
  conn.listen();
  const init = await conn.sendRequest(lsp.InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: {
      textDocument: { publishDiagnostics: { versionSupport: true }, completion: { completionItem: { snippetSupport: true } } },
      workspace: { configuration: true },
    },
    initializationOptions: server.init,
  });
  await conn.sendNotification(lsp.InitializedNotification.type, {});
  if (server.settings) await conn.sendNotification(lsp.DidChangeConfigurationNotification.type, { settings: server.settings });
  let version = 0;
  const session = {
    child,
    conn,
    spawned,
    capabilities: init.capabilities,
    get publishes() {
      return publishes;
    },
    get version() {
      return version;
    },
    diagnosticsFor(v) {
      return new Promise((resolve) => (waiter = { version: v, resolve }));
    },
    async open(text) {
      version = 1;
      const p = session.diagnosticsFor(1);
      await conn.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: server.languageId, version: 1, text },
      });
      return p;
    },
    /** Sends one change; returns the promise of its diagnostics (not awaited here). */
    change(change) {
      version++;
      const p = session.diagnosticsFor(version);
      void conn.sendNotification(lsp.DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });
      return p;
    },
    memory: () => memoryOf(child.pid),
    cpuMs: () => cpuOf(child.pid),
    async close() {
      try {
        await Promise.race([conn.sendRequest(lsp.ShutdownRequest.type), new Promise((r) => setTimeout(r, 2000))]);
        await conn.sendNotification(lsp.ExitNotification.type);
      } catch {
        // gone already
      }
      conn.dispose();
      setTimeout(() => child.kill(), 500).unref();
    },
  };
  return session;
}

export const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
export const median = (xs) => quantile(xs, 50);
const round = (x) => (x === undefined ? undefined : Math.round(x * 100) / 100);
const dist = (xs) => ({ p50: round(quantile(xs, 50)), p95: round(quantile(xs, 95)), max: round(Math.max(...xs)), n: xs.length });

/** A keystroke and its undo at `line`, `character` (the document text stays as it was). */
const typeAndUndo = (line, character) => [
  { range: { start: { line, character }, end: { line, character } }, text: 'x' },
  { range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' },
];

/**
 * The figures of the table for one server on one document.
 * doc: { uri, text, small, editLines: number[] (lines with a string at `character` 20), completionAt(line) -> position }
 */
export async function measureServer(
  server,
  doc,
  { rounds = 60, burst = 200, bursts = 5, coldRuns = 3, lenses = false, idleSeconds = 30 } = {},
) {
  // Cold start: spawn -> first diagnostics of a small document, a fresh process each time (coldRuns
  // 0: measured apart, beside the peer, by coldStarts).
  const cold = (await coldStarts([{ server, uri: doc.uri, text: doc.small }], coldRuns))[0].ms;

  const s = await startSession(server, doc.uri);
  let t0 = performance.now();
  await s.open(doc.text);
  const openMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 200));
  const memOpen = s.memory();
  const pick = (k) => doc.editLines[(k * 7919) % doc.editLines.length];

  // Keystroke -> publishDiagnostics for that version.
  const keystroke = [];
  for (let k = 0; k < rounds; k++) {
    for (const change of typeAndUndo(pick(k), 20)) {
      t0 = performance.now();
      await s.change(change);
      keystroke.push(performance.now() - t0);
    }
  }

  // Completion sent right after a keystroke, as when the list opens while typing.
  const completion = [];
  let items = 0;
  for (let k = 0; k < rounds; k++) {
    const line = pick(k + 1);
    const [type, undo] = typeAndUndo(line, 20);
    const typed = s.change(type);
    t0 = performance.now();
    const list = await s.conn.sendRequest(lsp.CompletionRequest.type, { textDocument: { uri: doc.uri }, position: doc.completionAt(line) });
    completion.push(performance.now() - t0);
    items += (Array.isArray(list) ? list : (list?.items ?? [])).length;
    await typed;
    await s.change(undo);
  }

  // Bursts: `burst` keystrokes sent back to back, then the time to the last version's diagnostics;
  // the median of `bursts` (one burst is one sample, as noisy as the machine).
  const burstMs = [];
  const burstPublishes = [];
  for (let b = 0; b < bursts; b++) {
    const before = s.publishes;
    const line = pick(7 + b);
    const changes = [];
    for (let i = 0; i < burst; i++)
      changes.push({ range: { start: { line, character: 20 + i }, end: { line, character: 20 + i } }, text: 'x' });
    let last;
    for (const c of changes) last = s.change(c);
    t0 = performance.now();
    await last;
    burstMs.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 300));
    burstPublishes.push(s.publishes - before);
  }

  let lens;
  if (lenses && s.capabilities.codeLensProvider) {
    t0 = performance.now();
    const list = await s.conn.sendRequest(lsp.CodeLensRequest.type, { textDocument: { uri: doc.uri } });
    const first = performance.now() - t0;
    await s.change({ range: { start: { line: pick(3), character: 20 }, end: { line: pick(3), character: 20 } }, text: 'y' });
    t0 = performance.now();
    await s.conn.sendRequest(lsp.CodeLensRequest.type, { textDocument: { uri: doc.uri } });
    const afterKeystroke = performance.now() - t0;
    // What the editor then does for the lenses on screen: resolve about 40 of them.
    t0 = performance.now();
    await Promise.all(list.slice(0, 40).map((l) => s.conn.sendRequest(lsp.CodeLensResolveRequest.type, l)));
    lens = {
      firstMs: round(first),
      afterKeystrokeMs: round(afterKeystroke),
      resolve40Ms: round(performance.now() - t0),
      count: list.length,
    };
  }
  const memEdited = s.memory();
  // Garbage comes back once the server is idle (V8's memory reducer runs some seconds after the
  // last allocations): RSS each second with no message sent, and when it came within 20% of open.
  let memIdle;
  let backAfterS;
  for (let t = 1; t <= idleSeconds; t++) {
    await new Promise((r) => setTimeout(r, 1000));
    memIdle = s.memory();
    if (backAfterS === undefined && memIdle && memOpen && memIdle.rss <= 1.2 * memOpen.rss) backAfterS = t;
  }
  await s.close();
  return {
    server: server.name,
    documentMB: round(doc.text.length / 1e6),
    coldStartMs: cold.length ? round(median(cold)) : undefined,
    openToDiagnosticsMs: round(openMs),
    keystrokeToDiagnosticsMs: dist(keystroke),
    completionAfterKeystrokeMs: { ...dist(completion), itemsAvg: Math.round(items / rounds) },
    burst: {
      keystrokes: burst,
      lastDiagnosticsAfterLastKeystrokeMs: round(median(burstMs)),
      samplesMs: burstMs.map(round),
      publishes: median(burstPublishes),
    },
    codeLenses: lens,
    memoryMB: {
      open: memOpen?.rss,
      afterEdits: memEdited?.rss,
      afterIdle: memIdle?.rss,
      idleSeconds,
      backWithin20PercentAfterS: backAfterS,
      peak: memEdited?.peak,
    },
  };
}

/**
 * Cold starts of several servers in rotating order (1 2 3, 2 3 1, …), so the load of a shared
 * machine falls on each alike: spawn → first diagnostics of `text`, and the server's RSS and CPU
 * time then (CPU moves less with the load than the wall clock does).
 * builds: [{ server, uri, text }]; returns per build { ms: number[], rssMB: number[], cpuMs: number[] }.
 */
export async function coldStarts(builds, runs) {
  const out = builds.map(() => ({ ms: [], rssMB: [], cpuMs: [] }));
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < builds.length; j++) {
      const k = (i + j) % builds.length;
      const s = await startSession(builds[k].server, builds[k].uri);
      await s.open(builds[k].text);
      out[k].ms.push(performance.now() - s.spawned);
      out[k].rssMB.push(s.memory()?.rss);
      out[k].cpuMs.push(s.cpuMs());
      await s.close();
    }
  }
  return out;
}

/**
 * Opens of a large document by several servers in rotating order, as coldStarts: each run a fresh
 * process, initialized, then didOpen → the diagnostics of version 1. One open per session is one
 * sample of a figure the machine's load moves by a third within minutes; the median of alternated
 * runs is what the open row compares (each build sees the same load).
 */
export async function opens(builds, runs) {
  const out = builds.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < builds.length; j++) {
      const k = (i + j) % builds.length;
      const s = await startSession(builds[k].server, builds[k].uri);
      const t0 = performance.now();
      await s.open(builds[k].text);
      out[k].push(round(performance.now() - t0));
      // The next open is not measured while this process exits.
      const exited = new Promise((r) => s.child.once('exit', r));
      await s.close();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    }
  }
  return out;
}

/** Open a very large document, then a few keystrokes: the scale figures (ours, and the peer on the same bodies). */
export async function measureLarge(server, doc, { rounds = 10 } = {}) {
  const s = await startSession(server, doc.uri);
  let t0 = performance.now();
  await s.open(doc.text);
  const openMs = performance.now() - t0;
  const keystroke = [];
  for (let k = 0; k < rounds; k++) {
    for (const change of typeAndUndo(doc.editLines[(k * 7919) % doc.editLines.length], 20)) {
      t0 = performance.now();
      await s.change(change);
      keystroke.push(performance.now() - t0);
    }
  }
  const mem = s.memory();
  await s.close();
  return {
    server: server.name,
    documentMB: round(doc.text.length / 1e6),
    openToDiagnosticsMs: round(openMs),
    keystrokeToDiagnosticsMs: dist(keystroke),
    memoryMB: { rss: mem?.rss, peak: mem?.peak },
  };
}

/**
 * The bundled language server (`dist` folder's server.js) started as the VS Code client starts it:
 * with the V8 flags and environment of client/serverProcess.json (client/src/languageClient.ts), then
 * `flags` (more V8 flags, for a probe or a profile), over stdio.
 */
export function payoutServer(root, { dist = `${root}/dist`, flags = [] } = {}) {
  const nodeProcess = JSON.parse(readFileSync(`${root}/client/serverProcess.json`, 'utf8'));
  return {
    name: 'payout-http',
    command: [process.execPath, ...nodeProcess.execArgv, ...flags, `${dist}/server.js`, '--stdio'],
    env: nodeProcess.env,
    languageId: 'payout-http',
    // as the VS Code client: it makes the Send lenses itself, so the server lists one lens per request
    init: { sendLensesOnClient: true },
  };
}

/** payoutServer with the V8 flags of $NODEFLAGS (space-separated) added: for the probes (probeLarge, probeOpen). */
export function probeServer(root) {
  return payoutServer(root, { flags: process.env.NODEFLAGS ? process.env.NODEFLAGS.split(' ').filter(Boolean) : [] });
}
