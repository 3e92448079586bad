// KYC of doc 1 §4.3-4.6 (and their v3 mirrors): submission, supplement, read-back, access check,
// and the gate transaction endpoints pass through. The review that moves a submission out of
// PROCESSING is "not shown"; the sandbox reviews each submission `kycDelayMs` after it arrives,
// evaluated lazily whenever the record is read (so it survives restarts and needs no timers).
// Test values make the review fail: see REJECT_TRIGGER below and docs/sandbox.md.

import { createHash } from 'node:crypto';
import { catalogue } from '../catalogue/index';
import type { Endpoint } from '../catalogue/types';
import { fail, ok, type Caller, type Outcome, type SandboxContext } from './context';
import { isEmail } from '../catalogue/formats';
import { endpointUrl } from './route';
import { userKey, type KycRecord, type UserRecord } from './state';

/** Test trigger: a submission whose lastName is REJECTME, or whose nationalId starts with REJECT, ends REJECTED. */
export const REJECT_LAST_NAME = 'REJECTME';
export const REJECT_NATIONAL_ID_PREFIX = 'REJECT';
/** Test trigger: a nationalId starting with INSTANT is reviewed at once (VERIFIED on the next read), whatever --kyc-delay says. */
export const INSTANT_NATIONAL_ID_PREFIX = 'INSTANT';
/** Test trigger for error 64: a user e-mail starting with this. */
export const HIGH_RISK_EMAIL_PREFIX = 'highrisk';

const IMAGE_FIELDS: Record<string, keyof KycRecord['images']> = {
  frontIdImage: 'front',
  backIdImage: 'back',
  holdIdImage: 'hold',
  kycReport: 'report',
};

/** Profile members of doc 1 §2.4 that are stored values (not statuses or document URLs). */
const PROFILE_FIELDS = catalogue.shapes['kyc-profile'].map((f) => f.name).filter((n) => !/Status$|^rejectReason$|Url$/.test(n));
const NAME_FIELDS = new Set(['firstName', 'lastName']);

/** Uppercase, accents removed (doc 1 §2.4); Vietnamese Đ has no decomposition, so it is mapped by hand. */
export function normaliseName(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'D').toUpperCase();
}

/** The user's record with its review applied if the delay has passed. */
export function currentUser(ctx: SandboxContext, partnerCode: string, userEmail: string): UserRecord | undefined {
  const user = ctx.store.state.users[userKey(partnerCode, userEmail)];
  const kyc = user?.kyc;
  const delay = kyc?.profile.nationalId?.toUpperCase().startsWith(INSTANT_NATIONAL_ID_PREFIX) ? 0 : ctx.settings.kycDelayMs;
  if (kyc && !kyc.reviewed && ctx.clock() >= kyc.submittedAtMs + delay) {
    kyc.reviewed = true;
    ctx.log(`kyc ${kyc.id} reviewed -> ${kyc.outcome}`);
    ctx.store.changed(['users', userKey(partnerCode, userEmail)]);
  }
  return user;
}

export function kycStatus(kyc: KycRecord): 'PROCESSING' | 'VERIFIED' | 'REJECTED' {
  return kyc.reviewed ? kyc.outcome : 'PROCESSING';
}

function nationalIdTaken(ctx: SandboxContext, partnerCode: string, userEmail: string, nationalId: string): boolean {
  const self = userKey(partnerCode, userEmail);
  return Object.entries(ctx.store.state.users).some(
    ([key, u]) => key !== self && u.partnerCode === partnerCode && u.kyc?.profile.nationalId === nationalId,
  );
}

export function emailProblem(userEmail: string | undefined): Outcome | undefined {
  if (!userEmail || !isEmail(userEmail))
    return fail(27, `userEmail "${userEmail ?? ''}" is not an e-mail address: send the user's address, e.g. alice@example.com`);
  return undefined;
}

/** Doc 1 §4.3. The fields' formats were checked by the validation (validate.ts), as lint checks them. */
export function submitKyc(ctx: SandboxContext, caller: Caller, body: Record<string, unknown>): Outcome {
  const userEmail = caller.userEmail!;
  const bad = emailProblem(userEmail);
  if (bad) return bad;
  const type = String(body.type);
  if (type !== 'PASSPORT' && typeof body.backIdImage !== 'string') {
    return fail(
      58,
      `backIdImage is required for a ${type}: send the back of the document as data:image/jpeg;base64,<DATA>, or use type PASSPORT`,
      { invalid: 'backIdImage' },
    );
  }
  const partnerCode = caller.partner.partnerCode;
  const existing = currentUser(ctx, partnerCode, userEmail)?.kyc;
  if (existing && kycStatus(existing) === 'PROCESSING')
    return fail(
      35,
      `A KYC submission for ${userEmail} is already under review: wait for it to end (get-kyc-information) before resubmitting`,
    );
  if (existing && kycStatus(existing) === 'VERIFIED')
    return fail(52, `${userEmail} is already VERIFIED: use submit-kyc-supplement to change the profile`);
  const nationalId = String(body.nationalId);
  if (nationalIdTaken(ctx, partnerCode, userEmail, nationalId))
    return fail(52, `nationalId ${nationalId} is already registered to another of your users: check the document number`);

  const profile: Record<string, string> = {};
  for (const name of PROFILE_FIELDS) {
    const v = body[name];
    if (typeof v === 'string' && v !== '') profile[name] = NAME_FIELDS.has(name) ? normaliseName(v) : v;
  }
  if (!profile.state && profile.city) profile.state = profile.city; // doc 1 §4.3: state falls back to city
  const rejected = profile.lastName === REJECT_LAST_NAME || nationalId.toUpperCase().startsWith(REJECT_NATIONAL_ID_PREFIX);
  const id = ctx.store.state.nextKycId++;
  const kyc: KycRecord = {
    id,
    submittedAtMs: ctx.clock(),
    outcome: rejected ? 'REJECTED' : 'VERIFIED',
    ...(rejected ? { outcomeReason: 'The identity document could not be verified (sandbox test value).' } : {}),
    reviewed: false,
    supplementStatus: existing?.supplementStatus ?? 'NONE',
    profile,
    documentType: type,
    images: imagesOf(body, type),
  };
  ctx.store.state.users[userKey(partnerCode, userEmail)] = { partnerCode, userEmail, kyc };
  ctx.store.changed(['users', userKey(partnerCode, userEmail)]);
  return ok({ id, kycStatus: 'PROCESSING' });
}

function imagesOf(body: Record<string, unknown>, type: string): KycRecord['images'] {
  const out: KycRecord['images'] = {};
  for (const [field, kind] of Object.entries(IMAGE_FIELDS)) {
    if (kind === 'back' && type === 'PASSPORT') continue; // ignored for a passport (doc 1 §4.3)
    const v = body[field];
    if (typeof v !== 'string') continue;
    // The document's own size and digest (what `sha256sum` of the file prints), not its base64 text's:
    // counting base64 characters made a padded upload one or two bytes too large.
    const data = Buffer.from(v.slice(v.indexOf(',') + 1), 'base64');
    out[kind] = {
      mime: v.slice('data:'.length, v.indexOf(';')),
      sha256: createHash('sha256').update(data).digest('hex'),
      bytes: data.length,
    };
  }
  return out;
}

/** Doc 1 §4.4. */
export function supplementKyc(ctx: SandboxContext, caller: Caller, body: Record<string, unknown>, endpoint: Endpoint): Outcome {
  const userEmail = caller.userEmail!;
  const bad = emailProblem(userEmail);
  if (bad) return bad;
  const user = currentUser(ctx, caller.partner.partnerCode, userEmail);
  const kyc = user?.kyc;
  if (!kyc) return fail(50, `No KYC profile for ${userEmail}: submit it first with submit-kyc`);
  if (kycStatus(kyc) !== 'VERIFIED')
    return fail(
      50,
      `${userEmail} is not VERIFIED (${kycStatus(kyc)}): a profile that was never verified is completed with submit-kyc, not a supplement`,
    );
  // The catalogue names the patchable fields and the code (lint reads the same rule).
  const { fields: patchable, code } = endpoint.requiresOneOf!;
  const sent = patchable.filter((n) => body[n] !== undefined && body[n] !== null);
  if (!sent.length) return fail(code, `No field to patch: send at least one of ${patchable.join(', ')}`);
  if (typeof body.nationalId === 'string' && nationalIdTaken(ctx, caller.partner.partnerCode, userEmail, body.nationalId)) {
    return fail(52, `nationalId ${body.nationalId} is already registered to another of your users: check the document number`);
  }
  for (const name of PROFILE_FIELDS) {
    const v = body[name];
    if (typeof v === 'string') kyc.profile[name] = NAME_FIELDS.has(name) ? normaliseName(v) : v;
  }
  if (typeof body.type === 'string') kyc.documentType = body.type;
  const images = imagesOf(body, kyc.documentType);
  Object.assign(kyc.images, images);
  if (kyc.documentType === 'PASSPORT') delete kyc.images.back; // switching to PASSPORT clears the back image
  kyc.supplementStatus = 'SUBMITTED';
  ctx.store.changed(['users', userKey(caller.partner.partnerCode, userEmail)]);
  return ok({ id: kyc.id, kycStatus: kycStatus(kyc), kycSupplementStatus: 'SUBMITTED' });
}

/** Doc 1 §4.5 / §2.4. */
export function readKyc(ctx: SandboxContext, caller: Caller): Outcome {
  const userEmail = caller.userEmail!;
  const kyc = currentUser(ctx, caller.partner.partnerCode, userEmail)?.kyc;
  if (!kyc) return fail(50, `No KYC profile for ${userEmail} under this partner: submit it with submit-kyc first`);
  const status = kycStatus(kyc);
  if (status === 'REJECTED') {
    // Only these members; the signature's nationalId segment is then the literal `undefined`.
    return ok({ kycStatus: status, kycSupplementStatus: kyc.supplementStatus, rejectReason: kyc.outcomeReason ?? 'Rejected.' });
  }
  const docUrl = (document: string) => endpointUrl(ctx.selfUrl(), 'sandbox.kyc-documents.get', { kycId: kyc.id, document });
  const data: Record<string, unknown> = { kycStatus: status, kycSupplementStatus: kyc.supplementStatus, ...kyc.profile };
  if (kyc.images.front) data.frontUrl = docUrl('front');
  if (kyc.images.back && kyc.documentType !== 'PASSPORT') data.backUrl = docUrl('back');
  if (kyc.images.hold) data.holdUrl = docUrl('hold');
  return ok(data);
}

/** What the sandbox keeps of an uploaded document (served at the read-back URLs). */
export function kycDocument(ctx: SandboxContext, id: number, kind: string): Record<string, unknown> | undefined {
  for (const u of Object.values(ctx.store.state.users)) {
    if (u.kyc?.id === id) {
      const img = u.kyc.images[kind as keyof KycRecord['images']];
      return img ? { kycId: id, document: kind, ...img, note: 'The sandbox keeps a digest of each document, not the image.' } : undefined;
    }
  }
  return undefined;
}

/**
 * The checks transaction endpoints run on the user (codes 27, 34, 59, 64): verified KYC, a
 * nationality the service serves, an e-mail not on the risk list.
 */
export function kycGate(ctx: SandboxContext, caller: Caller, riskCheck = true): Outcome | undefined {
  const userEmail = caller.userEmail;
  const bad = emailProblem(userEmail);
  if (bad) return bad;
  const kyc = currentUser(ctx, caller.partner.partnerCode, userEmail!)?.kyc;
  if (!kyc) return fail(34, `${userEmail} has no KYC profile: submit KYC and wait for VERIFIED`);
  const status = kycStatus(kyc);
  if (status !== 'VERIFIED')
    return fail(
      34,
      `${userEmail} is not KYC-verified (${status}): ${status === 'PROCESSING' ? 'wait for the review to end' : 'fix and resubmit KYC'}`,
    );
  const nationality = kyc.profile.nationality;
  if (!nationality || ctx.settings.blockedNationalities.includes(nationality)) {
    return fail(59, `Nationality ${nationality ?? '(missing)'} is not served for this service and currency: the user cannot transact here`);
  }
  if (riskCheck && userEmail!.toLowerCase().startsWith(HIGH_RISK_EMAIL_PREFIX))
    return fail(64, `${userEmail} is on the risk list: this user cannot transact`);
  return undefined;
}

/** Doc 1 §4.6. */
export function checkAccess(ctx: SandboxContext, caller: Caller): Outcome {
  // Only 34 and 59 are documented here; the risk list is a transaction check.
  const gate = kycGate(ctx, caller, false);
  return gate ?? ok({ access: true });
}
