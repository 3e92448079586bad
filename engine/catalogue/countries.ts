// ISO 3166-1 alpha-2 codes with English names, for `nationality` completion and lint. Taken from
// the ICU data that ships with Node (Intl.DisplayNames) rather than a hand-typed table: a code is
// a country when ICU knows a name for it. ICU also names a few codes that are not ISO 3166-1
// countries (user-assigned or grouping codes); those are excluded explicitly.

// Grouping and user-assigned codes, and withdrawn codes ICU still names (BU, CS, DD, ..., ZR).
const NOT_ISO_3166_1 = new Set([
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'EU',
  'EZ',
  'IC',
  'QO',
  'TA',
  'UN',
  'XA',
  'XB',
  'XK',
  'ZZ',
  'AN',
  'BU',
  'CS',
  'DD',
  'DY',
  'FX',
  'HV',
  'NH',
  'RH',
  'SU',
  'TP',
  'UK',
  'VD',
  'YD',
  'YU',
  'ZR',
]);

let table: Map<string, string> | undefined;

/** code -> English name, e.g. `VN` -> `Vietnam`. */
export function isoCountries(): Map<string, string> {
  if (table) return table;
  table = new Map();
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  } catch {
    return table; // Node without ICU region data: completion offers no list, lint checks the shape only.
  }
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_ISO_3166_1.has(code)) continue;
      const name = names.of(code);
      if (name && name !== code) table.set(code, name);
    }
  }
  return table;
}
