// The secret guard's view of a program (issue 22): a secret is looked for in every form text can
// carry it, since a literal escapes a quote or a backslash and a URL percent-encodes.
import { ENCODERS } from './encode';

/** The ways a URL writes `s`: percent-encoded as a component, in a path, in a query, as a form value. */
function urlForms(s: string): string[] {
  const forms = [s, encodeURIComponent(s), encodeURI(s), new URLSearchParams({ k: s }).toString().slice(2)];
  try {
    forms.push(new URL(`http://h/${s}`).pathname.slice(1), new URL(`http://h/?${s}`).search.slice(1));
  } catch {
    // Not a URL's text: the component encodings above cover it.
  }
  return forms;
}

/**
 * Every form a secret can take in a program's text: each way a URL writes it, and each of those as
 * JSON and as each language's string literal writes it (without the quotes). Forms shorter than 6
 * characters are left out, as the Redactor leaves them: a 1-character secret would match every program.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const form of urlForms(secret)) {
    forms.add(form);
    forms.add(JSON.stringify(form).slice(1, -1));
    for (const encoder of ENCODERS) {
      try {
        forms.add(encoder.str(form).text.slice(1, -1));
      } catch {
        // A secret no program could hold (a lone surrogate) cannot be in one either.
      }
    }
  }
  return [...forms].filter((f) => f.length >= 6);
}

/** Whether `program` holds any of the secrets in any of their forms. */
export function holdsSecret(program: string, secrets: Iterable<string>): boolean {
  for (const secret of secrets) if (secret && secretForms(secret).some((f) => program.includes(f))) return true;
  return false;
}
