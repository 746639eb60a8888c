import { MAX_RUN_USERNAMES, optedOutMessage, type TRun, type TRunItem } from '@prospector/contracts';
import { formatCount, pluralize } from '../../../lib/format.ts';

/** A toast as data: the component or hook that decides it is not the one that shows it. */
export type TToastMessage = {
  kind: 'success' | 'info' | 'warning' | 'error';
  title: string;
  description?: string;
};

/** docs/product.md §5 "Extraction": the messages checked in the browser before a run is started. */
export const EMPTY_INPUT_MESSAGE = 'Enter at least one valid username';
export const NO_CREDITS_MESSAGE = 'You need at least 1 credit to perform an extraction';
export const INSUFFICIENT_CREDITS_TITLE = 'Insufficient credits';
export const needCreditsMessage = (needed: number, available: number) =>
  `You need ${needed} credits but only have ${available}`;
export const alreadyExtractedMessage = (username: string) => `${username} has already been extracted`;
export const EXTRACTION_CANCELLED = 'Extraction cancelled';
export const tooManyUsernamesMessage = (count: number, max = MAX_RUN_USERNAMES) =>
  `A run takes up to ${formatCount(max)} usernames; this list has ${formatCount(count)}`;

/**
 * Per-account toasts stop here: a run of more than this many accounts gets one summary when it ends
 * instead, so a batch of hundreds does not bury the page under notifications.
 */
export const ITEM_TOASTS_MAX_RUN_SIZE = 10;
/** docs/product.md §9: the progress card hides this long after a run ends. */
export const PROGRESS_HIDE_DELAY_MS = 2_000;

/**
 * Checks a run against the available credits before it is sent (docs/product.md §5): the server checks again.
 * `available` is undefined while the balance is unknown; then only the server decides.
 */
export function checkRunRequest(
  count: number,
  available: number | undefined,
  /** The user's plan's largest run of this source (`maxRunUsernamesOf`): a list run on the top plan takes 5,000. */
  maxUsernames = MAX_RUN_USERNAMES,
): TToastMessage | null {
  if (count === 0) return { kind: 'error', title: EMPTY_INPUT_MESSAGE };
  if (count > maxUsernames) return { kind: 'error', title: tooManyUsernamesMessage(count, maxUsernames) };
  if (available === undefined) return null;
  if (available < 1) return { kind: 'error', title: NO_CREDITS_MESSAGE };
  if (available < count) {
    return {
      kind: 'error',
      title: INSUFFICIENT_CREDITS_TITLE,
      description: needCreditsMessage(count, available),
    };
  }
  return null;
}

const INSUFFICIENT_CREDITS_ANSWER = /^You need \d+ credits but only have \d+$/;

/** How the server's refusal of a run is shown (its message is the spec's text already). */
export function startRunErrorMessage(
  error: { status?: number; code?: string; message: string },
  batch: boolean,
): TToastMessage {
  if (error.code === 'INSUFFICIENT_CREDITS' && INSUFFICIENT_CREDITS_ANSWER.test(error.message)) {
    return { kind: 'error', title: INSUFFICIENT_CREDITS_TITLE, description: error.message };
  }
  if (error.code === 'ALREADY_EXTRACTED' || error.code === 'CONFLICT')
    return { kind: 'info', title: error.message };
  if (
    error.code === 'VALIDATION_FAILED' ||
    error.code === 'INSUFFICIENT_CREDITS' ||
    error.code === 'MEMBER_LIMIT_REACHED' ||
    error.code === 'TRIAL_EXPIRED'
  ) {
    return { kind: 'error', title: error.message };
  }
  return {
    kind: 'error',
    title: batch ? 'Error during batch extraction' : 'Error during extraction',
    description: error.message,
  };
}

/**
 * docs/product.md §8: what one finished account says; an e-mail found (or a cancelled account) says
 * nothing, unless it cost nothing because another run had already paid for it.
 */
export function itemMessage(item: Pick<TRunItem, 'username' | 'outcome' | 'message'>): TToastMessage | null {
  switch (item.outcome) {
    case 'email_found':
      return item.message ? { kind: 'info', title: item.message } : null;
    case 'no_data':
      return { kind: 'warning', title: `No data found for ${item.username}` };
    case 'no_email':
      return { kind: 'info', title: `No public email found for ${item.username}` };
    case 'insufficient_credits':
      return { kind: 'error', title: `Insufficient credits for ${item.username}` };
    case 'save_error':
      return { kind: 'error', title: `Save error for ${item.username}` };
    case 'opted_out':
      return { kind: 'info', title: optedOutMessage(item.username) };
    case 'api_error': {
      const reason = item.message ?? 'the data provider did not answer';
      return { kind: 'error', title: reason.startsWith('API error: ') ? reason : `API error: ${reason}` };
    }
    default:
      return null;
  }
}

/** One line of a run's figures, for the end-of-run toast of a batch. */
export function runSummary(run: TRun): string {
  const parts = [`${pluralize(run.emailsFound, 'e-mail')} found in ${pluralize(run.processed, 'account')}`];
  if (run.errors > 0) parts.push(pluralize(run.errors, 'error'));
  parts.push(`${pluralize(run.creditsUsed, 'credit')} used`);
  return parts.join(' · ');
}

/** docs/product.md §8 "Outcome toasts": what a run says when it ends. */
export function runOutcomeMessage(run: TRun): TToastMessage | null {
  const single = run.source === 'single';
  switch (run.status) {
    case 'cancelled':
      return { kind: 'info', title: EXTRACTION_CANCELLED, description: runSummary(run) };
    case 'failed':
      return {
        kind: 'error',
        title: single ? 'Error during extraction' : 'Error during batch extraction',
        description: runSummary(run),
      };
    case 'completed':
      if (single) {
        return run.emailsFound > 0
          ? { kind: 'success', title: 'Extraction completed' }
          : { kind: 'info', title: 'No emails found' };
      }
      return run.emailsFound > 0
        ? { kind: 'success', title: 'Batch extraction completed', description: runSummary(run) }
        : { kind: 'info', title: 'No new emails found', description: runSummary(run) };
    default:
      return null;
  }
}

/**
 * What a started run says about the accounts it left out: "{u} has already been extracted" for each
 * skipped account (or one line for many), and one line for those another of the user's runs is extracting.
 */
export function skippedMessages({
  skipped,
  inOtherRuns,
}: Pick<TRun, 'skipped' | 'inOtherRuns'>): TToastMessage[] {
  const messages: TToastMessage[] =
    skipped.length <= ITEM_TOASTS_MAX_RUN_SIZE
      ? skipped.map((username) => ({ kind: 'info', title: alreadyExtractedMessage(username) }))
      : [
          {
            kind: 'info',
            title: `${pluralize(skipped.length, 'username')} already extracted`,
            description: `Skipped: ${firstFive(skipped)}.`,
          },
        ];
  if (inOtherRuns.length > 0) {
    messages.push({
      kind: 'info',
      title: `${pluralize(inOtherRuns.length, 'username')} skipped: another of your runs is extracting ${inOtherRuns.length === 1 ? 'it' : 'them'}`,
      description: `Skipped: ${firstFive(inOtherRuns)}. You are charged at most once for each account.`,
    });
  }
  return messages;
}

/** "a, b, c, d, e and 3 more". */
const firstFive = (usernames: readonly string[]) =>
  `${usernames.slice(0, 5).join(', ')}${usernames.length > 5 ? ` and ${pluralize(usernames.length - 5, 'more', 'more')}` : ''}`;

const SEVERITY: Record<TToastMessage['kind'], number> = { success: 0, info: 1, warning: 2, error: 3 };
/** How many accounts a run's summary toast names; the rest are counted. */
export const SUMMARY_NAMES_SHOWN = 3;

/**
 * One toast for the accounts of a run that gave no new e-mail, replacing a toast per account: the
 * count, the worst kind among them, and the latest few messages.
 */
export function runItemsSummary(messages: readonly TToastMessage[]): TToastMessage | null {
  if (messages.length === 0) return null;
  const kind = messages.reduce<TToastMessage['kind']>(
    (worst, message) => (SEVERITY[message.kind] > SEVERITY[worst] ? message.kind : worst),
    'info',
  );
  const latest = messages.slice(-SUMMARY_NAMES_SHOWN).map((message) => message.title);
  const earlier = messages.length - latest.length;
  return {
    kind,
    title: `${pluralize(messages.length, 'account')} without a new e-mail in this run`,
    description: `${latest.join(' · ')}${earlier > 0 ? ` · and ${formatCount(earlier)} more` : ''}`,
  };
}
