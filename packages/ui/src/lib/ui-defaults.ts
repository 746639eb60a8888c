/**
 * Behaviour docs/product.md fixes for every screen (§9 "Notification toasts" and "Tooltips").
 * Kept in one object so the shell, the remotes and the tests read the same numbers.
 */
export const UI_DEFAULTS = {
  tooltip: {
    /** Milliseconds a pointer rests on a trigger before its tooltip opens. */
    delayDuration: 700,
    /** Milliseconds after a tooltip closes during which the next one opens without delay. */
    skipDelayDuration: 300,
  },
  toast: {
    position: 'bottom-right',
    /** KeyboardEvent properties that must all match: Alt+T moves focus to the notifications. */
    hotkey: ['altKey', 'KeyT'],
    containerAriaLabel: 'Notifications',
  },
} as const;
