import type { TListedAccount } from '@prospector/contracts';
import { Button, Checkbox, Label, LabelledSelect, useSelection } from '@prospector/ui';
import ListChecksIcon from 'lucide-react/icons/list-checks';
import ScanSearchIcon from 'lucide-react/icons/scan-search';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import {
  DEFAULT_FILTER,
  FOLLOWER_RANGES,
  filterAccounts,
  maxCreditsOf,
  SORTS,
  type TAccountFilter,
} from '../../lib/filter-accounts.ts';
import { formatCount, pluralize } from '../../lib/format.ts';
import { VirtualAccountRows } from './virtual-account-rows.tsx';

const RANGE_OPTIONS = Object.entries(FOLLOWER_RANGES).map(([value, range]) => ({
  value: value as TAccountFilter['followers'],
  label: range.label,
}));
const SORT_OPTIONS = Object.entries(SORTS).map(([value, label]) => ({
  value: value as TAccountFilter['sort'],
  label,
}));

const SELECT_LOOK = {
  labelClassName: 'text-xs',
  triggerClassName: 'w-full sm:w-44',
  className: 'min-w-0 gap-1.5',
};

const FLAGS = [
  ['notExtracted', 'Not extracted yet'],
  ['verifiedOnly', 'Verified only'],
  ['hidePrivate', 'Hide private'],
] as const;

/** The filters and the sort over a discovery result. */
function AccountFilters({
  idPrefix,
  filter,
  onChange,
}: {
  idPrefix: string;
  filter: TAccountFilter;
  onChange: (change: Partial<TAccountFilter>) => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3">
      <div className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap">
        <LabelledSelect
          {...SELECT_LOOK}
          id={`${idPrefix}-followers`}
          label="Followers"
          value={filter.followers}
          options={RANGE_OPTIONS}
          onChange={(followers) => onChange({ followers })}
        />
        <LabelledSelect
          {...SELECT_LOOK}
          id={`${idPrefix}-sort`}
          label="Sort by"
          value={filter.sort}
          options={SORT_OPTIONS}
          onChange={(sort) => onChange({ sort })}
        />
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {FLAGS.map(([key, text]) => (
          <div key={key} className="flex items-center gap-2">
            <Checkbox
              id={`${idPrefix}-${key}`}
              checked={filter[key]}
              onCheckedChange={(checked) => onChange({ [key]: checked === true })}
            />
            <Label htmlFor={`${idPrefix}-${key}`} className="text-sm font-normal">
              {text}
            </Label>
          </div>
        ))}
      </div>
    </div>
  );
}

/** "Up to 37 credits; you pay only for e-mails found." */
export const costEstimate = (credits: number) =>
  `Up to ${pluralize(credits, 'credit')}; you pay only for e-mails found.`;

type SelectableAccountListProps = {
  /** The section's name. */
  label: string;
  /** The list's name ("Accounts listed", "Similar accounts"…). */
  listLabel?: string;
  accounts: readonly TListedAccount[];
  /**
   * Starts one run of these usernames; rejects when it was not started (the hook has said why).
   * Without it the list can be judged and filtered but not selected or extracted.
   */
  onExtract?: (usernames: string[]) => Promise<unknown>;
  /** A row's own button (copy the username). */
  rowAction?: (account: TListedAccount) => ReactNode;
  /** Buttons beside the extract buttons (Download CSV, Load more). */
  actions?: ReactNode;
  /** The selection's words where the spec names them (keyword search: "Select All", "Start Extraction (n)"). */
  texts?: { selectAll: string; extractSelected: (count: string) => string };
};

const DEFAULT_TEXTS = {
  selectAll: 'Select all shown',
  extractSelected: (count: string) => `Extract selected (${count})`,
};

/**
 * Every discovery result (keyword, similar accounts, followers, hashtag) to judge and pick from:
 * filters (followers, not extracted yet, verified, private), a sort, a selection and what it may cost,
 * then one run of the selection or of everything shown. The rows are virtualised (5,000 stay
 * responsive).
 */
export function SelectableAccountList({
  label,
  listLabel = 'Accounts listed',
  accounts,
  onExtract,
  rowAction,
  actions,
  texts = DEFAULT_TEXTS,
}: SelectableAccountListProps) {
  const idPrefix = useId();
  const [filter, setFilter] = useState<TAccountFilter>(DEFAULT_FILTER);
  const { selected, change, clear } = useSelection();
  const [starting, setStarting] = useState(false);
  const shown = useMemo(() => filterAccounts(accounts, filter), [accounts, filter]);
  const selectedShown = useMemo(
    () => shown.filter((account) => selected.has(account.username)),
    [shown, selected],
  );
  const allShownSelected = shown.length > 0 && selectedShown.length === shown.length;

  const toggle = useCallback((username: string, checked: boolean) => change([username], checked), [change]);
  const patch = (change: Partial<TAccountFilter>) => setFilter((current) => ({ ...current, ...change }));

  const extract = async (chosen: readonly TListedAccount[]) => {
    if (chosen.length === 0 || !onExtract) return;
    setStarting(true);
    try {
      await onExtract(chosen.map((account) => account.username));
      clear();
    } catch {
      // The run-start hook has said why; the selection stays for another try.
    } finally {
      setStarting(false);
    }
  };

  return (
    <section aria-label={label} className="flex min-w-0 flex-col gap-3">
      <AccountFilters idPrefix={idPrefix} filter={filter} onChange={patch} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        {onExtract ? (
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${idPrefix}-all`}
              disabled={shown.length === 0}
              checked={allShownSelected ? true : selectedShown.length > 0 ? 'indeterminate' : false}
              onCheckedChange={() =>
                change(
                  shown.map((account) => account.username),
                  !allShownSelected,
                )
              }
            />
            <Label htmlFor={`${idPrefix}-all`}>{texts.selectAll}</Label>
          </div>
        ) : (
          <span />
        )}
        <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="list-counts">
          {formatCount(shown.length)} of {formatCount(accounts.length)} shown ·{' '}
          {formatCount(selectedShown.length)} selected
        </p>
      </div>

      {shown.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No accounts match these filters
        </p>
      ) : (
        <VirtualAccountRows
          listLabel={listLabel}
          accounts={shown}
          selected={selected}
          idPrefix={idPrefix}
          onToggle={onExtract ? toggle : undefined}
          rowAction={rowAction}
        />
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        {onExtract ? (
          <p className="text-sm text-muted-foreground" data-testid="cost-estimate">
            {selectedShown.length > 0
              ? costEstimate(maxCreditsOf(selectedShown))
              : `Extracting all shown: ${costEstimate(maxCreditsOf(shown)).toLowerCase()}`}
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          {actions}
          {onExtract && (
            <>
              <Button
                type="button"
                variant="outline"
                disabled={shown.length === 0 || starting}
                onClick={() => void extract(shown)}
              >
                <ListChecksIcon aria-hidden />
                Extract all ({formatCount(shown.length)})
              </Button>
              <Button
                type="button"
                disabled={selectedShown.length === 0 || starting}
                onClick={() => void extract(selectedShown)}
              >
                <ScanSearchIcon aria-hidden />
                {texts.extractSelected(formatCount(selectedShown.length))}
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
