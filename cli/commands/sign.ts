// TEMPORARY placeholder while engine/http lands (replaced within the session; see docs/cli.md).
import { EXIT } from '../exitCodes';

export async function signCommand(argv: string[]): Promise<number> {
  void argv;
  process.stderr.write('payout-http sign: not available in this build yet.\n');
  return EXIT.failed;
}
