// `payout-http code`: a signed request as a small standalone program in the integrator's language.
// model.ts gathers the facts from the catalogue and the resolved request; one file per language
// writes them out.
import type { PayoutSession } from '../http/session';
import { isSecretVariable } from '../syntax/environments';
import type { RequestBlock } from '../syntax/types';
import { goProgram } from './go';
import { javaProgram } from './java';
import { type Code, UnwritableValue } from './encode';
import { holdsSecret } from './secretForms';
import { buildModel, CodegenError, type CodeModel, type Language } from './model';
import { nodeProgram } from './node';
import { phpProgram } from './php';
import { pythonProgram } from './python';

export {
  bearerLine,
  buildModel,
  CodegenError,
  ENV,
  envNameOf,
  EXIT_CODES,
  LANGUAGES,
  programFile,
  type CodeModel,
  type Language,
} from './model';

const writers: Record<Language, (m: CodeModel) => Code> = {
  node: nodeProgram,
  python: pythonProgram,
  java: javaProgram,
  go: goProgram,
  php: phpProgram,
};

export function generateProgram(model: CodeModel, language: Language): string {
  try {
    return writers[language](model).text;
  } catch (err) {
    if (err instanceof UnwritableValue) throw new CodegenError(err.message);
    throw err;
  }
}

export interface SessionProgram {
  model: CodeModel;
  program: string;
}

/**
 * The program for the request `name` of a session's file. `sendFirst` requests are sent before (with
 * what they read), so that `{{other.response...}}` references resolve to literals. Throws a
 * CodegenError naming the fix when the request cannot be generated.
 */
export async function programFromSession(
  session: PayoutSession,
  target: string | RequestBlock,
  language: Language,
  sendFirst: readonly string[] = [],
  onNote: (text: string) => void = () => {},
): Promise<SessionProgram> {
  const lookup = (n: string) => {
    const block = session.request(n);
    if (!block) throw new CodegenError(`no request named "${n}" in the file; its requests: ${session.requestNames.join(', ')}`);
    return block;
  };
  const block = typeof target === 'string' ? lookup(target) : target;
  const name = block.name ?? `#${session.requests.indexOf(block) + 1}`;
  for (const first of sendFirst) {
    const r = await session.send(lookup(first));
    onNote(`sent ${first} first: ${r.response ? `HTTP ${r.response.status}${r.decoded ? ` ${r.decoded.headline}` : ''}` : r.error}`);
    if (!r.response) throw new CodegenError(`${first} got no response, so ${name} cannot be resolved: ${r.error ?? 'see above'}`);
  }
  // Not redacted: buildModel turns secret values into environment reads, by the variable they came from.
  const prepared = await session.prepare(block);
  const secrets = new Map<string, string>();
  for (const [name, value] of Object.entries(session.environment.variables)) if (isSecretVariable(name)) secrets.set(name, value);
  const secretKey = session.credentials().secretKey;
  if (secretKey) secrets.set('secretKey', secretKey);
  try {
    const model = buildModel(prepared, secrets);
    const program = generateProgram(model, language);
    // The last guard: nothing the session knows to be secret may be in the printed program, in any
    // encoding of it (a secretKey with a quote is escaped in a literal, so raw text misses it).
    if (session.redactor.redact(program) !== program || holdsSecret(program, secrets.values()))
      throw new CodegenError(`${prepared.label}: the program would contain a secret value; put it in an environment variable of its own`);
    return { model, program };
  } catch (err) {
    if (err instanceof UnwritableValue) throw new CodegenError(`${prepared.label}: ${err.message}`);
    if (err instanceof CodegenError && prepared.problems.some((p) => /has not been sent yet/.test(p))) {
      throw new CodegenError(
        `${err.message}\nThe request reads another request's response: send that one first (payout-http code: --send-first NAME).`,
      );
    }
    throw err;
  }
}
