import { defineEndpoint } from '../endpoint.ts';
import { ZRecordConsentRequestSchema, ZRecordConsentResponseSchema } from './consent-schemas.ts';
import {
  OPT_OUT_PATHS,
  ZAccessRequestSchema,
  ZOptOutBioCheckRequestSchema,
  ZOptOutChallengeSchema,
  ZOptOutConfirmRequestSchema,
  ZOptOutReceivedSchema,
  ZOptOutRecordedSchema,
  ZOptOutRequestSchema,
} from './opt-out.ts';
import { MARKETING_PATHS } from './plans-view.ts';
import { ZPlansViewSchema } from './plans-view-schemas.ts';

/** The marketing service's endpoints: public content, no sign-in. */
export const MARKETING_ENDPOINTS = {
  plans: defineEndpoint({
    method: 'get',
    path: MARKETING_PATHS.plans,
    summary: 'The paid plans, with the promo while it runs',
    description: '`promo` is null once `PROMO_ENDS_AT` has passed; pricing pages drop it at that instant.',
    auth: 'public',
    responses: { 200: { description: 'The plan table and the promo.', body: ZPlansViewSchema } },
  }),
  consents: defineEndpoint({
    method: 'post',
    path: MARKETING_PATHS.consents,
    summary: 'Record a cookie-banner choice',
    description:
      'Appends the visitor’s choice to the consent log, keyed by an anonymous id the browser keeps. ' +
      'Bodies over 1 KiB are refused before parsing; each client address has a rate limit.',
    auth: 'public',
    body: ZRecordConsentRequestSchema,
    responses: { 201: { description: 'Recorded.', body: ZRecordConsentResponseSchema } },
    errors: ['RATE_LIMITED'],
  }),
  optOutChallenge: defineEndpoint({
    method: 'get',
    path: OPT_OUT_PATHS.challenge,
    summary: 'A proof-of-work challenge for the opt-out',
    description:
      'Find a decimal `nonce` whose SHA-256 of `<challenge>:<nonce>` has `difficulty` leading zero bits. ' +
      'Signed, valid until `expiresAt`, accepted once.',
    auth: 'public',
    responses: { 200: { description: 'A fresh challenge.', body: ZOptOutChallengeSchema } },
  }),
  optOut: defineEndpoint({
    method: 'post',
    path: OPT_OUT_PATHS.optOut,
    summary: 'Opt an Instagram account out of every extraction',
    description:
      'Stores keyed hashes of the username (any form) and of the e-mail as an unconfirmed request: new ' +
      'extractions of the account are refused at once, for 30 days. Saved copies are removed only once ' +
      'the owner confirms, by the link mailed to the e-mail the saved copies show or with `bioCode` placed ' +
      'in the profile’s bio (`bioCheck`). The answer is the same whether or not anything is held. Each ' +
      'client address (IPv6: each /64) has a rate limit shared by every process; a missing, wrong, expired ' +
      'or reused proof is refused with 403.',
    auth: 'public',
    body: ZOptOutRequestSchema,
    responses: { 202: { description: 'Received, not yet confirmed.', body: ZOptOutRecordedSchema } },
    errors: ['FORBIDDEN', 'RATE_LIMITED'],
  }),
  optOutConfirm: defineEndpoint({
    method: 'post',
    path: OPT_OUT_PATHS.confirm,
    summary: 'Confirm an opt-out by its mailed link',
    description:
      'The token of the link mailed to an e-mail address the saved copies of the account show. Removes ' +
      'every saved copy of the account, and those carrying that address. Confirming twice is harmless; ' +
      'a token that is not ours or whose request lapsed is refused with 404.',
    auth: 'public',
    body: ZOptOutConfirmRequestSchema,
    responses: { 200: { description: 'Confirmed.', body: ZOptOutReceivedSchema } },
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  optOutBioCheck: defineEndpoint({
    method: 'post',
    path: OPT_OUT_PATHS.bioCheck,
    summary: 'Confirm an opt-out by the code in the profile’s bio',
    description:
      'Fetches the profile now and looks for the request’s `bioCode` in its bio. Found: confirmed as by ' +
      'the link (every saved copy of the account is removed). Not found yet: 409, try again. A request ' +
      'that does not exist, is for another account or lapsed: 404. Counts against the same limit.',
    auth: 'public',
    body: ZOptOutBioCheckRequestSchema,
    responses: { 200: { description: 'Confirmed.', body: ZOptOutReceivedSchema } },
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'UNAVAILABLE'],
  }),
  access: defineEndpoint({
    method: 'post',
    path: OPT_OUT_PATHS.access,
    summary: 'Ask what is held about an Instagram account',
    description:
      'The answer is mailed to the e-mail shown on the profile, never returned here; the response is the ' +
      'same whether or not anything is held. Same proof of work and per-address limit as the opt-out.',
    auth: 'public',
    body: ZAccessRequestSchema,
    responses: { 202: { description: 'Received.', body: ZOptOutReceivedSchema } },
    errors: ['FORBIDDEN', 'RATE_LIMITED'],
  }),
} as const;
