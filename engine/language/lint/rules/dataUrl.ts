// Doc 1 §4.3: images and the KYC report are base64 data URLs with their prefix; a bare base64
// string is rejected with 58.
import { isBareBase64, isDataUrl } from '../../../catalogue/formats';
import { formatRule } from './formatRule';

export const dataUrl = formatRule({
  code: 'payout/data-url',
  description: 'A KYC image or report that is not a base64 data URL with its prefix (58).',
  formats: ['data-url-image', 'data-url-pdf'],
  problem(value, spec) {
    const pdf = spec.format === 'data-url-pdf';
    if (isDataUrl(value, pdf ? 'pdf' : 'image')) return undefined;
    const prefix = pdf ? 'data:application/pdf;base64,' : 'data:image/jpeg;base64,';
    if (isBareBase64(value)) {
      return { problem: 'is bare base64 without the data URL prefix', fix: `Prefix it with \`${prefix}\`.`, replacement: prefix + value };
    }
    return {
      problem: `is not ${pdf ? 'a PDF' : 'an image'} data URL`,
      fix: `Write it as \`${prefix}<DATA>\`, the file's content in base64.`,
    };
  },
});
