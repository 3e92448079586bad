// Signing a signed-v2 request (doc 1 §4.0, §5): the canonical string is built from the body AS THE
// SERVICE WILL PARSE IT (JSON.parse of the exact bytes sent), signed RSA-SHA256 with the partner's
// private key, and the signature put into the body's `signature` field with a minimal text edit so
// the rest of the body is sent byte for byte as written. A `signature` already typed in the body
// is sent as typed (to reproduce another system's request) and checked against the computed one.
import { createPublicKey } from 'node:crypto';
import type { Endpoint } from '../catalogue/types';
import { buildCanonical, explainSignature, jsString, signText, verifyText, type CandidateSource } from '../signing';
import type { Credentials } from './credentials';
import type { SigningInfo } from './types';
import { setJsonMember } from '../util/jsonMember';

export interface SignedBody {
  body: string;
  signing?: SigningInfo;
  problems: string[];
  warnings: string[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The body with top-level `name` set by a minimal edit (every other byte as written); an empty body
 * becomes `{"name": "..."}`. Only called with a body that parsed as a JSON object, or an empty one.
 */
export function setJsonField(bodyText: string, name: string, value: string): string {
  if (bodyText.trim() === '') return JSON.stringify({ [name]: value }, null, 2);
  const set = setJsonMember(bodyText, name, value);
  if (set === undefined) throw new Error(`cannot set ${name}: the body is not a JSON object`);
  return set;
}

export function insertSignature(bodyText: string, signature: string): string {
  return setJsonField(bodyText, 'signature', signature);
}

/**
 * `unresolvedFields`: body fields whose value still holds an unresolved `{{...}}`; a signature over
 * them would be over the template text, so signing stops and says what is missing.
 */
export function signV2Body(
  endpoint: Endpoint,
  bodyText: string | undefined,
  creds: Credentials,
  blockers: string[],
  /** The values at hand for explaining a typed signature that does not match; false: do not explain it. */
  explainSources?: (() => readonly CandidateSource[]) | false,
): SignedBody {
  const template = endpoint.signedString;
  const problems: string[] = [];
  const warnings: string[] = [];
  const text = bodyText ?? '';
  if (!template) return { body: text, problems, warnings };

  let values: Record<string, unknown> = {};
  if (text.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      // An unquoted `{{...}}` that did not resolve breaks the JSON: what is missing is the news.
      if (blockers.length) {
        problems.push(...blockers.map((b) => `cannot sign: ${b}`));
        return { body: text, problems, warnings };
      }
      problems.push(
        `the body is not valid JSON (${(err as Error).message}); ${endpoint.path} takes a JSON object, e.g. {"partnerCode": "{{partnerCode}}"}`,
      );
      return { body: text, problems, warnings };
    }
    if (!isRecord(parsed)) {
      problems.push(`the body is ${Array.isArray(parsed) ? 'an array' : typeof parsed}; ${endpoint.path} takes a JSON object`);
      return { body: text, problems, warnings };
    }
    values = parsed;
  } else {
    warnings.push(`the body is empty; ${endpoint.path} takes a JSON object with ${template.segments.map((s) => s.field).join(', ')}`);
  }

  const canonical = buildCanonical(template, values);
  for (const o of canonical.omitted) {
    warnings.push(
      `${o.field} is signed but omitted: it is signed as the text \`${o.signedAs}\`${o.note ? ` (${o.note})` : ''}; send every signed field`,
    );
  }
  const signing: SigningInfo = {
    canonicalDisplay: canonical.display,
    segments: canonical.segments,
    omitted: canonical.omitted,
    source: 'computed',
  };
  const typed = values.signature;
  const missing = [...blockers];
  if (!creds.secretKey) missing.push(creds.problems.secretKey!);
  if (!creds.privateKey) missing.push(creds.problems.privateKey!);

  if (typed !== undefined) {
    signing.source = 'typed';
    signing.signature = jsString(typed);
    if (missing.length === 0) {
      const publicKey = createPublicKey(creds.privateKey!);
      signing.typedMatches = verifyText(canonical.withSecret(creds.secretKey!), typed, publicKey);
      if (!signing.typedMatches && explainSources !== false) {
        signing.explanation = explainSignature({
          template,
          values,
          secret: creds.secretKey!,
          signature: signing.signature,
          publicKey,
          bodyJson: text,
          ...(explainSources ? { sources: explainSources() } : {}),
        });
      }
      if (!signing.typedMatches)
        warnings.push('the signature typed in the body does not match the one computed from the body; it is sent as typed');
    } else {
      warnings.push(`the typed signature is sent as typed; whether it matches cannot be told: ${missing.join('; ')}`);
    }
    return { body: text, signing, problems, warnings };
  }

  if (missing.length > 0) {
    problems.push(...missing.map((m) => `cannot sign: ${m}`));
    return { body: text, signing, problems, warnings };
  }
  signing.signature = signText(canonical.withSecret(creds.secretKey!), creds.privateKey!);
  return { body: insertSignature(text, signing.signature), signing, problems, warnings };
}
