// Which requests of a file a command acts on: `--name` (repeatable), `--all`, or the only one.
import type { RequestBlock } from '../engine/syntax/types';
import { UsageError } from './args';

export function selectBlocks(requests: RequestBlock[], names: string[] | undefined, all: boolean | undefined, known: string[]): RequestBlock[] {
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
    if (i < 0) throw new UsageError(`no request named "${n}" in the file; its requests: ${known.join(', ')} (name one with \`# @name ${n}\`)`);
    return requests[i];
  });
}
