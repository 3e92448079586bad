// Doc 1 §4.3: phoneCountryCode is digits only, with no plus sign.
import { isDigitsOnly } from '../../../catalogue/formats';
import { formatRule } from './formatRule';

export const digitsOnly = formatRule({
  code: 'payout/digits-only',
  description: 'A value that must be digits only (phoneCountryCode: no plus sign, no spaces).',
  formats: ['digits-only'],
  problem(value) {
    if (isDigitsOnly(value)) return undefined;
    const digits = value.replace(/\D/g, '');
    return {
      problem: `is "${value}"; it must be digits only, with no plus sign or spaces`,
      fix: digits ? `Write "${digits}".` : 'Write the calling code as digits, e.g. "84".',
      replacement: digits || undefined,
    };
  },
});
