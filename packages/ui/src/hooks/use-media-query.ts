import { useCallback, useSyncExternalStore } from 'react';

/** Below Tailwind's `md` breakpoint a screen is a phone: tables become cards there. */
export const PHONE_SCREEN_QUERY = '(max-width: 767.98px)';

/**
 * Whether a CSS media query matches now, re-rendering when it changes. For layouts that render
 * different elements per screen size (cards instead of a table), where hiding one with CSS would
 * leave two copies of every control in the DOM.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
