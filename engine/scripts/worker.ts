// The script's thread: one job in (workerData), one outcome out, then the thread ends. Bundled on
// its own as dist/scriptWorker.js (scripts/build.mjs), so a thread starts with this file and the
// vm API only, not the whole CLI; from source (tests) it runs through tsx. runner.ts starts it with
// a heap limit and terminates it at the time limit.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runInFreshContext } from './context';
import type { ScriptJob } from './types';

export const SCRIPT_WORKER_ROLE = 'payout-http/script';

const data = workerData as { role?: unknown; job?: ScriptJob } | null;
if (!isMainThread && data?.role === SCRIPT_WORKER_ROLE && data.job) parentPort?.postMessage(runInFreshContext(data.job));
