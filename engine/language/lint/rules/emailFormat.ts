// Doc 1 §7 error 27: userEmail malformed.
import { isEmail } from '../../../catalogue/formats';
import { formatRule } from './formatRule';

export const emailFormat = formatRule({
  code: 'payout/email-format',
  description: 'A userEmail that is not an e-mail address (27).',
  formats: ['email'],
  problem(value) {
    if (isEmail(value)) return undefined;
    const trimmed = value.trim();
    if (trimmed !== value && isEmail(trimmed))
      return { problem: 'has spaces around the address', fix: `Write "${trimmed}".`, replacement: trimmed };
    return { problem: `is "${value}", not an e-mail address`, fix: 'Write the user\'s address, e.g. "alice@example.com".' };
  },
});
