import { zValidator } from '@hono/zod-validator';
import {
  AppError,
  CONSENT_BODY_LIMIT_BYTES,
  MARKETING_PATHS,
  ZRecordConsentRequestSchema,
} from '@prospector/contracts';
import { bodyLimit } from 'hono/body-limit';

export const CONSENTS_PATHS = { consents: MARKETING_PATHS.consents } as const;

/** Read no more than a consent needs; a larger body is refused before it is parsed. */
export const consentBodyLimit = bodyLimit({
  maxSize: CONSENT_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `A consent must be at most ${CONSENT_BODY_LIMIT_BYTES} bytes.`);
  },
});

/** A body that fails its schema is thrown to the service's error handler (400 VALIDATION_FAILED). */
export const consentBody = zValidator('json', ZRecordConsentRequestSchema, (result) => {
  if (!result.success) throw result.error;
});
