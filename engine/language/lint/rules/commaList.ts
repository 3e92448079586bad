// Doc 1 §4.9: orders/prices `currencies` is a comma-separated list; one with no name in it (`""`,
// `" , "`) is refused (the catalogue's format, the same check the local sandbox applies).
import { formatRule } from './formatRule';
import { hasFormat } from '../../../catalogue/formats';

export const commaList = formatRule({
  code: 'payout/comma-list',
  description: 'A comma-separated list with no item in it (orders/prices currencies).',
  formats: ['comma-list'],
  problem(value) {
    if (hasFormat('comma-list', value)) return undefined;
    return { problem: `is "${value}", a list with no item`, fix: 'Write the currencies separated by commas, e.g. "USDT,ETH".' };
  },
});
