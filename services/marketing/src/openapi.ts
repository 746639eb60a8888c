import {
  MARKETING_PATHS,
  ZPlansViewSchema,
  ZRecordConsentRequestSchema,
  ZRecordConsentResponseSchema,
} from '@prospector/contracts';
import { defineApiReference } from '@prospector/service-kit';

/** The marketing service's HTTP API (served merged with the others at `/api/docs`). */
export const marketingApiReference = defineApiReference({
  service: 'marketing',
  description: 'Public content: the plans with the promo, and the cookie-consent log. No sign-in.',
  routes: [
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
  ],
});
