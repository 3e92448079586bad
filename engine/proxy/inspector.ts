// Where the inspection runs: in a worker thread when its script is at hand (the CLI bundle itself,
// dist/cli.js, which serves inspections when started as the inspector's thread, so the engine ships
// once; or inspectWorker.ts from source), else on the proxy's own thread after each exchange. Either way a record comes back per exchange, in order, and an inspection that throws
// becomes a record that says so: the traffic already passed and the proxy stays up.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExchangeRecord, RawExchange } from './exchange';
import { inspectSafely } from './inspect';
// Bundled with whatever starts a proxy, so that bundle can run as the inspector's thread too.
import { INSPECTOR_ROLE } from './inspectWorker';
import type { ProxyKeys } from './keys';
import { SentValues } from '../workspace/explainSources';

export interface Inspector {
  inspect(raw: RawExchange): Promise<ExchangeRecord>;
  /** True when the checks run on their own thread. */
  readonly threaded: boolean;
  close(): Promise<void>;
}

function workerScript(): { file: string; execArgv?: string[] } | undefined {
  const bundled = join(__dirname, 'cli.js');
  if (existsSync(bundled)) return { file: bundled };
  const source = join(__dirname, 'inspectWorker.ts');
  // From source (the tests, a development build) the thread needs the TypeScript loader too.
  if (existsSync(source)) return { file: source, execArgv: ['--require', 'tsx/cjs'] };
  return undefined;
}

function inline(keys: ProxyKeys): Inspector {
  const earlier = new SentValues();
  return {
    threaded: false,
    // After the client has its answer (the forwarder calls this once the exchange is over).
    inspect: (raw) => new Promise((resolve) => setImmediate(() => resolve(inspectSafely(raw, keys, earlier)))),
    close: () => Promise.resolve(),
  };
}

export function startInspector(keys: ProxyKeys): Inspector {
  const script = workerScript();
  if (!script) return inline(keys);
  let worker: Worker;
  try {
    worker = new Worker(script.file, {
      workerData: { role: INSPECTOR_ROLE, keys },
      ...(script.execArgv ? { execArgv: script.execArgv } : {}),
    });
  } catch {
    return inline(keys);
  }
  worker.unref();
  const pending: { raw: RawExchange; resolve: (r: ExchangeRecord) => void }[] = [];
  let fallback: Inspector | undefined;
  worker.on('message', (record: ExchangeRecord) => pending.shift()?.resolve(record));
  worker.on('error', () => {
    // The thread could not run (or died): finish what it held on this thread, and go on here.
    fallback = inline(keys);
    for (const p of pending.splice(0)) void fallback.inspect(p.raw).then(p.resolve);
  });
  return {
    get threaded() {
      return fallback === undefined;
    },
    inspect(raw) {
      if (fallback) return fallback.inspect(raw);
      return new Promise((resolve) => {
        pending.push({ raw, resolve });
        worker.postMessage(raw);
      });
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
