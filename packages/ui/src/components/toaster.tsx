import type * as React from 'react';
import { Toaster as Sonner } from 'sonner';
import { UI_DEFAULTS } from '../lib/ui-defaults';

export { toast } from 'sonner';

// Module-level so the array keeps its identity: sonner re-binds its keyboard listener when it changes.
const TOAST_HOTKEY: string[] = [...UI_DEFAULTS.toast.hotkey];

// Sonner reads these variables; pointing them at the theme tokens keeps toasts on-brand.
const TOAST_THEME_STYLE = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--border-radius': 'var(--radius)',
} as React.CSSProperties;

/**
 * Render once near the app root. Position, hotkey and container label default to the spec's
 * values; `toast('…')` from anywhere shows a notification here.
 */
export function Toaster({ style, ...props }: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      position={UI_DEFAULTS.toast.position}
      hotkey={TOAST_HOTKEY}
      containerAriaLabel={UI_DEFAULTS.toast.containerAriaLabel}
      className="toaster group"
      style={{ ...TOAST_THEME_STYLE, ...style }}
      {...props}
    />
  );
}
