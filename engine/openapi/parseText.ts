// Text of an OpenAPI document (JSON or YAML) to a value, with problems that say where and how to
// fix, never an exception. YAML is a superset of JSON, but JSON.parse gives better messages for
// JSON files, so text that starts with `{` goes to JSON.parse first.
//
// `yaml` (115 KB of the bundle) is required on the first YAML document, not when the bundle loads:
// the language server's cold start and most CLI commands never parse YAML.
/* eslint-disable @typescript-eslint/no-require-imports -- the lazy require above */
import type * as Yaml from 'yaml';

let yaml: typeof Yaml | undefined;

export function parseDocumentText(text: string, label: string): { value: unknown; problems: string[] } {
  const noBom = text.replace(/^\uFEFF/, '');
  const trimmed = noBom.trimStart();
  if (trimmed === '') {
    return {
      value: undefined,
      problems: [`${label}: the file is empty; write an OpenAPI document (JSON or YAML) starting with "openapi: 3.1.0".`],
    };
  }
  if (trimmed.startsWith('{')) {
    try {
      return { value: JSON.parse(trimmed), problems: [] };
    } catch {
      // fall through: YAML's parser reports the line and column, JSON.parse (Node 20) does not always
    }
  }
  try {
    yaml ??= require('yaml') as typeof Yaml;
    const doc = yaml.parseDocument(noBom, { uniqueKeys: false });
    if (doc.errors.length > 0) {
      const problems = doc.errors.slice(0, 5).map((e) => {
        const where = e.linePos?.[0] ? ` line ${e.linePos[0].line}, column ${e.linePos[0].col}` : '';
        return `${label}:${where}: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}; fix the ${trimmed.startsWith('{') ? 'JSON' : 'YAML'} syntax there.`;
      });
      return { value: undefined, problems };
    }
    return { value: doc.toJS(), problems: [] };
  } catch (e) {
    return {
      value: undefined,
      problems: [
        `${label}: cannot parse the document (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); check that it is valid JSON or YAML.`,
      ],
    };
  }
}
