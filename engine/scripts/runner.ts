// Runs one script in its own worker thread, so a script that loops or allocates without end costs
// its thread and never the language server's or the CLI's: the thread has a heap limit
// (resourceLimits; exceeding it ends the thread, not the process) and is terminated when the wall
// clock runs out. Either way the outcome says which script, which limit, and how to raise it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_SCRIPT_LIMITS, type ScriptJob, type ScriptLimits, type ScriptOutcome } from './types';

/** The worker's file: the separately bundled dist/scriptWorker.js beside the running bundle, else the source through tsx. */
function workerScript(): { file: string; execArgv?: string[] } | undefined {
  const bundled = join(__dirname, 'scriptWorker.js');
  if (existsSync(bundled)) return { file: bundled };
  const source = join(__dirname, 'worker.ts');
  if (existsSync(source)) return { file: source, execArgv: ['--require', 'tsx/cjs'] };
  return undefined;
}

const WORKER_ROLE = 'payout-http/script'; // worker.ts's SCRIPT_WORKER_ROLE (not imported: that would bundle the worker in here)

function failedOutcome(job: ScriptJob, error: string): ScriptOutcome {
  return { globals: job.globals, variables: job.variables, tests: [], logs: [], error };
}

export function runScript(job: ScriptJob, limits: ScriptLimits = DEFAULT_SCRIPT_LIMITS): Promise<ScriptOutcome> {
  const script = workerScript();
  if (!script)
    return Promise.resolve(
      failedOutcome(
        job,
        `${job.label} was not run: the script worker (scriptWorker.js) is missing from the installation; reinstall payout-http`,
      ),
    );
  return new Promise((resolve) => {
    let settled = false;
    let worker: Worker;
    const done = (o: ScriptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(o);
    };
    try {
      worker = new Worker(script.file, {
        workerData: { role: WORKER_ROLE, job },
        ...(script.execArgv ? { execArgv: script.execArgv } : {}),
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(16, limits.heapMb), stackSizeMb: 4 },
        // A script has no stdio: client.log is its output.
        stdout: true,
        stderr: true,
      });
    } catch (e) {
      resolve(failedOutcome(job, `${job.label} was not run: its worker thread could not start (${(e as Error).message})`));
      return;
    }
    const timer = setTimeout(
      () =>
        done(
          failedOutcome(
            job,
            `${job.label} was stopped after ${limits.timeMs / 1000} s, the time limit for a script: it runs without end (a loop that never exits?); make it finish sooner`,
          ),
        ),
      limits.timeMs,
    );
    worker.on('message', (o: ScriptOutcome) => done(o));
    worker.on('error', (e: Error & { code?: string }) =>
      done(
        failedOutcome(
          job,
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `${job.label} was stopped: it used more than ${limits.heapMb} MB, the memory limit for a script (an allocation without end?); make it keep less`
            : `${job.label} failed: ${e.message}`,
        ),
      ),
    );
    worker.on('exit', (code) => done(failedOutcome(job, `${job.label} ended without an outcome (its thread exited with code ${code})`)));
  });
}
