import type { THold } from '@prospector/contracts';
import type { creditHolds } from '../db/schema.ts';

export type THoldRow = typeof creditHolds.$inferSelect;

export const toHold = (row: THoldRow): THold => ({
  holdId: row.id,
  userId: row.userId,
  runId: row.runId,
  amount: row.amount,
  captured: row.captured,
  status: row.status,
  expiresAt: row.expiresAt.toISOString(),
});
