import { toast } from '@prospector/ui';
import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md §9: the copy confirmation tick shows for 2 s. */
export const COPY_CONFIRMATION_MS = 2_000;
/** docs/product.md §8 "Data management". */
export const COPY_FAILED = 'Unable to copy to clipboard';

/**
 * Copies a username and remembers which one was copied for two seconds (its icon ticks meanwhile);
 * a browser that refuses (no permission, insecure page, no clipboard) gets the spec's toast.
 */
export function useCopyUsername() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (username: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(username);
    } catch {
      toast.error(COPY_FAILED);
      return;
    }
    clearTimeout(timer.current);
    setCopied(username);
    timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  }, []);

  return { copied, copy };
}
