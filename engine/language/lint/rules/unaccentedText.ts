// Doc 1 §4.13 content and §4.16 transferContent: unaccented letters, no special characters (17).
import { isUnaccented, unaccent } from '../../../catalogue/formats';
import { formatRule } from './formatRule';

export { unaccent };

const ALLOWED = /^[A-Za-z0-9 ]$/;

export const unaccentedText = formatRule({
  code: 'payout/unaccented-text',
  description: 'Transfer text with accents or special characters (17).',
  formats: ['unaccented'],
  problem(value) {
    if (isUnaccented(value)) return undefined;
    const bad = [...new Set([...value].filter((c) => !ALLOWED.test(c)))].join(' ');
    const clean = unaccent(value);
    return {
      problem: `has accents or special characters (${bad})`,
      fix: `Use unaccented letters, digits and spaces only${clean ? `, e.g. "${clean}"` : ''}.`,
      replacement: clean || undefined,
    };
  },
});
