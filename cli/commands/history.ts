// `payout-http history [show N] [--json] [--clear]`: the exchanges recorded by `send --history`
// (engine/history, in $PAYOUT_HTTP_HOME/history), newest first. Everything printed was made
// secret-free when it was recorded, and passes the terminal encoder (untrusted response text).
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { command, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { HistoryStore, summaryOf, type HistoryEntry } from '../../engine/history';
import { historyDir } from '../../engine/workspace/home';
import { terminalSafe } from '../../engine/util/terminalSafe';
import { writeErr, writeOut } from '../output';

const spec = {
  name: 'history',
  usage: 'payout-http history [show N] [--json] [--clear]',
  description:
    'Lists the exchanges recorded by `payout-http send --history`, newest first: number, time, environment,\n' +
    'request, status and verdict. `history show N` prints entry N whole: the request as sent (the secretKey\n' +
    'as <secretKey>, the signature as <signature>, tokens masked), the response and its verdicts.\n' +
    'The history keeps the last 500 exchanges and at most 50 MB, in $PAYOUT_HTTP_HOME/history.',
  options: {
    json: { type: 'boolean', description: 'print the entries (or the one shown) as JSON' },
    clear: { type: 'boolean', description: 'delete every entry' },
  },
  examples: ['payout-http send orders.payout.http --all --history', 'payout-http history', 'payout-http history show 1 --json'],
  notes: ['Exit code: 0, or 1 when entry N does not exist, 2 for a usage error.'],
} as const;

function where(e: HistoryEntry): string {
  const uri = e.source.uri;
  if (!uri?.startsWith('file:')) return e.source.label;
  const file = fileURLToPath(uri);
  return `${relative(process.cwd(), file) || file}:${e.source.line + 1} ${e.source.label}`;
}

function line(n: number, e: HistoryEntry): string {
  const status = e.response ? `HTTP ${e.response.status}` : 'not sent';
  const verdict = e.verdict ? ` signature ${e.verdict.state}` : '';
  return `${String(n).padStart(3)}  ${e.time}  ${e.environment}  ${e.ok ? 'PASS' : 'FAIL'}  ${e.request.method} ${e.request.url}  ${status}${e.headline ? ` ${e.headline}` : ''}${verdict}  (${where(e)})`;
}

function shown(e: HistoryEntry): string {
  const out = [`${e.request.method} ${e.request.url}`, `# ${where(e)} · ${e.environment} · ${e.time} · recorded by ${e.origin}`, ''];
  for (const [k, v] of Object.entries(e.request.headers)) out.push(`${k}: ${v}`);
  if (e.request.body !== undefined) out.push('', e.request.body);
  if (e.request.signedString) out.push('', `signed string: ${e.request.signedString}`);
  out.push('', '--- response ---', e.view);
  return out.join('\n');
}

function history({ values, positionals }: { values: { json?: boolean; clear?: boolean }; positionals: string[] }): number {
  const store = new HistoryStore(historyDir());
  if (values.clear) {
    if (positionals.length) throw new UsageError('--clear takes no other argument');
    const n = store.clear();
    writeOut(`${n} history entr${n === 1 ? 'y' : 'ies'} deleted from ${store.dir}\n`);
    return EXIT.ok;
  }
  const { entries, problems } = store.read();
  for (const p of problems) writeErr(`warning: ${p}\n`);
  if (positionals.length === 0) {
    if (values.json) writeOut(JSON.stringify(entries.map(summaryOf), null, 2) + '\n');
    else if (!entries.length) writeOut(`no history yet in ${store.dir}: send with --history, e.g. payout-http send FILE --all --history\n`);
    else writeOut(entries.map((e, i) => terminalSafe(line(i + 1, e))).join('\n') + '\n');
    return EXIT.ok;
  }
  if (positionals[0] !== 'show' || positionals.length !== 2)
    throw new UsageError(`unknown arguments "${positionals.join(' ')}": use \`history\` or \`history show N\``);
  const n = Number(positionals[1]);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`show ${positionals[1]}: give the entry's number from the list, e.g. show 1`);
  const e = entries[n - 1];
  if (!e) {
    writeErr(`there is no entry ${n}: the history holds ${entries.length}; run \`payout-http history\` to list them\n`);
    return EXIT.failed;
  }
  writeOut(values.json ? JSON.stringify(e, null, 2) + '\n' : terminalSafe(shown(e)) + '\n');
  return EXIT.ok;
}

export const historyCommand = command(spec, (args) => Promise.resolve(history(args)));
