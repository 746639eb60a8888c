import { AppError, CONSENT_BODY_LIMIT_BYTES, ZRecordConsentRequestSchema } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';
import { bodyLimit } from 'hono/body-limit';

/** Read no more than a consent needs; a larger body is refused before it is parsed. */
export const consentBodyLimit = bodyLimit({
  maxSize: CONSENT_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `A consent must be at most ${CONSENT_BODY_LIMIT_BYTES} bytes.`);
  },
});

export const consentBody = validated('json', ZRecordConsentRequestSchema);
