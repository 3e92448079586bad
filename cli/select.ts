// Which requests of a file a command acts on: `--name` (repeatable), `--all`, or the only one.
import type { PayoutSession } from '../engine/http/session';
import type { RequestBlock } from '../engine/syntax/types';
import { lineAt } from '../engine/util/lineAt';
import { UsageError } from './args';
import { writeErr } from './output';

/**
 * What `send`, `sign` and `curl` act on: the environment checked first (one defined nowhere is a
 * usage error), its problems and the OpenAPI documents' said as warnings, then the requests picked.
 */
export function sessionBlocks(session: PayoutSession, values: { name?: string[]; all?: boolean }): RequestBlock[] {
  const env = session.environment;
  if (!env.defined) throw new UsageError(env.problems.join('\n'));
  for (const p of [...env.problems, ...session.openApiDocuments().problems]) writeErr(`warning: ${p}\n`);
  const note = (t: string) => writeErr(`note: ${t}\n`);
  const picked = selectBlocks(session.requests, values.name, values.all, session.requestNames, note, session.file.text);
  // --all sends the whole file as the editor's Send All does: blocks of `run` lines too, in their place.
  return values.all ? session.sendAllBlocks : picked;
}

/**
 * `onNote` hears which request a name means when several share it (the first, as `{{name.response}}`
 * does; lint's payout/duplicate-request-name flags the others). `text` gives the line numbers.
 */
export function selectBlocks(
  requests: RequestBlock[],
  names: string[] | undefined,
  all: boolean | undefined,
  known: string[],
  onNote?: (text: string) => void,
  text?: string,
): RequestBlock[] {
  if (requests.length === 0) throw new UsageError('the file holds no request; write one such as `POST {{base_url}}/api/v2/account/verify`');
  if (all) {
    if (names?.length) throw new UsageError('use either --all or --name, not both');
    return requests;
  }
  if (!names?.length) {
    if (requests.length === 1) return requests;
    throw new UsageError(`the file has ${requests.length} requests; pick one with --name (${known.join(', ')}) or use --all`);
  }
  return names.map((n) => {
    const i = known.indexOf(n);
    if (i < 0)
      throw new UsageError(`no request named "${n}" in the file; its requests: ${known.join(', ')} (name one with \`# @name ${n}\`)`);
    const same = requests.filter((_, j) => known[j] === n);
    if (same.length > 1 && onNote) {
      const line = (b: RequestBlock) => (text === undefined ? '?' : lineAt(text, b.start + (b.requestLine?.span.start ?? 0)));
      onNote(
        `${same.length} requests are named "${n}" (lines ${same.map(line).join(', ')}): using the first, on line ${line(same[0])}. Rename the others to send them by name.`,
      );
    }
    return requests[i];
  });
}
