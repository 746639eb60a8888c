import { toast } from '@prospector/ui';
import type { TToastMessage } from './run-messages.ts';

/** Shows a decided message; the same `id` replaces a toast instead of adding a second one. */
export function showToast(message: TToastMessage, id?: string) {
  toast[message.kind](message.title, { description: message.description, id });
}
