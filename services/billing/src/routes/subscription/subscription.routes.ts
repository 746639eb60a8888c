import { ZCheckoutRequestSchema, ZTopUpRequestSchema } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';

export const checkoutBody = validated('json', ZCheckoutRequestSchema);
export const topUpBody = validated('json', ZTopUpRequestSchema);
