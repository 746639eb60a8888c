import type { TExtractionRow } from '@prospector/contracts';
import { toast } from '@prospector/ui';
import {
  recheckErrorMessage,
  recheckedDescription,
  useRecheckExtraction,
} from '../api/recheck-extraction.ts';

/** Re-checks one row at a time from the list; the answer (or the reason it was refused) comes as a toast. */
export function useRecheckRow() {
  const recheck = useRecheckExtraction();
  const recheckRow = (row: TExtractionRow) =>
    recheck.mutate(row.id, {
      onSuccess: (result) =>
        toast.success(`@${row.username} re-checked`, { description: recheckedDescription(result) }),
      onError: (error) => toast.error(recheckErrorMessage(error)),
    });
  return { recheckRow, recheckingId: recheck.isPending ? (recheck.variables ?? null) : null };
}
