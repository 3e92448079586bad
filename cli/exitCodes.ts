// Exit codes of every payout-http command, in one place so scripts and CI can rely on them.
export const EXIT = {
  /** Everything ran and every check held. */
  ok: 0,
  /** A request failed, an assertion did not hold, a signature did not verify, lint found errors. */
  failed: 1,
  /** The command line itself is wrong (unknown command or option, missing argument). */
  usage: 2,
} as const;

export type CommandRunner = (argv: string[]) => Promise<number>;
