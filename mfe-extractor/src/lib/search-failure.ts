import { toast } from '@prospector/ui';
import { ApiError } from '@prospector/web-data';

/** The toast texts of one lookup (keyword search, similar accounts). */
export type TSearchFailureTexts = {
  /** The title when the provider failed or refused. */
  failed: string;
  /** The description when the provider did not answer (502). */
  providerFailed: string;
  /** The title of anything else. */
  error: string;
};

/**
 * Reports a failed lookup: a refused input (400) belongs next to the field; the rate limit (429), an
 * unsupported provider (422/501) and an expired trial (402) carry the service's own sentence; a provider failure (502) and
 * anything else (network down, a 500, an unreadable answer) get fixed wording, never a raw upstream
 * message.
 */
export function reportSearchFailure(
  error: unknown,
  texts: TSearchFailureTexts,
  showFieldError: (message: string) => void,
) {
  if (!(error instanceof ApiError)) toast.error(texts.error);
  else if (error.status === 400) showFieldError(error.message);
  else if (error.status === 502) toast.error(texts.failed, { description: texts.providerFailed });
  else if ([402, 422, 429, 501].includes(error.status)) {
    toast.error(texts.failed, { description: error.message });
  } else toast.error(texts.error);
}
