import { Tabs as TabsPrimitive } from 'radix-ui';
import { slotted } from '../lib/slotted';

export const Tabs = slotted(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-3');
export const TabsList = slotted(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground',
);
export const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex h-full flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium',
  'transition-[color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'hover:text-foreground disabled:pointer-events-none disabled:opacity-50',
  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  "[&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
);
export const TabsContent = slotted(
  TabsPrimitive.Content,
  'tabs-content',
  'flex-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
);
