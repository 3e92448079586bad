// `payoutHttp/codeExport` ("Copy Request as Code…"): the request at a line as a standalone program
// in the chosen language (engine/codegen), through the same session as Send, nothing sent.
import { CodegenError, programFile, programFromSession } from '../../../engine/codegen';
import type { CodeLanguage, SendSettings } from '../../../engine/protocol';
import type { HostContext } from './context';
import { openHostSession, requestAtLine } from './session';

export async function codeExport(
  ctx: HostContext,
  p: { uri: string; line: number; settings: SendSettings; language: CodeLanguage },
): Promise<{ label: string; endpointId: string; fileName: string; program: string }> {
  const session = await openHostSession(ctx, p);
  const block = requestAtLine(session.file, p.line);
  if (!block) throw new Error(`there is no request at line ${p.line + 1}; put the cursor in a request`);
  try {
    const { model, program } = await programFromSession(session, block, p.language);
    return { label: block.name ?? model.baseName, endpointId: model.endpoint.id, fileName: programFile(model, p.language), program };
  } catch (err) {
    // The engine's message names the fix; redacted in case a resolution problem quotes a value.
    if (err instanceof CodegenError) throw new Error(session.redactor.redact(err.message));
    throw err;
  }
}
