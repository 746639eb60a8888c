import { ZCreditHistoryQuerySchema } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';

export const historyQuery = validated('query', ZCreditHistoryQuerySchema);
