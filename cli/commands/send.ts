// `payout-http send FILE [--name NAME | --all] [--env ENV] [--json] [--junit FILE] [--report html DIR]`: sign, send,
// verify, assert; exit 1 when a request fails or an assertion does not hold.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { command, OPENAPI_NOTE, OPENAPI_OPTION, openApiOptions, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { formatResult, requestHeading } from '../format';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from '../../engine/http/defaults';
import { junitSuite, resultJson } from '../report';
import { openSession } from '../session';
import { sessionBlocks } from '../select';
import { toJUnitXml } from '../../engine/http/junit';
import type { PreparedRequest, SendResult } from '../../engine/http/types';
import { batchOut, writeErr, writeOut } from '../output';
import { CliHistory } from '../history';
import { onGitHubActions } from '../githubAnnotations';
import { htmlReport } from '../reportHtml';
import { sendAnnotations } from '../sendAnnotations';

const spec = {
  name: 'send',
  usage:
    'payout-http send FILE [--name NAME ... | --all] [--env ENV] [--openapi FILE[=BASE] ...] [--json] [--junit FILE] [--report html DIR] [--annotations] [--history] [--timeout SECONDS] [--max-bytes N] [--no-retry] [--no-scripts] [--quiet]',
  description:
    'Signs and sends requests of a .payout.http file, then prints for each: HTTP status, time, the decoded\n' +
    "envelope (error code, meaning, what to check, whether to retry), the verdict on the response's own\n" +
    "signature, and its `??` assertions. A request that reads another's response ({{quote.response...}})\n" +
    'sends that one first. A response an OpenAPI document describes is checked against its schema\n' +
    '(`schema: matches …` or its problems; a failure only with `?? schema valid`). With no --env, the local\n' +
    'sandbox is used (started on demand). JetBrains-style scripts (`< {% … %}` before a request, `> {% … %}`\n' +
    'after it) run in a worker thread with a time and memory limit; `client.global` lasts for the run.',
  options: {
    name: {
      type: 'string',
      short: 'n',
      multiple: true,
      valueName: 'NAME',
      description: 'send the request named NAME (# @name NAME); repeatable',
    },
    all: { type: 'boolean', short: 'a', description: 'send every request of the file, in order' },
    env: { type: 'string', short: 'e', valueName: 'ENV', description: 'environment from http-client.env.json (default: local sandbox)' },
    openapi: OPENAPI_OPTION,
    json: { type: 'boolean', description: 'print the results as JSON (secrets redacted)' },
    junit: {
      type: 'string',
      valueName: 'FILE',
      description: 'also write a JUnit XML report to FILE (its folders are created; written on Ctrl-C too)',
    },
    timeout: { type: 'string', valueName: 'SECONDS', description: `per-request timeout (default ${DEFAULT_TIMEOUT_MS / 1000})` },
    'max-bytes': {
      type: 'string',
      valueName: 'N',
      description: `largest response body accepted (default ${DEFAULT_MAX_BYTES}, as the extension's payoutHttp.response.maxSizeBytes)`,
    },
    'no-retry': { type: 'boolean', description: 'do not retry 9, 20, 46, 66 with backoff' },
    'no-scripts': {
      type: 'boolean',
      description: 'run no pre-request script or response handler: a request that has one is refused, not sent',
    },
    quiet: { type: 'boolean', short: 'q', description: 'print one line per request instead of the full response' },
    report: {
      type: 'string',
      valueName: 'html DIR',
      description: 'also write a self-contained HTML page of the run to DIR/index.html (secret-free; written on Ctrl-C too)',
    },
    annotations: {
      type: 'boolean',
      description: 'print each failure as a GitHub Actions annotation (::error file=…,line=…::); on by itself on GitHub Actions',
    },
    history: {
      type: 'boolean',
      description: 'also record each exchange in the history (secret-free; list with `payout-http history`)',
    },
  },
  examples: [
    'payout-http send examples/quickstart.payout.http --all',
    'payout-http send orders.payout.http --name quote --name pay --env sandbox',
    'payout-http send tests.payout.http --all --env sandbox --junit reports/payout.xml',
    'payout-http send pets.payout.http --all --openapi specs/petstore.yaml=petstore_base_url',
    'payout-http send tests.payout.http --all --report html reports/payout',
  ],
  notes: [
    OPENAPI_NOTE,
    'Exit code: 0 when every request passed, 1 when one failed (not sent, error envelope without',
    'assertions, signature not verified, or an assertion that does not hold), 2 for a usage error.',
  ],
} as const;

function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const s = Number(text);
  if (!Number.isFinite(s) || s <= 0) throw new UsageError(`--timeout ${text}: give a number of seconds above 0, e.g. --timeout 10`);
  return s * 1000;
}

/** `--report html DIR` (two words, as Hurl's `--report-html DIR`) read as one option value `html=DIR`. */
export function joinReportArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--report' && argv[i + 1] === 'html' && argv[i + 2] !== undefined && !argv[i + 2].startsWith('-')) {
      out.push('--report', `html=${argv[i + 2]}`);
      i += 2;
    } else out.push(argv[i]);
  }
  return out;
}

function reportDir(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^html=(.+)$/.exec(value);
  if (!m) throw new UsageError(`--report ${value}: give the format and a folder, e.g. --report html reports/payout`);
  return m[1];
}

const send = command(spec, async ({ values, positionals }) => {
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? `give one file (got ${positionals.length})` : 'give the .payout.http file to send');
  const timeoutMs = parseTimeout(values.timeout);
  const maxBytes = values['max-bytes'] === undefined ? undefined : Number(values['max-bytes']);
  if (maxBytes !== undefined && (!Number.isInteger(maxBytes) || maxBytes <= 0))
    throw new UsageError(`--max-bytes ${values['max-bytes']}: give a whole number of bytes above 0`);
  const json = values.json === true;
  const htmlDir = reportDir(values.report);
  const annotate = values.annotations === true || onGitHubActions();
  batchOut(); // a line per request: written in batches (cli/output.ts)
  const openApiDocuments = openApiOptions(values.openapi);
  const err = (t: string) => writeErr(`${t}\n`);
  let done = 0;
  let total = 0;
  // Every finished request, dependencies included, in the order they finish: what the summary and the
  // JUnit report count, so they agree with the [n/total] headings.
  const finished: SendResult[] = [];
  let inFlight: { prepared: PreparedRequest; n: number } | undefined;
  const session = openSession(
    positionals[0],
    values.env,
    'sandbox',
    {
      transport: { ...(timeoutMs ? { timeoutMs } : {}), ...(maxBytes ? { maxBytes } : {}) },
      ...(values['no-retry'] ? { retryPolicy: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 } } : {}),
      ...(values['no-scripts'] ? { scripts: { refusal: noScripts } } : {}),
      onStart: (prepared) => {
        inFlight = { prepared, n: done + 1 };
        // The heading goes out when the request does, so a hanging request shows what it is.
        if (!json && !values.quiet)
          writeOut(session.redactor.redact(`${requestHeading(prepared, { n: done + 1, of: Math.max(total, done + 1) })} ...`) + '\n');
      },
      onResult: (r) => {
        done++;
        finished.push(r);
        inFlight = undefined;
        if (values.history) recorder.record(session, r);
        if (json) return;
        const line = values.quiet ? quietLine(r, done, total) : formatResult(r, { index: { n: done, of: Math.max(total, done) } });
        writeOut(session.redactor.redact(line) + '\n' + (values.quiet ? '' : '\n'));
      },
    },
    (note) => err(note),
    openApiDocuments,
  );
  const recorder = new CliHistory(err);
  const blocks = sessionBlocks(session, values);
  // Dependencies are sent too (first): count them from the start.
  total = session.plan(blocks).length;

  const writeJunit = (results: SendResult[]): boolean => {
    if (!values.junit) return true;
    const xml = toJUnitXml([junitSuite(session.filePath, results, new Date().toISOString())]);
    try {
      mkdirSync(dirname(values.junit), { recursive: true });
      writeFileSync(values.junit, session.redactor.redact(xml));
      return true;
    } catch (e) {
      err(
        `could not write the JUnit report to ${values.junit} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); check the path is writable`,
      );
      return false;
    }
  };
  const writeHtml = (results: SendResult[]): boolean => {
    if (!htmlDir) return true;
    const page = htmlReport({
      file: relative(process.cwd(), session.filePath) || session.filePath,
      environment: session.environment.name,
      time: new Date().toISOString(),
      results,
    });
    try {
      mkdirSync(htmlDir, { recursive: true });
      writeFileSync(join(htmlDir, 'index.html'), session.redactor.redact(page));
      return true;
    } catch (e) {
      err(
        `could not write the HTML report to ${htmlDir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); check the path is writable`,
      );
      return false;
    }
  };
  // Ctrl-C: report what finished (the JUnit file too) and name the request that was in flight.
  const onInterrupt = () => {
    const what = inFlight
      ? `while ${requestHeading(inFlight.prepared, { n: inFlight.n, of: Math.max(total, inFlight.n) })} was in flight (no response yet)`
      : 'between requests';
    err(session.redactor.redact(`interrupted ${what}; ${finished.length} of ${total} request(s) finished`));
    const interrupted: SendResult[] = inFlight ? [interruptedResult(inFlight.prepared)] : [];
    if (writeJunit([...finished, ...interrupted]) && values.junit) err(`JUnit report of the finished requests written to ${values.junit}`);
    if (writeHtml([...finished, ...interrupted]) && htmlDir)
      err(`HTML report of the finished requests written to ${join(htmlDir, 'index.html')}`);
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);

  try {
    for (const b of blocks) if (!session.resultOf(b)) await session.send(b);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  const results = finished;
  const failedCount = results.filter((r) => !r.ok).length;

  if (json) writeOut(session.redactor.redact(JSON.stringify(results.map(resultJson), null, 2)) + '\n');
  else {
    const deps = results.length - blocks.length;
    const sentFirst = deps > 0 ? `, ${deps} of them sent first as dependencies` : '';
    writeOut(
      `${results.length} request${results.length === 1 ? '' : 's'}${sentFirst}: ${results.length - failedCount} passed, ${failedCount} failed (environment: ${session.environment.name})\n`,
    );
  }
  if (annotate) {
    const lines = sendAnnotations(session.file, session.filePath, results).map((l) => session.redactor.redact(l));
    // on stdout, where the runner reads workflow commands; beside --json, on stderr so the JSON stays whole
    if (lines.length) (json ? err : (t: string) => writeOut(`${t}\n`))(lines.join('\n'));
  }
  if (!writeJunit(results) || !writeHtml(results)) return EXIT.failed;
  return failedCount === 0 ? EXIT.ok : EXIT.failed;
});

function noScripts(label: string): string {
  return `${label} has a pre-request script or response handler, and --no-scripts runs none: not sent. Drop --no-scripts to run it, or send other requests with --name`;
}

/** The request in flight at Ctrl-C, as a failed result for the report. */
function interruptedResult(prepared: PreparedRequest): SendResult {
  return { ok: false, prepared, attempts: [], assertions: [], error: 'interrupted (Ctrl-C) before its response arrived' };
}

function quietLine(r: SendResult, n: number, of: number): string {
  const status = r.response ? `HTTP ${r.response.status} ${Math.round(r.response.durationMs)} ms` : 'not sent';
  const verdict = r.verdict ? r.verdict.state : '-';
  const held = r.assertions.length ? ` assertions ${r.assertions.filter((a) => a.ok).length}/${r.assertions.length}` : '';
  const schema = r.schema ? ` schema ${r.schema.problems.length ? `${r.schema.problems.length} problem(s)` : 'matches'}` : '';
  return `[${n}/${Math.max(n, of)}] ${r.ok ? 'PASS' : 'FAIL'} ${r.prepared.label} ${status}${r.decoded && r.decoded.kind !== 'other' ? ` ${r.decoded.headline}` : ''} signature ${verdict}${schema}${held}${r.error ? ` error: ${r.error.split('\n')[0]}` : ''}`;
}

export const sendCommand = (argv: string[]): Promise<number> => send(joinReportArgs(argv));
