import { ZCheckoutRequestSchema } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';

export const checkoutBody = validated('json', ZCheckoutRequestSchema);
