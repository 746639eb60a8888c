import type * as React from 'react';
import { cn } from '../lib/cn';
import { slotted } from '../lib/slotted';

type TableProps = React.ComponentProps<'table'> & {
  /**
   * Names the scrolling container and makes it a keyboard stop, for a table that can be wider than
   * the screen: a keyboard user scrolls it with the arrow keys even when it holds no control (an
   * empty result), and a screen reader announces the region.
   */
  scrollRegionLabel?: string;
};

/** Wrapped in a scrolling container so wide tables (the database page has 13 columns) never break layout. */
export function Table({ className, scrollRegionLabel, ...props }: TableProps) {
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
      {...(scrollRegionLabel ? { role: 'region', 'aria-label': scrollRegionLabel, tabIndex: 0 } : {})}
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export const TableHeader = slotted('thead', 'table-header', '[&_tr]:border-b');
export const TableBody = slotted('tbody', 'table-body', '[&_tr:last-child]:border-0');
export const TableRow = slotted(
  'tr',
  'table-row',
  'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
);
export const TableHead = slotted(
  'th',
  'table-head',
  'h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-muted-foreground',
  '[&:has([role=checkbox])]:pr-0',
);
export const TableCell = slotted(
  'td',
  'table-cell',
  'whitespace-nowrap p-2 align-middle [&:has([role=checkbox])]:pr-0',
);
