// TEMPORARY placeholder while engine/http lands (replaced within the session; see docs/cli.md).
import { EXIT } from '../exitCodes';

export async function lintCommand(argv: string[]): Promise<number> {
  void argv;
  process.stderr.write('payout-http lint: not available in this build yet.\n');
  return EXIT.failed;
}
