const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => DATE.format(new Date(iso));
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
export const formatCredits = (count: number) => count.toLocaleString('en-US');

const PRICE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$19.00" */
export const formatPrice = (cents: number) => PRICE.format(cents / 100);
