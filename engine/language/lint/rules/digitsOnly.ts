// Doc 1 §4.3: phoneCountryCode is digits only, with no plus sign, and "checked against a list of
// calling codes" (the list is the project's assumption: catalogue/formats.ts CALLING_CODES).
import { isCallingCode, isDigitsOnly } from '../../../catalogue/formats';
import { formatRule } from './formatRule';

export const digitsOnly = formatRule({
  code: 'payout/digits-only',
  description: 'A value that must be digits only (phoneCountryCode: no plus sign, no spaces, a known calling code).',
  formats: ['digits-only', 'calling-code'],
  problem(value, spec) {
    if (isDigitsOnly(value)) {
      if (spec.format !== 'calling-code' || isCallingCode(value)) return undefined;
      const trimmed = value.replace(/^0+/, '');
      return {
        problem: `is "${value}", which is not a country calling code`,
        fix: isCallingCode(trimmed) ? `Write "${trimmed}" (no leading zeros).` : 'Write the country calling code, e.g. "84" for Vietnam.',
        replacement: isCallingCode(trimmed) ? trimmed : undefined,
      };
    }
    const digits = value.replace(/\D/g, '');
    return {
      problem: `is "${value}"; it must be digits only, with no plus sign or spaces`,
      fix: digits ? `Write "${digits}".` : 'Write the calling code as digits, e.g. "84".',
      replacement: digits || undefined,
    };
  },
});
