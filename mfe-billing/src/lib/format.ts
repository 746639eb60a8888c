const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const formatCredits = (count: number) => count.toLocaleString('en-US');
