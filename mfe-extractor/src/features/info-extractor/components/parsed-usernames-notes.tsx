import { MAX_RUN_USERNAMES, type TParsedUsernames } from '@prospector/contracts';
import { formatCount, pluralize } from '../../../lib/format.ts';
import { tooManyUsernamesMessage } from '../lib/run-messages.ts';

/** How many invalid entries are listed by name; the rest are counted. */
const LISTED_INVALID = 20;

/**
 * What the batch box will not send, said before sending: entries that are not usernames (listed as
 * typed, as text, each with the rule it breaks), repeats that were dropped, and a list over the run limit.
 */
export function ParsedUsernamesNotes({ parsed }: { parsed: TParsedUsernames }) {
  const { usernames, invalid, duplicates } = parsed;
  if (invalid.length === 0 && duplicates === 0 && usernames.length <= MAX_RUN_USERNAMES) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs" aria-live="polite" data-testid="batch-notes">
      {usernames.length > MAX_RUN_USERNAMES && (
        <p className="font-medium text-destructive" data-testid="over-limit">
          {tooManyUsernamesMessage(usernames.length)}. Remove{' '}
          {formatCount(usernames.length - MAX_RUN_USERNAMES)} to continue.
        </p>
      )}
      {invalid.length > 0 && (
        <div className="text-destructive" data-testid="invalid-usernames">
          <p>
            {invalid.length === 1
              ? '1 entry is not a valid username'
              : `${formatCount(invalid.length)} entries are not valid usernames`}{' '}
            and will not be sent:
          </p>
          <ul className="mt-1 flex flex-col gap-1">
            {invalid.slice(0, LISTED_INVALID).map(({ line, reason }, index) => (
              <li
                // The same invalid text can appear twice; its position tells the copies apart.
                key={`${index}-${line}`}
                className="flex min-w-0 flex-wrap items-baseline gap-x-1.5"
              >
                <span className="max-w-full truncate rounded bg-destructive/10 px-1.5 py-0.5 font-mono">
                  {line}
                </span>
                <span aria-hidden>—</span>
                <span data-testid="invalid-username-reason">{reason}</span>
              </li>
            ))}
            {invalid.length > LISTED_INVALID && (
              <li>and {formatCount(invalid.length - LISTED_INVALID)} more</li>
            )}
          </ul>
        </div>
      )}
      {duplicates > 0 && (
        <p className="text-muted-foreground" data-testid="duplicate-usernames">
          {pluralize(duplicates, 'duplicate')} dropped.
        </p>
      )}
    </div>
  );
}
