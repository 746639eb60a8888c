import {
  ACCOUNT_LIST_UNSUPPORTED,
  MAX_LISTED_ACCOUNTS,
  planLimitsOf,
  type TAccountListKind,
  TOP_PLAN_MAX_LISTED_ACCOUNTS,
  type TProviderInfo,
} from '@prospector/contracts';
import { Button, Input, Label, LabelledSelect, Skeleton, Spinner } from '@prospector/ui';
import { ApiError, useProfile } from '@prospector/web-data';
import HashIcon from 'lucide-react/icons/hash';
import LockIcon from 'lucide-react/icons/lock';
import SearchIcon from 'lucide-react/icons/search';
import SearchXIcon from 'lucide-react/icons/search-x';
import UserPlusIcon from 'lucide-react/icons/user-plus';
import UsersIcon from 'lucide-react/icons/users';
import { type FormEvent, useEffect, useState } from 'react';
import { useProviderInfo } from '../../../api/get-provider-info.ts';
import { SelectableAccountList } from '../../../components/account-list/selectable-account-list.tsx';
import { FieldMessage } from '../../../components/field-message.tsx';
import { ListNotice, RetryAlert } from '../../../components/list-notices.tsx';
import { SegmentedToggle } from '../../../components/segmented-toggle.tsx';
import { formatCount } from '../../../lib/format.ts';
import type { TStartExtraction } from '../../../lib/start-extraction.ts';
import { useSessionState } from '../../../lib/use-session-state.ts';
import { mergePages, type TAccountListQuery, useAccountList } from '../api/list-accounts.ts';

/** The two tabs: an account's followers (or following), and a hashtag's posters. */
export type TListTab = 'followers' | 'hashtag';

/** The list sizes offered: those the user's plan allows (the service cuts a list at the plan's). */
export const listSizeOptions = (maxListed: number) =>
  [100, 250, 500, MAX_LISTED_ACCOUNTS, TOP_PLAN_MAX_LISTED_ACCOUNTS]
    .filter((limit) => limit <= maxListed)
    .map((limit) => ({ value: String(limit), label: `Up to ${formatCount(limit)}` }));

/** Why a provider cannot list a kind, beyond "not available": said for the providers we know. */
function unavailableReason(provider: TProviderInfo, kind: TAccountListKind): string {
  if (provider.provider === 'graph') {
    return kind === 'hashtag'
      ? 'The Instagram Graph API gives a hashtag’s posts without their authors.'
      : 'The Instagram Graph API shows no account’s followers or following.';
  }
  if (provider.provider === 'apify' && kind === 'following')
    return 'The Apify actor in use lists followers only.';
  return ACCOUNT_LIST_UNSUPPORTED[kind];
}

const RELATIONS = [
  { value: 'followers', label: 'Followers', icon: UsersIcon },
  { value: 'following', label: 'Following', icon: UserPlusIcon },
] as const;

const TEXTS = {
  followers: {
    label: 'Instagram username',
    placeholder: 'e.g. bella.bakery',
    blank: 'Please enter an Instagram username',
    hint: 'Lists arrive page by page. Private accounts’ lists aren’t available.',
  },
  hashtag: {
    label: 'Hashtag',
    placeholder: 'e.g. #veganbakery',
    blank: 'Please enter a hashtag',
    hint: 'The accounts that posted under it recently, newest first, each once.',
  },
} as const;

/**
 * The info extractor's "Followers" and "Hashtag" sources: ask for a list, watch it arrive page by
 * page up to the chosen size, judge and filter it, then extract a selection or all of it as one run.
 * The last list asked for in this browser tab is kept, so leaving the page and coming back shows it.
 */
export function ExtractFromList({
  tab,
  onStartExtraction,
}: {
  tab: TListTab;
  onStartExtraction: TStartExtraction;
}) {
  const provider = useProviderInfo();
  const profile = useProfile();
  // Until the profile is known (or when it cannot be read), the sizes every plan has.
  const maxListed = profile.data ? planLimitsOf(profile.data).maxListedAccounts : MAX_LISTED_ACCOUNTS;
  const texts = TEXTS[tab];
  const [query, setQuery] = useSessionState<TAccountListQuery | null>(
    `prospector.extractor.list.${tab}`,
    null,
  );
  const [relation, setRelation] = useState<'followers' | 'following'>(
    query?.kind === 'following' ? 'following' : 'followers',
  );
  const [target, setTarget] = useState(query?.target ?? '');
  const [chosenLimit, setLimit] = useState(String(query?.limit ?? 100));
  // A size the plan no longer allows (a plan that ended) becomes the largest it does.
  const limit = String(Math.min(Number(chosenLimit), maxListed));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const list = useAccountList(query);
  const accounts = mergePages(list.data?.pages, query?.limit ?? 0);
  const wantsMore =
    query !== null && list.hasNextPage && accounts.length < query.limit && !list.isFetchNextPageError;

  // Pages arrive one after the other until the chosen size is reached or the provider has no more.
  // Keyed by the page count too: a fast answer can go from fetching to fetched between two renders.
  const pagesLoaded = list.data?.pages.length ?? 0;
  useEffect(() => {
    if (wantsMore && pagesLoaded > 0 && !list.isFetching) void list.fetchNextPage();
  }, [wantsMore, pagesLoaded, list.isFetching, list.fetchNextPage]);

  // A refused first page whose reason belongs next to the field (400) is shown there.
  useEffect(() => {
    if (list.error instanceof ApiError && list.error.status === 400 && !list.data)
      setFieldError(list.error.message);
  }, [list.error, list.data]);

  const providerInfo = provider.data;
  const capabilities = providerInfo?.capabilities;
  // A provider that lists only one of followers and following offers that one.
  const kind: TAccountListKind =
    tab === 'hashtag'
      ? 'hashtag'
      : capabilities && !capabilities[relation]
        ? relation === 'followers'
          ? 'following'
          : 'followers'
        : relation;
  const tabAvailable =
    tab === 'hashtag' ? capabilities?.hashtag : capabilities?.followers || capabilities?.following;
  if (provider.data && !tabAvailable) {
    return (
      <ListNotice icon={SearchXIcon} title={ACCOUNT_LIST_UNSUPPORTED[kind]}>
        {`${unavailableReason(provider.data, kind)} Extract by username still works.`}
      </ListNotice>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = target.trim();
    if (!trimmed) {
      setFieldError(texts.blank);
      return;
    }
    setFieldError(null);
    const next = { kind, target: trimmed, limit: Number(limit) };
    // The same list asked for again is listed again, from its first page.
    if (query && query.kind === next.kind && query.target === next.target && query.limit === next.limit)
      void list.refetch();
    setQuery(next);
  };

  const errorId = `extract-${tab}-error`;
  const inputId = `extract-${tab}-target`;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        {tab === 'followers' && providerInfo && (
          <SegmentedToggle
            label="List"
            value={kind === 'hashtag' ? 'followers' : kind}
            onChange={setRelation}
            options={RELATIONS.map((option) => ({
              ...option,
              unavailable: capabilities?.[option.value]
                ? undefined
                : unavailableReason(providerInfo, option.value),
            }))}
          />
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor={inputId}>{texts.label}</Label>
            <Input
              id={inputId}
              placeholder={texts.placeholder}
              autoComplete="off"
              maxLength={200}
              value={target}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(event) => {
                setTarget(event.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
          </div>
          <LabelledSelect
            triggerClassName="w-full sm:w-44"
            className="min-w-0 gap-1.5"
            id={`extract-${tab}-limit`}
            label="How many"
            value={limit}
            options={listSizeOptions(maxListed)}
            onChange={setLimit}
          />
          <Button type="submit" disabled={list.isFetching && !list.data}>
            {tab === 'hashtag' ? <HashIcon aria-hidden /> : <SearchIcon aria-hidden />}
            List accounts
          </Button>
        </div>
        <FieldMessage id={errorId} error={fieldError}>
          {texts.hint} Listing is free; extraction costs a credit per e-mail found.
          {maxListed < TOP_PLAN_MAX_LISTED_ACCOUNTS &&
            ` Lists of up to ${formatCount(TOP_PLAN_MAX_LISTED_ACCOUNTS)} come with the Enterprise plan.`}
        </FieldMessage>
      </form>

      {query === null ? null : (
        <ListedAccounts
          query={query}
          list={list}
          accounts={accounts}
          wantsMore={wantsMore}
          onStartExtraction={onStartExtraction}
        />
      )}
    </div>
  );
}

/** What became of the list asked for: loading, refused, private, empty, or its accounts to extract. */
function ListedAccounts({
  query,
  list,
  accounts,
  wantsMore,
  onStartExtraction,
}: {
  query: TAccountListQuery;
  list: ReturnType<typeof useAccountList>;
  accounts: ReturnType<typeof mergePages>;
  wantsMore: boolean;
  onStartExtraction: TStartExtraction;
}) {
  const listError = list.error instanceof ApiError ? list.error : null;
  const sourceLabel =
    query.kind === 'hashtag' ? `#${query.target.replace(/^#/, '')}` : `@${query.target.replace(/^@/, '')}`;
  return list.isPending && list.fetchStatus !== 'idle' ? (
    <div className="flex flex-col gap-2">
      <Spinner label="Listing accounts" showLabel />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-14 w-full" />
      ))}
    </div>
  ) : list.isError && !list.data ? (
    listError?.status === 400 ? null : (
      <RetryAlert title="Listing failed" message={listError?.message} onRetry={() => void list.refetch()} />
    )
  ) : list.data?.pages[0]?.private ? (
    <ListNotice icon={LockIcon} title={`${sourceLabel} is private`}>
      {`Private accounts’ ${query.kind === 'following' ? 'following lists' : 'followers'} aren’t available.`}
    </ListNotice>
  ) : list.data && accounts.length === 0 && !wantsMore ? (
    <ListNotice icon={SearchXIcon} title="No accounts found">
      {query.kind === 'hashtag' ? 'Nobody posted under this hashtag recently.' : 'This list is empty.'}
    </ListNotice>
  ) : list.data ? (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <h3 className="font-medium">
          {query.kind === 'hashtag'
            ? 'Posted under '
            : query.kind === 'following'
              ? 'Followed by '
              : 'Followers of '}
          <span className="break-all">{sourceLabel}</span>
        </h3>
        <p
          className="flex items-center gap-2 text-xs text-muted-foreground"
          aria-live="polite"
          data-testid="list-progress"
        >
          {wantsMore || list.isFetchingNextPage ? <Spinner label="Loading more" /> : null}
          {wantsMore || list.isFetchingNextPage
            ? `${formatCount(accounts.length)} loaded of up to ${formatCount(query.limit)}…`
            : `${formatCount(accounts.length)} loaded${list.hasNextPage ? '' : ', the whole list'}`}
        </p>
      </div>
      {list.isFetchNextPageError && (
        <RetryAlert
          title="The next page could not be loaded"
          message={listError?.message}
          onRetry={() => void list.fetchNextPage()}
        />
      )}
      <SelectableAccountList
        // A new list starts with nothing selected and the filters reset.
        key={`${query.kind}:${query.target}`}
        label={`Accounts of ${sourceLabel}`}
        accounts={accounts}
        onExtract={(usernames) => onStartExtraction(usernames, query.kind, query.target)}
      />
    </div>
  ) : null;
}
