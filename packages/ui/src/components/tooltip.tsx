import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';
import { createContext, useContext } from 'react';
import { cn } from '../lib/cn';
import { slotted } from '../lib/slotted';
import { UI_DEFAULTS } from '../lib/ui-defaults';

/** Whether a `TooltipProvider` of this copy of the design system is above. */
const InTooltipGroup = createContext(false);

/**
 * Groups the tooltips of a screen (a toolbar, a table's actions): after one closes, the next opens
 * at once for `skipDelayDuration` ms. Not needed for a lone tooltip, and not mounted at the app
 * root: each frontend bundles its own copy of the design system, so a root provider in the shell
 * would not reach a remote's tooltips, and the tooltip code would load on every first visit.
 */
export function TooltipProvider({
  delayDuration = UI_DEFAULTS.tooltip.delayDuration,
  skipDelayDuration = UI_DEFAULTS.tooltip.skipDelayDuration,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <InTooltipGroup.Provider value={true}>
      <TooltipPrimitive.Provider
        data-slot="tooltip-provider"
        delayDuration={delayDuration}
        skipDelayDuration={skipDelayDuration}
        {...props}
      />
    </InTooltipGroup.Provider>
  );
}

/** Works on its own (with the spec's delays) or inside a `TooltipProvider` group. */
export function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root data-slot="tooltip" {...props} />;
  return useContext(InTooltipGroup) ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = slotted(TooltipPrimitive.Trigger, 'tooltip-trigger');

export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-fit max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background text-balance shadow-md',
          'origin-(--radix-tooltip-content-transform-origin) animate-pop-in data-[state=closed]:animate-pop-out',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" width={10} height={5} />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
