import { MAX_TEXT_LENGTH, type TLeadList } from '@prospector/contracts';
import { Button, Card, CardContent, Input, Label, LabelledSelect } from '@prospector/ui';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import FunnelIcon from 'lucide-react/icons/funnel';
import RotateCcwIcon from 'lucide-react/icons/rotate-ccw';
import SearchIcon from 'lucide-react/icons/search';
import { useId, useState } from 'react';
import { activeFilterCount, DEFAULT_FILTERS, type TFilterDraft } from '../extraction-filters.ts';
import { CategoryFilter } from './category-filter.tsx';
import { RangeFilter } from './range-filter.tsx';

type ExtractionFiltersPanelProps = {
  filters: TFilterDraft;
  onChange: (filters: TFilterDraft) => void;
  categories: readonly string[];
  /** The user's lead lists, for "In list …"; undefined while they load. */
  lists: readonly Pick<TLeadList, 'id' | 'name'>[] | undefined;
  /** On a phone: the filters below the search fold behind a Filters button, so the records show first. */
  foldable?: boolean;
};

const ALL = { value: 'all', label: 'All' } as const;

/** The filters that are one choice from a fixed list, in the order the panel shows them. */
const CHOICE_FILTERS = [
  {
    key: 'email',
    id: 'filter-email',
    label: 'E-mail',
    options: [
      ALL,
      { value: 'with', label: 'With email only' },
      { value: 'without', label: 'Without email only' },
    ],
  },
  {
    key: 'emailStatus',
    id: 'filter-email-status',
    label: 'E-mail status',
    options: [
      ALL,
      { value: 'deliverable', label: 'Deliverable only' },
      { value: 'risky', label: 'Risky only' },
      { value: 'undeliverable', label: 'Undeliverable only' },
    ],
  },
  {
    // Apart from the status: a role mailbox (info@, hello@…) is a business's usual contact.
    key: 'emailRole',
    id: 'filter-email-role',
    label: 'Address type',
    options: [
      ALL,
      { value: 'personal', label: 'Personal only' },
      { value: 'role', label: 'Role addresses only' },
    ],
  },
  {
    key: 'verified',
    id: 'filter-verified',
    label: 'Verified',
    options: [ALL, { value: 'yes', label: 'Verified' }, { value: 'no', label: 'Not Verified' }],
  },
  {
    key: 'privacy',
    id: 'filter-privacy',
    label: 'Privacy',
    options: [ALL, { value: 'public', label: 'Public' }, { value: 'private', label: 'Private' }],
  },
] as const;

/** The counts filtered by a minimum and a maximum (`<count>Min`, `<count>Max`). */
const RANGE_FILTERS = [
  { count: 'followers', label: 'Followers' },
  { count: 'following', label: 'Following' },
  { count: 'media', label: 'Media' },
] as const;

export function ExtractionFiltersPanel({
  filters,
  onChange,
  categories,
  lists,
  foldable = false,
}: ExtractionFiltersPanelProps) {
  // A list in the URL that is not among the user's (deleted, or another user's link) still names itself.
  const listOptions = [
    ALL,
    ...(lists ?? []).map((list) => ({ value: list.id, label: list.name })),
    ...(filters.list && !lists?.some((list) => list.id === filters.list)
      ? [{ value: filters.list, label: lists ? 'A list not found' : 'Loading lists…' }]
      : []),
  ];
  const [open, setOpen] = useState(false);
  const foldId = useId();
  const folded = foldable && !open;
  const active = activeFilterCount(filters);
  const set = <K extends keyof TFilterDraft>(key: K, value: TFilterDraft[K]) =>
    onChange({ ...filters, [key]: value });

  return (
    <Card className={foldable ? 'py-4' : 'py-5'}>
      <CardContent className={foldable ? 'flex flex-col gap-4 px-4' : 'flex flex-col gap-5'}>
        <div className="flex items-center gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search by username or e-mail"
              placeholder="Search by username or e-mail"
              className="pl-9"
              maxLength={MAX_TEXT_LENGTH}
              value={filters.q}
              onChange={(event) => set('q', event.target.value)}
            />
          </div>
          {foldable && (
            <Button
              variant="outline"
              aria-expanded={open}
              aria-controls={foldId}
              onClick={() => setOpen((previous) => !previous)}
            >
              <FunnelIcon aria-hidden />
              Filters{active > 0 ? ` (${active})` : ''}
              <ChevronDownIcon aria-hidden className={open ? 'rotate-180' : undefined} />
            </Button>
          )}
        </div>
        <div id={foldId} hidden={folded} className="flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
            {CHOICE_FILTERS.map(({ key, id, label, options }) => (
              <LabelledSelect
                key={key}
                id={id}
                label={label}
                value={filters[key]}
                onChange={(value) => set(key, value)}
                options={options}
              />
            ))}
            <CategoryFilter
              available={categories}
              selected={filters.category}
              onChange={(value) => set('category', value)}
            />
            <LabelledSelect
              id="filter-list"
              label="In list"
              value={filters.list ?? 'all'}
              onChange={(value) => set('list', value === 'all' ? undefined : value)}
              options={listOptions}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {RANGE_FILTERS.map(({ count, label }) => (
              <RangeFilter
                key={count}
                id={`filter-${count}`}
                label={label}
                min={filters[`${count}Min`]}
                max={filters[`${count}Max`]}
                onChange={({ min, max }) =>
                  onChange({ ...filters, [`${count}Min`]: min, [`${count}Max`]: max })
                }
              />
            ))}
            <div className="flex flex-col gap-2">
              <Label htmlFor="filter-bio">Bio keywords</Label>
              <Input
                id="filter-bio"
                placeholder="e.g. coach vegan"
                maxLength={MAX_TEXT_LENGTH}
                value={filters.bio}
                onChange={(event) => set('bio', event.target.value)}
              />
              <p className="text-xs text-muted-foreground">Space separated; any word matches.</p>
            </div>
          </div>
          <div className="flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_FILTERS)}>
              <RotateCcwIcon aria-hidden />
              Reset filters
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
