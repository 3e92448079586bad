// The `payout-http` command: a small dispatcher over cli/commands/<name>.ts. Each command module
// exports `<name>Command(argv): Promise<number>` and answers `--help` itself, so this file only
// routes, prints the overview, and turns anything thrown into a readable message + exit code.
import { isMainThread, workerData } from 'node:worker_threads';
// the version alone: a named import keeps the rest of package.json out of the bundle
import { version } from '../package.json';
import { EXIT, type CommandRunner } from './exitCodes';
import { flushOut, writeErr, writeOut } from './output';

// Each command's module loads when it runs (a dynamic import: the bundle evaluates it then), so
// `language-server` starts without the sandbox, the proxy, undici or the code generators, and each
// command without the language server (README "Performance", cold start).
interface CommandEntry {
  summary: string;
  run: CommandRunner;
}

const commands: Record<string, CommandEntry> = {
  send: {
    summary: 'sign and send requests, verify the responses, check assertions',
    run: async (a) => (await import('./commands/send')).sendCommand(a),
  },
  sign: {
    summary: 'print the canonical string and signature of requests (nothing is sent)',
    run: async (a) => (await import('./commands/sign')).signCommand(a),
  },
  lint: { summary: 'check .payout.http files against the contracts', run: async (a) => (await import('./commands/lint')).lintCommand(a) },
  curl: {
    summary: 'print a signed request as a curl command (secret-free)',
    run: async (a) => (await import('./commands/curl')).curlCommand(a),
  },
  code: {
    summary: 'print a signed request as a program in node, python, java, go or php',
    run: async (a) => (await import('./commands/code')).codeCommand(a),
  },
  explain: {
    summary: 'explain which string a signature covers (why a signature does not match)',
    run: async (a) => (await import('./commands/explain')).explainCommand(a),
  },
  webhooks: {
    summary: 'receive order webhooks on loopback and verify their signatures',
    run: async (a) => (await import('./commands/webhooks')).webhooksCommand(a),
  },
  sandbox: { summary: 'run and manage the local payout sandbox', run: async (a) => (await import('./commands/sandbox')).sandboxCommand(a) },
  proxy: {
    summary: "forward your backend's requests and check every signature as it passes",
    run: async (a) => (await import('./commands/proxy')).proxyCommand(a),
  },
  history: {
    summary: 'list and show the exchanges recorded by send --history',
    run: async (a) => (await import('./commands/history')).historyCommand(a),
  },
  import: {
    summary: 'turn a curl command line or a raw HTTP request (stdin) into a .payout.http request',
    run: async (a) => (await import('./commands/import')).importCommand(a),
  },
  'language-server': {
    summary: 'the language server for editors (--stdio); the VS Code extension starts it',
    run: async (a) => (await import('./commands/languageServer')).languageServerCommand(a),
  },
  help: { summary: 'show help for a command: payout-http help <command>', run: helpCommand },
};

export function overview(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    'payout-http: craft, sign, send and verify Partner Payout Service requests from .payout.http files',
    '',
    'Usage: payout-http <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Examples:',
    '  payout-http send examples/quickstart.payout.http --all',
    '  payout-http sign orders.payout.http --name quote --env sandbox',
    '  payout-http lint *.payout.http',
    '  payout-http help send',
    '',
    'With no environment configured, requests go to the local sandbox (started on demand).',
    `Exit codes: ${EXIT.ok} success, ${EXIT.failed} a request, assertion or check failed, ${EXIT.usage} usage error.`,
  ].join('\n');
}

async function helpCommand(argv: string[]): Promise<number> {
  const name = argv.find((a) => !a.startsWith('-'));
  if (!name || name === 'help') {
    writeOut(overview() + '\n');
    return EXIT.ok;
  }
  const entry = commands[name];
  if (!entry) return unknownCommand(name);
  return entry.run(['--help']);
}

function unknownCommand(name: string): number {
  writeErr(
    `payout-http: unknown command "${name}". Use one of: ${Object.keys(commands).join(', ')}.\n` +
      `Run "payout-http help" for what each does.\n`,
  );
  return EXIT.usage;
}

export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } finally {
    flushOut(); // stdout is written in batches (cli/output.ts): all of it is out when main returns
  }
}

async function dispatch(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    writeOut(overview() + '\n');
    return name ? EXIT.ok : EXIT.usage;
  }
  if (name === '--version' || name === '-v') {
    writeOut(`${VERSION}\n`);
    return EXIT.ok;
  }
  const entry = commands[name];
  if (!entry) return unknownCommand(name);
  try {
    return await entry.run(rest);
  } catch (err) {
    // A command should report its own errors; this is the net under it so nothing crashes with a stack.
    writeErr(`payout-http ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.failed;
  }
}

const VERSION = version;

// Run when executed (bundled dist/cli.js or `tsx cli/main.ts`), not when imported by a test.
const invokedDirectly = typeof require !== 'undefined' && typeof module !== 'undefined' ? require.main === module : isEsmEntry();
function isEsmEntry(): boolean {
  const entry = process.argv[1] ?? '';
  return /(?:^|[\\/])(?:cli|main)\.(?:js|ts|cjs|mjs)$/.test(entry) || /payout-http$/.test(entry);
}
// Not in a worker thread: dist/cli.js is also the proxy inspector's thread (engine/proxy/inspectWorker.ts).
if (invokedDirectly && isMainThread) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      writeErr(`payout-http: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = EXIT.failed;
    },
  );
}
// dist/cli.js started as the proxy inspector's thread (engine/proxy/inspector.ts): the commands load
// lazily, so the inspector's module is loaded here; it serves when workerData names its role.
// Messages the proxy posts meanwhile wait in the thread's port until it listens.
if (!isMainThread && workerData) void import('../engine/proxy/inspectWorker');
