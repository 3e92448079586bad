// `payout-http sandbox`: runs the local payout sandbox in the foreground until SIGINT/SIGTERM.
// Prints exactly one line `payout-http sandbox listening on <url>` when ready (tools wait for it),
// then one line per request (`METHOD path -> errorCode`), never a body or a secret.
import { command, UsageError } from '../args';
import { EXIT } from '../exitCodes';
import { ConfigError } from '../../engine/sandbox/config';
import { startSandbox } from '../../engine/sandbox/server';
import { payoutHome } from '../../engine/sandbox/home';
import { runningSandbox, stopLocalSandbox } from '../../engine/sandbox/ensure';
import { writeErr, writeOut } from '../output';

export const LISTENING_PREFIX = 'payout-http sandbox listening on ';

function nonNegativeInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number, not "${text}"`);
  return Number(text);
}

export const sandboxCommand = command(
  {
    name: 'sandbox',
    usage: 'payout-http sandbox [status|stop] [--port N] [--home DIR] [--config FILE] [--kyc-delay MS] [--auto-settle MS]',
    description:
      'Run the local sandbox of the Partner Payout Service (/api/v2, /v3, and the plant store under /plant-store/v3) on 127.0.0.1. ' +
      'Credentials are generated on first use and the `local` environment is written to <home>/local; nothing secret is printed.',
    options: {
      port: { type: 'string', valueName: 'N', description: 'port to listen on (default 0: any free port)' },
      host: { type: 'string', valueName: 'HOST', description: 'address to listen on (default 127.0.0.1)' },
      home: { type: 'string', valueName: 'DIR', description: 'state folder (default $PAYOUT_HTTP_HOME, else ~/.local/state/payout-http)' },
      config: {
        type: 'string',
        valueName: 'FILE',
        description: 'JSON config: extra partners, locked partners, IP allowlists, webhooks, funds, caps (docs/sandbox.md)',
      },
      'kyc-delay': { type: 'string', valueName: 'MS', description: 'how long a KYC submission stays PROCESSING (default 1000)' },
      'auto-settle': {
        type: 'string',
        valueName: 'MS',
        description: 'settle orders to SUCCESS on their own after MS (default: wait for a simulated outcome)',
      },
    },
    examples: [
      'payout-http sandbox',
      'payout-http sandbox --port 4010 --kyc-delay 0',
      'payout-http sandbox --config sandbox.config.json',
      'payout-http sandbox status',
      'payout-http sandbox stop',
    ],
    notes: [
      '`status` prints the URL of the sandbox running for the state folder (exit 1 if none); `stop` stops it (it saves its state first).',
      'Test triggers (KYC rejection, payout failure, blacklisted account, empty bank list) are listed in docs/sandbox.md.',
    ],
  },
  async ({ values, positionals }) => {
    const [action, ...extra] = positionals;
    if (extra.length || (action !== undefined && action !== 'status' && action !== 'stop')) {
      throw new UsageError(`unexpected argument "${[action, ...extra].join(' ')}": use "status", "stop", or options only`);
    }
    if (action === 'status' || action === 'stop') {
      const home = values.home ?? payoutHome();
      const url = await runningSandbox(home);
      if (action === 'status') {
        writeOut(url ? `payout-http sandbox running at ${url} (state in ${home})\n` : `no payout-http sandbox is running for ${home}\n`);
        return url ? EXIT.ok : EXIT.failed;
      }
      if (!url) {
        writeOut(`no payout-http sandbox is running for ${home}; nothing to stop\n`);
        return EXIT.ok;
      }
      const stopped = await stopLocalSandbox({ home });
      writeOut(
        stopped
          ? `payout-http sandbox at ${url} stopped\n`
          : `the sandbox at ${url} did not stop in time; see ${home}/sandbox.json for its pid\n`,
      );
      return stopped ? EXIT.ok : EXIT.failed;
    }
    const port = nonNegativeInt('port', values.port);
    if (port !== undefined && port > 65535) throw new UsageError(`--port ${port} is not a port number (0-65535)`);
    const kycDelayMs = nonNegativeInt('kyc-delay', values['kyc-delay']);
    const autoSettleMs = nonNegativeInt('auto-settle', values['auto-settle']);
    const home = values.home ?? payoutHome();
    // Two sandboxes on one state folder would overwrite each other's state.
    const already = await runningSandbox(home);
    if (already) {
      writeErr(
        `payout-http sandbox: one is already running for ${home} at ${already}; use it, stop it with "payout-http sandbox stop", or pass another --home\n`,
      );
      return EXIT.failed;
    }
    let sandbox;
    try {
      sandbox = await startSandbox({
        home,
        ...(port !== undefined ? { port } : {}),
        ...(values.host ? { host: values.host } : {}),
        ...(values.config ? { config: values.config } : {}),
        ...(kycDelayMs !== undefined ? { kycDelayMs } : {}),
        ...(autoSettleMs !== undefined ? { autoSettleMs } : {}),
        log: (line) => writeOut(`${line}\n`),
      });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      const why =
        e instanceof ConfigError
          ? err.message
          : err.code === 'EADDRINUSE'
            ? `port ${port} is already in use: choose another with --port, or --port 0 for any free port`
            : err.code === 'EACCES'
              ? `cannot listen or write here (${err.message}): check --port and that ${home} is writable`
              : err.message;
      writeErr(`payout-http sandbox: ${why}\n`);
      return EXIT.failed;
    }
    for (const w of sandbox.warnings) writeErr(`payout-http sandbox: ${w}\n`);
    writeOut(`${LISTENING_PREFIX}${sandbox.url}\n`);
    // Last resort: no request, timer or callback may end the sandbox. Each handler and persistence step
    // is guarded where it runs; anything that still escapes is logged and the sandbox keeps serving.
    const survive = (e: unknown) =>
      writeOut(`payout-http sandbox: unexpected error (the sandbox keeps running): ${(e as Error)?.stack ?? String(e)}\n`);
    process.on('uncaughtException', survive);
    process.on('unhandledRejection', survive);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await sandbox.close();
    return EXIT.ok;
  },
);
