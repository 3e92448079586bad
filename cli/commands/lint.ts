// `payout-http lint FILE... [--format text|json] [--env ENV]`: the editor's diagnostics
// (engine/language lintText) in a terminal or CI; exit 1 when any file has an error.
import { dirname, relative } from 'node:path';
import { command, OPENAPI_NOTE, OPENAPI_OPTION, openApiOptions, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { checkFile, requestFileText } from '../session';
import { lintText, type LintDiagnostic } from '../../engine/language';
import { loadOpenApiDocuments } from '../../engine/openapi/userDocuments';
import { selectEnvironment } from '../../engine/workspace/environment';
import { environmentFileDiagnostics } from '../../engine/language/environmentFiles';
import { writeErr, writeOut } from '../output';
import { annotation } from '../githubAnnotations';

const spec = {
  name: 'lint',
  usage: 'payout-http lint FILE... [--format text|json|github] [--env ENV] [--openapi FILE[=BASE] ...] [--warnings-as-errors]',
  description:
    'Checks .payout.http files against the contracts, as the editor does: unknown endpoints, missing or unknown\n' +
    'fields, signed fields left out (signed as `undefined`), enum values, formats, undefined variables, syntax.\n' +
    'Nothing is sent.',
  options: {
    format: {
      type: 'string',
      short: 'f',
      valueName: 'FORMAT',
      description: 'text (default), json, or github (GitHub Actions annotations: ::error file=…,line=…,col=…::)',
    },
    env: { type: 'string', short: 'e', valueName: 'ENV', description: 'environment whose variables count as defined (default: local)' },
    openapi: OPENAPI_OPTION,
    'warnings-as-errors': { type: 'boolean', description: 'exit 1 on warnings too' },
  },
  examples: [
    'payout-http lint examples/*.payout.http',
    'payout-http lint orders.payout.http --format json --env sandbox',
    'payout-http lint *.payout.http --format github',
    'payout-http lint pets.payout.http --openapi specs/petstore.yaml=petstore_base_url',
  ],
  notes: [
    OPENAPI_NOTE,
    'The environment files (http-client.env.json, http-client.private.env.json) are checked too; their problems are errors.',
    'Exit code: 0 when no file has an error, 1 when one has (or a warning, with --warnings-as-errors), 2 for a usage error',
    '(an --env defined nowhere included, as for send and sign).',
  ],
} as const;

export const lintCommand = command(spec, ({ values, positionals }) => {
  if (positionals.length === 0) throw new UsageError('give at least one .payout.http file to check');
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'github') throw new UsageError(`--format ${format}: use text, json or github`);
  const files = positionals.map((f) => checkFile(f));
  // Every file read (and a binary one refused, by its name as given) before anything is printed.
  const texts = positionals.map((f, i) => requestFileText(f, files[i]));
  const openApiDocuments = openApiOptions(values.openapi);
  // Problems of an --openapi document have no line in any file: reported once, before the diagnostics.
  for (const p of loadOpenApiDocuments(openApiDocuments).problems) writeErr(`warning: ${p}\n`);
  const report: { file: string; diagnostics: LintDiagnostic[] }[] = [];
  // The environment as send and sign select it: one defined nowhere is a usage error (exit 2), and a
  // malformed environment file is reported like a request file, its problems as errors at their lines.
  for (const file of files) {
    const selected = selectEnvironment(dirname(file), values.env);
    if (!selected.defined) throw new UsageError(selected.problems.join('\n'));
  }
  const envFiles = environmentFileDiagnostics(files.map((f) => dirname(f)));
  for (const [file, diagnostics] of envFiles) if (diagnostics.length) report.push({ file, diagnostics });
  for (const [i, file] of files.entries()) {
    const text = texts[i];
    report.push({
      file,
      diagnostics: lintText(text, { fileDir: dirname(file), openApiDocuments, ...(values.env ? { environment: values.env } : {}) }),
    });
  }
  const failing = (d: LintDiagnostic) => d.severity === 'error' || (values['warnings-as-errors'] === true && d.severity === 'warning');
  const count = (s: string) => report.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === s).length, 0);
  if (format === 'json') {
    writeOut(
      JSON.stringify(
        report.map((r) => ({ file: relative(process.cwd(), r.file) || r.file, diagnostics: r.diagnostics })),
        null,
        2,
      ) + '\n',
    );
  } else if (format === 'github') {
    for (const r of report) {
      const file = relative(process.cwd(), r.file) || r.file;
      for (const d of r.diagnostics) {
        const level = failing(d) ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
        const place = { file, line: d.range.start.line + 1, col: d.range.start.character + 1, title: d.code };
        writeOut(`${annotation(level, place, d.message)}\n`);
      }
    }
  } else {
    for (const r of report) {
      const shown = relative(process.cwd(), r.file) || r.file;
      for (const d of r.diagnostics) {
        // file:line:column, 1-based, the form editors and CI annotate.
        writeOut(`${shown}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${d.message}\n`);
      }
    }
    // request files, and the env files that have something to say
    const checked = files.length + [...envFiles.values()].filter((list) => list.length > 0).length;
    writeOut(`${checked} file${checked === 1 ? '' : 's'}: ${count('error')} error(s), ${count('warning')} warning(s)\n`);
  }
  return Promise.resolve(report.some((r) => r.diagnostics.some(failing)) ? EXIT.failed : EXIT.ok);
});
