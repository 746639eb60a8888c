import { ZWebhookEndpointUpdateSchema } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';
import { z } from 'zod';

export const webhookEndpointBody = validated('json', ZWebhookEndpointUpdateSchema);
export const ZDeliveryParamsSchema = z.object({ deliveryId: z.uuid('Delivery not found') });
export const deliveryParams = validated('param', ZDeliveryParamsSchema);
