// JetBrains HTTP Client's `$random.*` dynamic variables, computed from the injected random source
// (SystemVariables.randomInt), so tests can pin them like every other system variable.
// https://www.jetbrains.com/help/idea/http-client-variables.html#dynamic-variables

export interface DynamicVariableInfo {
  usage: string;
  description: string;
  /** What completion inserts, when not the bare name: arguments that resolve as written. */
  insert?: string;
}

/** The `$random.*` variables computed here (besides `$random.uuid`, which is `$uuid`). */
export const RANDOM_VARIABLES: Readonly<Record<string, DynamicVariableInfo>> = {
  '$random.integer': {
    usage: '{{$random.integer(from, to)}}',
    description: 'A random integer from `from` (included) to `to` (excluded); 0 to 1000 without arguments (JetBrains).',
    insert: '$random.integer(0, 100)',
  },
  '$random.float': {
    usage: '{{$random.float(from, to)}}',
    description: 'A random number from `from` to `to`; 0 to 1000 without arguments (JetBrains).',
    insert: '$random.float(0, 1)',
  },
  '$random.alphabetic': {
    usage: '{{$random.alphabetic(length)}}',
    description: 'A string of `length` random letters (JetBrains).',
    insert: '$random.alphabetic(10)',
  },
  '$random.alphanumeric': {
    usage: '{{$random.alphanumeric(length)}}',
    description: 'A string of `length` random letters, digits and underscores (JetBrains).',
    insert: '$random.alphanumeric(10)',
  },
  '$random.hexadecimal': {
    usage: '{{$random.hexadecimal(length)}}',
    description: 'A string of `length` random hexadecimal digits (JetBrains).',
    insert: '$random.hexadecimal(8)',
  },
  '$random.email': { usage: '{{$random.email}}', description: 'A random e-mail address (JetBrains).' },
  '$random.name.firstName': { usage: '{{$random.name.firstName}}', description: 'A random first name (JetBrains, Faker).' },
  '$random.name.lastName': { usage: '{{$random.name.lastName}}', description: 'A random last name (JetBrains, Faker).' },
  '$random.name.fullName': { usage: '{{$random.name.fullName}}', description: 'A random first and last name (JetBrains, Faker).' },
  '$random.name.username': { usage: '{{$random.name.username}}', description: 'A random user name (JetBrains, Faker).' },
  '$random.internet.emailAddress': {
    usage: '{{$random.internet.emailAddress}}',
    description: 'A random e-mail address (JetBrains, Faker).',
  },
  '$random.internet.domainName': { usage: '{{$random.internet.domainName}}', description: 'A random domain name (JetBrains, Faker).' },
  '$random.internet.url': { usage: '{{$random.internet.url}}', description: 'A random https URL (JetBrains, Faker).' },
  '$random.address.city': { usage: '{{$random.address.city}}', description: 'A random city name (JetBrains, Faker).' },
  '$random.address.country': { usage: '{{$random.address.country}}', description: 'A random country name (JetBrains, Faker).' },
  '$random.address.zipCode': { usage: '{{$random.address.zipCode}}', description: 'A random five-digit postal code (JetBrains, Faker).' },
  '$random.phoneNumber.phoneNumber': {
    usage: '{{$random.phoneNumber.phoneNumber}}',
    description: 'A random phone number (JetBrains, Faker).',
  },
  '$random.company.name': { usage: '{{$random.company.name}}', description: 'A random company name (JetBrains, Faker).' },
};

const FIRST = ['Alice', 'Bao', 'Carmen', 'Dmitri', 'Emeka', 'Farah', 'Giulia', 'Hiro', 'Ines', 'Jonas', 'Linh', 'Mateo'];
const LAST = ['Nguyen', 'Okafor', 'Petrov', 'Quispe', 'Rossi', 'Sato', 'Tran', 'Umarov', 'Varga', 'Weber', 'Yilmaz', 'Zhou'];
const CITIES = ['Hanoi', 'Lagos', 'Lima', 'Osaka', 'Porto', 'Tallinn', 'Tbilisi', 'Valencia'];
const COUNTRIES = ['Vietnam', 'Nigeria', 'Peru', 'Japan', 'Portugal', 'Estonia', 'Georgia', 'Spain'];
const WORDS = ['acme', 'globex', 'initech', 'umbrella', 'stark', 'wayne', 'tyrell', 'cyberdyne'];
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const LETTERS = LOWER + LOWER.toUpperCase();
const ALNUM = LETTERS + '0123456789_';
const HEX = '0123456789abcdef';
/** Longest random string made (a typo like `(1e9)` must not build a gigabyte). */
const MAX_LENGTH = 10_000;

type RandomInt = (min: number, max: number) => number;
export type Computed = { ok: true; value: string } | { ok: false; reason: string };

/** `$random.*` variable `name` with `args` (the text between the parentheses, split at commas). */
export function randomVariable(name: string, args: string[], randomInt: RandomInt): Computed {
  const pick = (xs: readonly string[]) => xs[randomInt(0, xs.length)];
  const chars = (alphabet: string, n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[randomInt(0, alphabet.length)];
    return s;
  };
  switch (name) {
    case '$random.integer':
    case '$random.float': {
      const [from, to] = args.length === 0 ? [0, 1000] : args.map(Number);
      if (args.length !== 0 && (args.length !== 2 || !Number.isFinite(from) || !Number.isFinite(to) || to <= from)) {
        return { ok: false, reason: `Write \`{{${name}(from, to)}}\` with two numbers, from below to, e.g. \`{{${name}(1, 100)}}\`.` };
      }
      if (name === '$random.float') return { ok: true, value: String(from + (randomInt(0, 2 ** 48 - 1) / 2 ** 48) * (to - from)) };
      const lo = Math.ceil(from);
      const hi = Math.ceil(to);
      if (hi <= lo || hi - lo > 2 ** 48 - 1)
        return { ok: false, reason: `\`{{${name}(${args.join(', ')})}}\` holds no whole number: widen the range.` };
      return { ok: true, value: String(randomInt(lo, hi)) };
    }
    case '$random.alphabetic':
    case '$random.alphanumeric':
    case '$random.hexadecimal': {
      const n = Number(args[0]);
      if (args.length !== 1 || !Number.isInteger(n) || n < 0 || n > MAX_LENGTH) {
        return {
          ok: false,
          reason: `Write \`{{${name}(length)}}\` with a whole number from 0 to ${MAX_LENGTH}, e.g. \`{{${name}(10)}}\`.`,
        };
      }
      return { ok: true, value: chars(name === '$random.alphabetic' ? LETTERS : name === '$random.hexadecimal' ? HEX : ALNUM, n) };
    }
    case '$random.email':
    case '$random.internet.emailAddress':
      return { ok: true, value: `${pick(FIRST).toLowerCase()}.${chars(LOWER, 6)}@example.com` };
    case '$random.name.firstName':
      return { ok: true, value: pick(FIRST) };
    case '$random.name.lastName':
      return { ok: true, value: pick(LAST) };
    case '$random.name.fullName':
      return { ok: true, value: `${pick(FIRST)} ${pick(LAST)}` };
    case '$random.name.username':
      return { ok: true, value: `${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}` };
    case '$random.internet.domainName':
      return { ok: true, value: `${pick(WORDS)}-${chars(LOWER, 4)}.example` };
    case '$random.internet.url':
      return { ok: true, value: `https://${pick(WORDS)}-${chars(LOWER, 4)}.example/` };
    case '$random.address.city':
      return { ok: true, value: pick(CITIES) };
    case '$random.address.country':
      return { ok: true, value: pick(COUNTRIES) };
    case '$random.address.zipCode':
      return { ok: true, value: chars('0123456789', 5) };
    case '$random.phoneNumber.phoneNumber':
      return { ok: true, value: `+1-555-${chars('0123456789', 3)}-${chars('0123456789', 4)}` };
    case '$random.company.name':
      return { ok: true, value: `${pick(WORDS)[0].toUpperCase()}${pick(WORDS).slice(1)} ${pick(['Ltd', 'Inc', 'GmbH', 'JSC'])}` };
    default:
      return { ok: false, reason: `Unknown dynamic variable \`${name}\`: use one of ${Object.keys(RANDOM_VARIABLES).join(', ')}.` };
  }
}
