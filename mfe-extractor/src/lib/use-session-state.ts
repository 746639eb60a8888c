import { useCallback, useState } from 'react';

const read = <T>(key: string, fallback: T): T => {
  try {
    const stored = window.sessionStorage.getItem(key);
    return stored === null ? fallback : (JSON.parse(stored) as T);
  } catch {
    return fallback;
  }
};

/**
 * State kept in this browser tab's sessionStorage: leaving the page and coming back (or reloading)
 * finds it again; another tab has its own. Storage that cannot be used (private mode, quota) only
 * loses the memory, never the state.
 */
export function useSessionState<T>(key: string, fallback: T) {
  const [value, setValue] = useState<T>(() => read(key, fallback));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.sessionStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Kept in memory only.
      }
    },
    [key],
  );
  return [value, update] as const;
}
