// Doc 1 §4.3: nationality is ISO 3166-1 alpha-2, uppercase, checked against a list.
import { isIsoCountry, isoCountries } from '../../../catalogue/formats';
import { formatRule } from './formatRule';

export const countryCode = formatRule({
  code: 'payout/country-code',
  description: 'A nationality that is not an uppercase ISO 3166-1 alpha-2 code.',
  formats: ['iso-country'],
  problem(value) {
    const known = isoCountries();
    const upper = value.trim().toUpperCase();
    if (isIsoCountry(value)) return undefined;
    if (isIsoCountry(upper)) {
      return { problem: `is "${value}"; codes are uppercase`, fix: `Write "${upper}".`, replacement: upper };
    }
    if (/^[A-Z]{2}$/.test(value))
      return {
        problem: `is "${value}", which is not an ISO 3166-1 alpha-2 country code`,
        fix: 'Use the two-letter code of the country, e.g. "VN".',
      };
    // A country name instead of its code.
    const byName = [...known].find(([, name]) => name.toLowerCase() === value.trim().toLowerCase());
    return {
      problem: `is "${value}", not an ISO 3166-1 alpha-2 code`,
      fix: byName ? `Write "${byName[0]}" (${byName[1]}).` : 'Use the uppercase two-letter code, e.g. "VN".',
      replacement: byName?.[0],
    };
  },
});
