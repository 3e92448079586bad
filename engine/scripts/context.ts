// One script run inside a fresh node:vm context that holds the JetBrains HTTP Client API and
// nothing else: no require, no process, no timers, no host object. Called in the script's worker
// thread (worker.ts), which is what bounds time and memory; this file bounds what a script can reach.
//
// Why the API is built by code evaluated inside the context rather than handed in as host objects:
// any host object or function reachable from a script leads back to the host realm
// (`client.constructor.constructor('return process')()`), and so to the whole process. Here the job
// goes in as one JSON string, the API is made of the context's own objects, and the outcome comes
// back as one JSON string: only primitives cross.
import { Script, createContext, runInContext } from 'node:vm';
import type { ScriptJob, ScriptOutcome } from './types';

/** Caps on what one run may hand back, so a script cannot flood the response view or the CLI. */
export const MAX_LOG_LINES = 1000;
export const MAX_LOG_LINE_CHARS = 10_000;

// The API, in the context's realm. `__payoutInput` is the job as JSON; the last expression is the
// `finish` function the host calls after the script (tests run then, as JetBrains runs them after
// the handler), which returns the outcome as JSON.
const BOOTSTRAP = `
(function (input, maxLines, maxChars) {
  'use strict';
  const job = JSON.parse(input);
  const globals = new Map(Object.entries(job.globals));
  const variables = new Map(Object.entries(job.variables));
  const tests = [];
  const pending = [];
  const logs = [];
  const text = (v) => (typeof v === 'string' ? v : v === undefined ? 'undefined' : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  const stored = (v) => (v === undefined || v === null ? '' : text(v));
  class Exit extends Error {}
  const exit = new Exit('client.exit()');
  const freeze = Object.freeze;
  const client = freeze({
    global: freeze({
      set(name, value) { globals.set(String(name), stored(value)); },
      get(name) { const v = globals.get(String(name)); return v === undefined ? null : v; },
      isEmpty() { return globals.size === 0; },
      clear(name) { globals.delete(String(name)); },
      clearAll() { globals.clear(); },
    }),
    test(name, fn) { pending.push([text(name), fn]); },
    assert(condition, message) {
      if (!condition) throw new Error(message === undefined ? 'Assertion failed' : text(message));
    },
    log(...args) {
      if (logs.length < maxLines) logs.push(args.map(text).join(' ').slice(0, maxChars));
    },
    exit() { throw exit; },
  });
  const env = job.request.environment;
  const lookup = (name) => variables.has(name) ? variables.get(name) : globals.has(name) ? globals.get(name) : Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
  const substituted = (s) => s.replace(/\\{\\{\\s*([A-Za-z_][\\w.-]*)\\s*\\}\\}/g, (all, name) => { const v = lookup(name); return v === undefined ? all : v; });
  const header = (h) => freeze({ name: h.name, getRawValue: () => h.value, tryGetSubstitutedValue: () => substituted(h.value) });
  const request = freeze({
    method: job.request.method,
    url: freeze({ getRaw: () => job.request.url, tryGetSubstituted: () => substituted(job.request.url) }),
    body: freeze({
      getRaw: () => (job.request.body === undefined ? null : job.request.body),
      tryGetSubstituted: () => (job.request.body === undefined ? null : substituted(job.request.body)),
    }),
    headers: freeze({
      all: () => job.request.headers.map(header),
      findByName: (name) => { const h = job.request.headers.find((x) => x.name.toLowerCase() === String(name).toLowerCase()); return h ? header(h) : null; },
    }),
    environment: freeze({ get(name) { const v = env[String(name)]; return v === undefined || !Object.prototype.hasOwnProperty.call(env, String(name)) ? null : v; } }),
    variables: freeze({
      set(name, value) { variables.set(String(name), stored(value)); },
      get(name) { const v = variables.get(String(name)); return v === undefined ? null : v; },
      clear(name) { variables.delete(String(name)); },
      clearAll() { variables.clear(); },
    }),
  });
  globalThis.client = client;
  globalThis.request = request;
  // httpYac's scripts write with console: the same output as client.log
  globalThis.console = freeze({ log: client.log, info: client.log, warn: client.log, error: client.log, debug: client.log });
  if (job.response) {
    const r = job.response;
    const values = (name) => { const v = r.headers[String(name).toLowerCase()]; return v === undefined ? [] : Array.isArray(v) ? v.slice() : [v]; };
    const ct = values('content-type')[0] || '';
    const mimeType = ct.split(';')[0].trim().toLowerCase();
    const charsetMatch = /;\\s*charset\\s*=\\s*"?([^";]+)"?/i.exec(ct);
    let body = r.bodyText;
    if (/^application\\/(?:[\\w.+-]*\\+)?json$/.test(mimeType)) { try { body = JSON.parse(r.bodyText); } catch (e) { body = r.bodyText; } }
    globalThis.response = freeze({
      status: r.status,
      body,
      headers: freeze({ valueOf(name) { const v = values(name); return v.length ? v[0] : null; }, valuesOf: values }),
      contentType: freeze({ mimeType, charset: charsetMatch ? charsetMatch[1].toLowerCase() : 'utf-8' }),
    });
  }
  return function finish(thrown) {
    let error;
    if (thrown !== undefined && thrown !== exit) error = thrown instanceof Error ? thrown.name + ': ' + thrown.message : 'threw ' + text(thrown);
    for (const [name, fn] of pending) {
      try {
        if (typeof fn !== 'function') throw new Error('client.test("' + name + '", …) needs a function as its second argument');
        fn();
        tests.push({ name, ok: true });
      } catch (e) {
        if (e === exit) { tests.push({ name, ok: true }); continue; }
        tests.push({ name, ok: false, message: e instanceof Error ? e.message : 'threw ' + text(e) });
      }
    }
    return JSON.stringify({ globals: Object.fromEntries(globals), variables: Object.fromEntries(variables), tests, logs, error });
  };
})
`;

/**
 * Runs the job's code in a fresh context and returns what it did. Never throws for anything the
 * script does: an exception becomes `error`. Endless loops and allocations are the worker's to stop.
 */
export function runInFreshContext(job: ScriptJob): ScriptOutcome {
  // No code generation from strings (eval, new Function) and no WebAssembly: a script needs neither.
  const context = createContext(Object.create(null) as object, { codeGeneration: { strings: false, wasm: false } });
  const setup = runInContext(BOOTSTRAP, context, { filename: 'payout-http:script-api' }) as (
    input: string,
    maxLines: number,
    maxChars: number,
  ) => (thrown?: unknown) => unknown;
  const finish = setup(JSON.stringify(job), MAX_LOG_LINES, MAX_LOG_LINE_CHARS);
  let thrown: unknown;
  try {
    new Script(job.code, { filename: job.label }).runInContext(context);
  } catch (e) {
    thrown = e;
  }
  const out = finish(thrown);
  // Only a string is trusted to cross back; the script could have replaced JSON.stringify.
  const parsed = typeof out === 'string' ? (JSON.parse(out) as ScriptOutcome) : undefined;
  if (!parsed)
    return {
      globals: job.globals,
      variables: job.variables,
      tests: [],
      logs: [],
      error: 'the script broke the API (JSON.stringify replaced)',
    };
  return sanitize(parsed, job);
}

/** The outcome re-made from primitives: a script that replaced JSON cannot hand back other shapes. */
function sanitize(o: ScriptOutcome, job: ScriptJob): ScriptOutcome {
  const strings = (r: unknown, fallback: Record<string, string>): Record<string, string> => {
    if (!r || typeof r !== 'object') return fallback;
    const m: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) if (typeof v === 'string') m[k] = v;
    return m;
  };
  const tests = Array.isArray(o.tests)
    ? o.tests
        .filter((t) => t && typeof t.name === 'string')
        .map((t) => ({ name: t.name, ok: t.ok === true, ...(typeof t.message === 'string' ? { message: t.message } : {}) }))
    : [];
  const logs = Array.isArray(o.logs) ? o.logs.filter((l): l is string => typeof l === 'string').slice(0, MAX_LOG_LINES) : [];
  return {
    globals: strings(o.globals, job.globals),
    variables: strings(o.variables, job.variables),
    tests,
    logs,
    ...(typeof o.error === 'string' ? { error: `${job.label}: ${o.error}` } : {}),
  };
}
