// `payout-http code`: a signed request as a small standalone program in the integrator's language.
// model.ts gathers the facts from the catalogue and the resolved request; one file per language
// writes them out.
import type { PayoutSession } from '../http/session';
import { goProgram } from './go';
import { javaProgram } from './java';
import { buildModel, CodegenError, type CodeModel, type Language } from './model';
import { nodeProgram } from './node';
import { phpProgram } from './php';
import { pythonProgram } from './python';

export { buildModel, CodegenError, ENV, EXIT_CODES, LANGUAGES, programFile, type CodeModel, type Language } from './model';

const writers: Record<Language, (m: CodeModel) => string> = {
  node: nodeProgram,
  python: pythonProgram,
  java: javaProgram,
  go: goProgram,
  php: phpProgram,
};

export function generateProgram(model: CodeModel, language: Language): string {
  return writers[language](model);
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
  name: string,
  language: Language,
  sendFirst: readonly string[] = [],
  onNote: (text: string) => void = () => {},
): Promise<SessionProgram> {
  const lookup = (n: string) => {
    const block = session.request(n);
    if (!block) throw new CodegenError(`no request named "${n}" in the file; its requests: ${session.requestNames.join(', ')}`);
    return block;
  };
  const block = lookup(name);
  for (const first of sendFirst) {
    const r = await session.send(lookup(first));
    onNote(`sent ${first} first: ${r.response ? `HTTP ${r.response.status}${r.decoded ? ` ${r.decoded.headline}` : ''}` : r.error}`);
    if (!r.response) throw new CodegenError(`${first} got no response, so ${name} cannot be resolved: ${r.error ?? 'see above'}`);
  }
  const prepared = session.redactResult(await session.prepare(block));
  try {
    const model = buildModel(prepared, [session.credentials().secretKey ?? '']);
    return { model, program: generateProgram(model, language) };
  } catch (err) {
    if (err instanceof CodegenError && prepared.problems.some((p) => /has not been sent yet/.test(p))) {
      throw new CodegenError(`${err.message}\nThe request reads another request's response: send that one first with --send-first NAME.`);
    }
    throw err;
  }
}
