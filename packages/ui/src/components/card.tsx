import { slotted } from '../lib/slotted';

export const Card = slotted(
  'div',
  'card',
  'flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm',
);
export const CardHeader = slotted('div', 'card-header', 'flex flex-col gap-1.5 px-6');
/** A heading level is left to the page, so the title is a styled `div` unless wrapped by the caller. */
export const CardTitle = slotted('div', 'card-title', 'font-semibold leading-none tracking-tight');
export const CardDescription = slotted('div', 'card-description', 'text-sm text-muted-foreground');
export const CardContent = slotted('div', 'card-content', 'px-6');
export const CardFooter = slotted('div', 'card-footer', 'flex items-center gap-2 px-6');
