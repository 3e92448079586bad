// Doc 1 §7 error 27: userEmail malformed.
import { formatRule } from './formatRule';

const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[A-Za-z]{2,}$/;

export const emailFormat = formatRule({
  code: 'payout/email-format',
  description: 'A userEmail that is not an e-mail address (27).',
  formats: ['email'],
  problem(value) {
    if (EMAIL.test(value)) return undefined;
    const trimmed = value.trim();
    if (trimmed !== value && EMAIL.test(trimmed)) return { problem: 'has spaces around the address', fix: `Write "${trimmed}".`, replacement: trimmed };
    return { problem: `is "${value}", not an e-mail address`, fix: 'Write the user\'s address, e.g. "alice@example.com".' };
  },
});
