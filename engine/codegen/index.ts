// `payout-http code`: a signed request as a small standalone program in the integrator's language.
// model.ts gathers the facts from the catalogue and the resolved request; one file per language
// writes them out.
import { goProgram } from './go';
import { javaProgram } from './java';
import { type CodeModel, type Language } from './model';
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

