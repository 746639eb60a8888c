import type { TListedAccount } from '@prospector/contracts';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { AccountRow } from './account-row.tsx';

/** A row's height before it is measured (desktop; a phone's rows are taller and measured). */
const ESTIMATED_ROW_PX = 57;
/** The box's size where nothing is laid out (a hidden tab, tests): its largest, 28rem. */
const UNLAID_RECT = { width: 640, height: 448 };

type VirtualAccountRowsProps = {
  listLabel: string;
  accounts: readonly TListedAccount[];
  selected: ReadonlySet<string>;
  idPrefix: string;
  onToggle?: (username: string, checked: boolean) => void;
  rowAction?: (account: TListedAccount) => ReactNode;
};

/**
 * The rows of a list in a box of their own that scrolls, only the ones in view (and a few around them)
 * in the page: 5,000 listed accounts cost the page what 20 do (`pnpm bench:lists`). Each row says its
 * place in the whole list (`aria-posinset` / `aria-setsize`); Tab from the last row in the page
 * scrolls it into view, which brings the next rows in.
 */
export function VirtualAccountRows({
  listLabel,
  accounts,
  selected,
  idPrefix,
  onToggle,
  rowAction,
}: VirtualAccountRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: accounts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => accounts[index]?.username ?? index,
    overscan: 6,
    initialRect: UNLAID_RECT,
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : UNLAID_RECT)),
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || ESTIMATED_ROW_PX,
  });
  return (
    <div
      ref={scrollRef}
      data-testid="account-rows-viewport"
      className="max-h-[28rem] overflow-y-auto overscroll-contain rounded-md border"
    >
      <ul aria-label={listLabel} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const account = accounts[row.index] as TListedAccount;
          return (
            <AccountRow
              key={row.key}
              rowRef={virtualizer.measureElement}
              start={row.start}
              index={row.index}
              total={accounts.length}
              account={account}
              checked={selected.has(account.username)}
              idPrefix={idPrefix}
              onToggle={onToggle}
              action={rowAction?.(account)}
            />
          );
        })}
      </ul>
    </div>
  );
}
