// Doc 1 §4.13 content and §4.16 transferContent: unaccented letters, no special characters (17).
import { formatRule } from './formatRule';

const ALLOWED = /^[A-Za-z0-9 ]*$/;

/** Accents removed (NFD, combining marks dropped; đ/Đ spelled d/D), other special characters dropped. */
export function unaccent(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export const unaccentedText = formatRule({
  code: 'payout/unaccented-text',
  description: 'Transfer text with accents or special characters (17).',
  formats: ['unaccented'],
  problem(value) {
    if (ALLOWED.test(value)) return undefined;
    const bad = [...new Set([...value].filter((c) => !ALLOWED.test(c)))].join(' ');
    const clean = unaccent(value);
    return { problem: `has accents or special characters (${bad})`, fix: `Use unaccented letters, digits and spaces only${clean ? `, e.g. "${clean}"` : ''}.`, replacement: clean || undefined };
  },
});
