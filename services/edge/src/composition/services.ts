import { accountService } from '@prospector/account';
import { billingService } from '@prospector/billing';
import { databaseService } from '@prospector/database';
import { extractorService } from '@prospector/extractor';
import { marketingService } from '@prospector/marketing';
import type { TServiceDefinition } from '@prospector/service-kit';

/** The one place that knows every service. */
export const SERVICES: readonly TServiceDefinition[] = [
  accountService,
  marketingService,
  extractorService,
  databaseService,
  billingService,
];
