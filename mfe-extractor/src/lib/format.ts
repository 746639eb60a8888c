const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const formatCount = (count: number) => count.toLocaleString('en-US');
/** "1 account", "37 accounts". */
export const pluralize = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
