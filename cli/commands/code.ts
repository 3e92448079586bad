// `payout-http code FILE --name NAME --lang LANG [--env ENV]`: the signed request as a complete
// program in the integrator's language (engine/codegen), printed to stdout. The program reads the
// credentials from its environment, so nothing secret is printed. Requests whose values come from
// other requests' responses can have those sent first with --send-first.
import { command, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { openSession } from '../session';
import { selectBlocks } from '../select';
import { bearerLine, CodegenError, LANGUAGES, programFile, programFromSession, type Language } from '../../engine/codegen';
import { writeErr, writeOut } from '../output';

const spec = {
  name: 'code',
  usage: 'payout-http code FILE --name NAME --lang LANG [--env ENV] [--send-first NAME ...]',
  description:
    'Prints a signed /api/v2 request as a standalone program in node, python, java, go or php: it builds the\n' +
    'body, the canonical string (numbers written as JavaScript writes them, omitted fields as the contract\n' +
    'says), signs it, sends it and verifies the response signature. The program reads PAYOUT_BASE_URL,\n' +
    'PAYOUT_PARTNER_CODE, PAYOUT_SECRET_KEY, PAYOUT_PRIVATE_KEY_FILE and PAYOUT_SERVICE_PUBLIC_KEY_FILE;\n' +
    'every other value of the request is a literal in the code. A /v3 request becomes a program that signs\n' +
    'an RS256 client assertion, exchanges it for a bearer token and sends the request with it.\n' +
    'Nothing is sent unless --send-first says so.',
  options: {
    name: { type: 'string', short: 'n', valueName: 'NAME', description: 'the request named NAME' },
    lang: { type: 'string', short: 'l', valueName: 'LANG', description: `the language: ${LANGUAGES.join(', ')}` },
    env: { type: 'string', short: 'e', valueName: 'ENV', description: 'environment from http-client.env.json (default: local sandbox)' },
    'send-first': {
      type: 'string',
      multiple: true,
      valueName: 'NAME',
      description: 'send the request NAME (and what it reads) first, so its response fills {{NAME.response...}}; repeatable',
    },
  },
  examples: [
    'payout-http code examples/quickstart.payout.http --name account --lang python > account_verify.py',
    'payout-http code examples/scan-to-pay.payout.http --name order --lang go --send-first kyc --send-first quote',
  ],
  notes: ['Exit code: 0 when the program was printed, 1 when the request cannot be generated (the message says why), 2 for a usage error.'],
} as const;

function isLanguage(v: string): v is Language {
  return (LANGUAGES as readonly string[]).includes(v);
}

export const codeCommand = command(spec, async ({ values, positionals }) => {
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? `give one file (got ${positionals.length})` : 'give the .payout.http file');
  if (!values.name) throw new UsageError('give the request with --name NAME');
  if (!values.lang || !isLanguage(values.lang))
    throw new UsageError(`give --lang as one of ${LANGUAGES.join(', ')}${values.lang ? ` (got "${values.lang}")` : ''}`);
  const language = values.lang;
  const needsSandbox = (values['send-first'] ?? []).length > 0;
  const session = openSession(positionals[0], values.env, needsSandbox ? 'sandbox' : 'credentials', {}, (note) => writeErr(`${note}\n`));
  if (!session.environment.defined) throw new UsageError(session.environment.problems.join('\n'));
  if (!session.request(values.name)) selectBlocks(session.requests, [values.name], false, session.requestNames); // the usage error naming the requests
  try {
    const note = (text: string) => writeErr(`${session.redactor.redact(text)}\n`);
    const { model, program } = await programFromSession(session, values.name, language, values['send-first'] ?? [], note);
    note(
      `${model.endpoint.id} as ${programFile(model, language)}; ${model.bearer ? bearerLine(model) : `it signs: ${model.canonicalDisplay}`}`,
    );
    writeOut(program);
    return EXIT.ok;
  } catch (err) {
    if (!(err instanceof CodegenError)) throw err;
    writeErr(`payout-http code: ${session.redactor.redact(err.message)}\n`);
    return EXIT.failed;
  }
});
