// Doc 1 §4.3: dateOfBirth, issueDate, expiryDate are `YYYY-MM-DD`.
import { isCalendarDate } from '../../../catalogue/formats';
import { formatRule } from './formatRule';

export const dateFormat = formatRule({
  code: 'payout/date-format',
  description: 'A date that is not `YYYY-MM-DD` (or not a calendar date).',
  formats: ['date'],
  problem(value) {
    if (isCalendarDate(value)) return undefined;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value))
      return { problem: `is "${value}", which is not a calendar date`, fix: 'Write an existing date as YYYY-MM-DD.' };
    // Common other spellings: DD/MM/YYYY, YYYY/MM/DD.
    const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
    const ymd = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(value);
    const pad = (n: string) => n.padStart(2, '0');
    const replacement = ymd ? `${ymd[1]}-${pad(ymd[2])}-${pad(ymd[3])}` : dmy ? `${dmy[3]}-${pad(dmy[2])}-${pad(dmy[1])}` : undefined;
    return { problem: `is "${value}", not a date in YYYY-MM-DD form`, fix: 'Write it as YYYY-MM-DD, e.g. 1990-01-31.', replacement };
  },
});
