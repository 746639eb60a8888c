const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const formatCount = (count: number) => count.toLocaleString('en-US');
/** Accounts left out because their owners opted out (docs/product.md §10): counted, never named. */
export const optedOutNote = (count: number) =>
  `${pluralize(count, 'account')} hidden: ${count === 1 ? 'its owner' : 'their owners'} asked not to be contacted`;

/** "1 account", "37 accounts". */
export const pluralize = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** "12.4K followers", "1 follower"; null when the provider did not say. */
export const followersLabel = (count: number | null) =>
  count === null ? null : `${COMPACT.format(count)} ${count === 1 ? 'follower' : 'followers'}`;
