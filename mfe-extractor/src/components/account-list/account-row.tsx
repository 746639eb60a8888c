import type { TKeywordSearchUser } from '@prospector/contracts';
import { Badge, Checkbox } from '@prospector/ui';
import DatabaseIcon from 'lucide-react/icons/database';
import { type CSSProperties, memo, type ReactNode, type Ref } from 'react';

const VIRTUAL_ROW: CSSProperties = { position: 'absolute', top: 0, left: 0, width: '100%' };

import { followersLabel } from '../../lib/format.ts';
import { AccountAvatar } from '../account-avatar.tsx';
import { ProfileBadges } from '../profile-badges.tsx';

type AccountRowProps = {
  /** A search result or a listed account (which says whether it is already in the database). */
  account: TKeywordSearchUser & { extracted?: boolean };
  checked: boolean;
  idPrefix: string;
  /** Ticks or unticks the row; without it the row has no checkbox (nothing can be extracted). */
  onToggle?: (username: string, checked: boolean) => void;
  /** How a virtualised list measures the row. */
  rowRef?: Ref<HTMLLIElement>;
  /**
   * In a virtualised list: where the row starts (px), its place in the whole list (0-based) and the
   * list's length (for screen readers: aria-posinset, aria-setsize). Numbers, so the memo holds.
   */
  start?: number;
  index?: number;
  total?: number;
  /** A button of the row's own (copy the username). */
  action?: ReactNode;
};

/**
 * One account of a result list or an account list: what lets the user judge it before spending
 * (reach, category, badges, already in the database). Memoised, so ticking one row re-renders one row.
 */
export const AccountRow = memo(function AccountRow({
  account,
  checked,
  idPrefix,
  onToggle,
  rowRef,
  start,
  index,
  total,
  action,
}: AccountRowProps) {
  const id = `${idPrefix}-${account.username}`;
  const followers = followersLabel(account.follower_count);
  const body = (
    <>
      {onToggle && (
        <Checkbox
          id={id}
          aria-label={`Select ${account.username}`}
          checked={checked}
          onCheckedChange={(next) => onToggle(account.username, next === true)}
        />
      )}
      <AccountAvatar src={account.profile_pic_url} fullName={account.full_name} username={account.username} />
      <span className="flex min-w-0 flex-1 flex-col">
        {/* Wrapped, not cut: a long username is read whole on a phone too, where no title shows. */}
        <span className="break-all text-sm font-medium" data-testid="account-username">
          @{account.username}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {[account.full_name, account.category].filter(Boolean).join(' · ') || '\u00a0'}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1 text-xs sm:flex-row sm:items-center sm:gap-2">
        {followers && <span className="tabular-nums text-muted-foreground">{followers}</span>}
        <ProfileBadges profile={account} />
        {account.extracted && (
          <Badge variant="outline">
            <DatabaseIcon aria-hidden />
            In database
          </Badge>
        )}
      </span>
    </>
  );
  const rowClass = 'flex min-w-0 items-center gap-3 px-3 py-2';
  return (
    <li
      ref={rowRef}
      style={start === undefined ? undefined : { ...VIRTUAL_ROW, transform: `translateY(${start}px)` }}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={total}
      // The virtualiser measures the row by it.
      data-index={index}
      data-username={account.username}
      className="flex min-w-0 items-center border-b last:border-b-0"
    >
      {onToggle ? (
        <label
          htmlFor={id}
          className={`${rowClass} flex-1 cursor-pointer hover:bg-accent/50 has-[button:focus-visible]:bg-accent/50`}
        >
          {body}
        </label>
      ) : (
        <div className={`${rowClass} flex-1`}>{body}</div>
      )}
      {action && <span className="shrink-0 pr-2">{action}</span>}
    </li>
  );
});
