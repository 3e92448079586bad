// Command-line parsing for every command, over node:util parseArgs, plus the `--help` text each
// command prints. A parse error becomes a message naming the bad option and the command's usage.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseOpenApiOption, type OpenApiDirective } from '../engine/openapi/userDocuments';
import { EXIT } from './exitCodes';
import { writeErr, writeOut } from './output';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Shown in --help, e.g. `--env ENV   the environment to use`. */
  valueName?: string;
  description: string;
}

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  name: string;
  usage: string;
  description: string;
  options: O;
  examples: readonly string[];
  /** Extra paragraphs after the options. */
  notes?: readonly string[];
}

type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : O[K]['multiple'] extends true ? string[] : string;
};

export interface Parsed<O extends Record<string, OptionSpec>> {
  values: Values<O>;
  positionals: string[];
}

/** Thrown by a command for a wrong command line; reported with the usage and exit code 2. */
export class UsageError extends Error {}

/** `--openapi FILE[=BASE]`, shared by send, sign, curl and lint (the editor's setting, on the command line). */
export const OPENAPI_OPTION = {
  type: 'string',
  multiple: true,
  valueName: 'FILE[=BASE]',
  description: 'also use the OpenAPI document FILE for requests starting with {{BASE}} (default: from the file name); repeatable',
} as const satisfies OptionSpec;

export const OPENAPI_NOTE =
  'An --openapi FILE is relative to the working directory; it counts as a "# @openapi FILE BASE" line in every file.';

/** The `--openapi` values, resolved; a missing file or a bad base name is a usage error naming the fix. */
export function openApiOptions(values: readonly string[] | undefined): OpenApiDirective[] {
  return (values ?? []).map((v) => {
    const r = parseOpenApiOption(v, process.cwd());
    if ('problem' in r) throw new UsageError(r.problem);
    return r;
  });
}

export function helpText<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): string {
  const rows = Object.entries(spec.options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.valueName ?? 'VALUE'}` : ''}`;
    return [flag, o.description] as const;
  });
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([f]) => f.length));
  return [
    `Usage: ${spec.usage}`,
    '',
    spec.description,
    '',
    'Options:',
    ...rows.map(([f, d]) => `  ${f.padEnd(width)}  ${d}`),
    ...(spec.notes?.length ? ['', ...spec.notes] : []),
    '',
    'Examples:',
    ...spec.examples.map((e) => `  ${e}`),
  ].join('\n');
}

/**
 * Wraps a command body: answers --help, parses options strictly, and maps UsageError (or a parse
 * error) to a message + usage on stderr and exit code 2.
 */
export function command<O extends Record<string, OptionSpec>>(
  spec: CommandSpec<O>,
  body: (args: Parsed<O>) => Promise<number>,
): (argv: string[]) => Promise<number> {
  return async (argv) => {
    if (argv.includes('--help') || argv.includes('-h')) {
      writeOut(helpText(spec) + '\n');
      return EXIT.ok;
    }
    let parsed: Parsed<O>;
    try {
      const options: NonNullable<ParseArgsConfig['options']> = {};
      for (const [name, o] of Object.entries(spec.options)) {
        options[name] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
      }
      const r = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
      parsed = { values: r.values as Values<O>, positionals: r.positionals };
    } catch (err) {
      return usageFailure(spec, err instanceof Error ? err.message : String(err));
    }
    try {
      return await body(parsed);
    } catch (err) {
      if (err instanceof UsageError) return usageFailure(spec, err.message);
      throw err;
    }
  };
}

function usageFailure(spec: CommandSpec<Record<string, OptionSpec>>, message: string): number {
  writeErr(`payout-http ${spec.name}: ${message}\nUsage: ${spec.usage}\nRun "payout-http ${spec.name} --help" for options and examples.\n`);
  return EXIT.usage;
}
