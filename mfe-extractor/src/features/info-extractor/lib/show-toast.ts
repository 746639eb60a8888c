import { toast } from '@prospector/ui';
import type { TToastMessage } from './run-messages.ts';

/** Shows a decided message; the same `id` replaces a toast instead of adding a second one. */
export function showToast(message: TToastMessage, id?: string) {
  const options = { description: message.description, id };
  if (message.kind === 'success') toast.success(message.title, options);
  else if (message.kind === 'info') toast.info(message.title, options);
  else if (message.kind === 'warning') toast.warning(message.title, options);
  else toast.error(message.title, options);
}
