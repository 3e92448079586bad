// Hover: a body field (its documentation and place in the signed string), the request line (the
// endpoint and its signed-string template, plus the live canonical string), a `{{variable}}` or
// `@name = value` (its resolved value, secrets masked), a system variable, a request reference.

import type { Hover, Position } from 'vscode-languageserver-types';
import { isSecretVariable } from '../syntax/environments';
import { blockAt } from '../syntax/parser';
import { SYSTEM_VARIABLES } from '../syntax/templates';
import type { RequestBlock, Span, TemplateRef } from '../syntax/types';
import { blockContext } from './analysis';
import type { BodyField } from './body';
import { spanToRange } from './diagnostics';
import { endpointMarkdown, fieldMarkdown, specAt } from './docs';
import type { PayoutDocument } from './document';
import { previewOf } from './preview';
import { previewString } from '../syntax/resolve';
import { variableValue, type Scope } from './scope';
import type { ServiceContext } from './service';

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

function markdown(doc: PayoutDocument, block: RequestBlock, span: Span, value: string): Hover {
  return {
    contents: { kind: 'markdown', value },
    range: spanToRange(doc, { start: block.start + span.start, end: block.start + span.end }),
  };
}

/** The field (nested members included) whose key or value holds the offset, with its path. */
function fieldAt(
  fields: readonly BodyField[] | undefined,
  rel: number,
  path: string[] = [],
): { field: BodyField; path: string[] } | undefined {
  for (const f of fields ?? []) {
    if (!inside(f.span, rel)) continue;
    const inner = f.kind === 'object' ? fieldAt(f.members, rel, [...path, f.name]) : undefined;
    return inner ?? { field: f, path: [...path, f.name] };
  }
  return undefined;
}

function variableHover(scope: Scope, ref: TemplateRef): string {
  if (ref.kind === 'system') {
    const info = SYSTEM_VARIABLES[ref.name];
    return info ? `**${info.usage}**\n\n${info.description}` : `Unknown system variable \`${ref.name}\`.`;
  }
  if (ref.kind === 'request') {
    return scope.requestNames.has(ref.name)
      ? `Value from the last response of request **${ref.name}**: \`${ref.path ?? ''}\`. Send \`${ref.name}\` first; its response is kept for the session.`
      : `No request named \`${ref.name}\` in this file: add \`# @name ${ref.name}\` to the request it refers to.`;
  }
  const raw = variableValue(scope, ref.name);
  if (raw === undefined && scope.runtimeVariables.has(ref.name)) {
    return `**${ref.name}** is set at run time by a script of this file: its value is known once that script has run.`;
  }
  if (raw === undefined) return `**${ref.name}** is not defined in this file or in environment \`${scope.envName}\`.`;
  const source = scope.fileVariables.has(ref.name) ? 'file variable' : `environment \`${scope.envName}\``;
  if (isSecretVariable(ref.name)) return `**${ref.name}** (${source}): \`<${ref.name}>\` (secret, not shown)`;
  const r = previewString(raw, { variables: scope.fileVariables, env: scope.env, runtime: scope.runtimeVariables });
  return `**${ref.name}** (${source}) = \`${r.display}\``;
}

export function hover(ctx: ServiceContext, doc: PayoutDocument, position: Position): Hover | null {
  const offset = doc.lines.offsetAt(position);
  const block = blockAt(doc.parsed, offset);
  if (!block) return null;
  const rel = offset - block.start;
  const scope = ctx.scope(doc);

  const ref = block.references.find((r) => inside(r.span, rel));
  if (ref) return markdown(doc, block, ref.span, variableHover(scope, ref));

  const def = block.variables.find((v) => inside(v.span, rel));
  if (def) {
    const ref: TemplateRef = { span: def.nameSpan, expression: def.name, kind: 'variable', name: def.name };
    return markdown(doc, block, def.nameSpan, variableHover(scope, ref));
  }

  const { endpoint, body } = blockContext(block, scope.extra);
  const line = block.requestLine;
  if (line && inside(line.span, rel)) {
    if (!endpoint) return null;
    const preview = previewOf(block, scope, ctx.scopeKey(doc));
    const live = preview ? `\n\nAs it will be signed now:\n\n\`\`\`\n${preview.display}\n\`\`\`` : '';
    return markdown(doc, block, line.span, endpointMarkdown(endpoint) + live);
  }

  if (endpoint && block.body && inside(block.body.span, rel)) {
    const hit = fieldAt(body.fields, rel);
    if (!hit) return null;
    const spec = specAt(endpoint, hit.path);
    if (!spec)
      return markdown(
        doc,
        block,
        hit.field.keySpan,
        `\`${hit.path.join('.')}\` is not a field of \`${endpoint.method} ${endpoint.path}\`.`,
      );
    return markdown(doc, block, hit.field.keySpan, fieldMarkdown(endpoint, spec, hit.path));
  }
  return null;
}
