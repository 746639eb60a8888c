import { LANDING_PRERENDER_ID } from '@prospector/contracts';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const isShown = () => document.getElementById(LANDING_PRERENDER_ID) !== null;

/**
 * Removes the landing's prerendered first screen, which uncovers the app's root (see styles.css).
 * Called in a layout effect once the live landing page, or whatever replaces it (its error card,
 * the route error screen), has rendered: the swap happens before the browser paints again.
 */
export function removeLandingPrerender(): void {
  const copy = document.getElementById(LANDING_PRERENDER_ID);
  if (!copy) return;
  copy.remove();
  for (const listener of listeners) listener();
}

/** Whether the prerendered first screen still covers the app, whose tree is hidden meanwhile. */
export function useLandingPrerenderShown(): boolean {
  return useSyncExternalStore(subscribe, isShown, () => false);
}
