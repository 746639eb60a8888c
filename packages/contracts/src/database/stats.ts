import { z } from 'zod';

/** The signed-in user's extraction figures: dashboard and database stat cards (docs/product.md §2). */
export const ZExtractionStatsSchema = z.object({
  totalExtractions: z.number().int().min(0),
  withEmail: z.number().int().min(0),
  creditsUsed: z.number().int().min(0),
  /** Share of extractions that found a public e-mail, 0–100, one decimal. */
  successRate: z.number().min(0).max(100),
});
export type TExtractionStats = z.infer<typeof ZExtractionStatsSchema>;

export const successRate = (withEmail: number, total: number): number =>
  total === 0 ? 0 : Math.round((withEmail / total) * 1000) / 10;

/** `GET /api/database/opt-out-removals`: saved records removed because the account's owner opted out. */
export const ZOptOutRemovalsSchema = z.object({ removed: z.number().int().min(0) });
export type TOptOutRemovals = z.infer<typeof ZOptOutRemovalsSchema>;
