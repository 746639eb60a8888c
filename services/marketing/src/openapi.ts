import {
  MARKETING_PATHS,
  OPT_OUT_PATHS,
  ZAccessRequestSchema,
  ZOptOutChallengeSchema,
  ZOptOutReceivedSchema,
  ZOptOutRequestSchema,
  ZPlansViewSchema,
  ZRecordConsentRequestSchema,
  ZRecordConsentResponseSchema,
} from '@prospector/contracts';
import type { TServiceApi } from '@prospector/service-kit';

/** The marketing service's HTTP API (served merged with the others at `/api/docs`). */
export const marketingApi: TServiceApi = {
  description:
    'Public content: the plans with the promo, the cookie-consent log and the opt-out. No sign-in.',
  endpoints: [
    {
      method: 'get',
      path: MARKETING_PATHS.plans,
      summary: 'The paid plans, with the promo while it runs',
      description: '`promo` is null once `PROMO_ENDS_AT` has passed; pricing pages drop it at that instant.',
      auth: 'public',
      responses: { 200: { description: 'The plan table and the promo.', body: ZPlansViewSchema } },
    },
    {
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
    },
    {
      method: 'get',
      path: OPT_OUT_PATHS.challenge,
      summary: 'A proof-of-work challenge for the opt-out',
      description:
        'Find a decimal `nonce` whose SHA-256 of `<challenge>:<nonce>` has `difficulty` leading zero bits. ' +
        'Signed, valid until `expiresAt`, accepted once.',
      auth: 'public',
      responses: { 200: { description: 'A fresh challenge.', body: ZOptOutChallengeSchema } },
    },
    {
      method: 'post',
      path: OPT_OUT_PATHS.optOut,
      summary: 'Opt an Instagram account out of every extraction',
      description:
        'Stores keyed hashes of the username (any form) and of the e-mail, and announces them to every ' +
        'service holding a copy. The answer is the same whether or not anything is held. Each client ' +
        'address has a rate limit; a missing, wrong, expired or reused proof is refused with 403.',
      auth: 'public',
      body: ZOptOutRequestSchema,
      responses: { 202: { description: 'Received.', body: ZOptOutReceivedSchema } },
      errors: ['FORBIDDEN', 'RATE_LIMITED'],
    },
    {
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
    },
  ],
};
