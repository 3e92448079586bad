// `payout-http import [--env ENV] [--name NAME]`: a captured request on stdin (a curl command line,
// or a raw HTTP request from a log) -> a `.payout.http` request on stdout, ready to edit and send:
// the body as received, without its `signature` (the tool signs when it sends), values equal to the
// environment's variables written as `{{variables}}`. engine/proxy/toRequest does the conversion,
// the same one as the editor's "Open as Request" on a proxy exchange.
import { command, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { localPreparer } from '../session';
import { writeErr, writeOut } from '../output';
import { selectEnvironment } from '../../engine/workspace/environment';
import { ImportRefused, isCurlCommand, parseCurl, parseRawHttp, toPayoutRequest } from '../../engine/proxy';
import { IMPORT_INPUT_MAX_BYTES } from '../../engine/util/readBounded';

const spec = {
  name: 'import',
  usage: 'payout-http import [--env ENV] [--name NAME] < captured-request',
  description:
    'Reads a curl command line or a raw HTTP request (request line, headers, blank line, body) on stdin and\n' +
    'prints it as a .payout.http request: the body as received, without its "signature" (the tool signs the\n' +
    "request when it sends it), values equal to the environment's variables written as {{variables}}, the\n" +
    'address as {{base_url}}. Append it to a file with >> orders.payout.http.',
  options: {
    env: {
      type: 'string',
      short: 'e',
      valueName: 'ENV',
      description: "environment whose values become {{variables}} (default: the local sandbox's)",
    },
    name: {
      type: 'string',
      short: 'n',
      valueName: 'NAME',
      description: "the request's # @name (default: from the endpoint, e.g. reviewSellOrder)",
    },
  },
  examples: [
    'payout-http curl orders.payout.http --name quote | payout-http import',
    'pbpaste | payout-http import --env sandbox >> orders.payout.http',
    'payout-http import < captured-request.txt',
  ],
  notes: ['Exit code: 0 when a request was read, 1 when none could be, 2 for a usage error.'],
} as const;

/** Standard input, refused past IMPORT_INPUT_MAX_BYTES: reading stops there, so a huge input costs no memory. */
function readStdin(): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > IMPORT_INPUT_MAX_BYTES) {
        process.stdin.off('data', onData);
        process.stdin.destroy();
        resolve(undefined);
        return;
      }
      chunks.push(c);
    };
    process.stdin.on('data', onData);
    process.stdin.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.once('error', reject);
  });
}

export const importCommand = command(spec, async ({ values, positionals }) => {
  if (positionals.length)
    throw new UsageError(`give the request on stdin, not as "${positionals[0]}" (e.g. payout-http import < request.txt)`);
  if (process.stdin.isTTY)
    throw new UsageError('paste or pipe a curl command line or a raw HTTP request into stdin (e.g. payout-http import < request.txt)');
  let env = selectEnvironment(process.cwd(), values.env);
  if (!env.defined) throw new UsageError(env.problems.join('\n'));
  if (env.local) env = await localPreparer('credentials', process.cwd())(env);

  const input = await readStdin();
  if (input === undefined) {
    writeErr(
      `payout-http import: the input is larger than ${IMPORT_INPUT_MAX_BYTES} bytes, more than one captured request; give one request (its body is capped at the same size)\n`,
    );
    return EXIT.failed;
  }
  const parsed = isCurlCommand(input) ? parseCurl(input) : parseRawHttp(input);
  for (const p of parsed.problems) writeErr(`payout-http import: ${p}\n`);
  if (!parsed.request) {
    writeErr(
      'payout-http import: no request could be read: give a curl command line or a raw HTTP request (POST /path HTTP/1.1, headers, blank line, body)\n',
    );
    return EXIT.failed;
  }
  try {
    const imported = toPayoutRequest(parsed.request, { variables: env.variables, ...(values.name ? { name: values.name } : {}) });
    writeOut(imported.text);
    return EXIT.ok;
  } catch (err) {
    if (!(err instanceof ImportRefused)) throw err;
    writeErr(`payout-http import: refused: ${err.message}\n`);
    return EXIT.failed;
  }
});
