import {
  ZDeleteExtractionsRequestSchema,
  ZExtractionExportQuerySchema,
  ZExtractionListQuerySchema,
} from '@prospector/contracts';
import { validated } from '@prospector/service-kit';

export const listQuery = validated('query', ZExtractionListQuerySchema);
export const exportQuery = validated('query', ZExtractionExportQuerySchema);
export const deleteBody = validated('json', ZDeleteExtractionsRequestSchema);
