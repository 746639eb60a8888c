import {
  AppError,
  OPT_OUT_BODY_LIMIT_BYTES,
  ZAccessRequestSchema,
  ZOptOutRequestSchema,
} from '@prospector/contracts';
import { validated } from '@prospector/service-kit';
import { bodyLimit } from 'hono/body-limit';

/** An opt-out is a username, an e-mail and a proof: a larger body is refused before it is parsed. */
export const optOutBodyLimit = bodyLimit({
  maxSize: OPT_OUT_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `A request must be at most ${OPT_OUT_BODY_LIMIT_BYTES} bytes.`);
  },
});

export const optOutBody = validated('json', ZOptOutRequestSchema);

export const accessBody = validated('json', ZAccessRequestSchema);
