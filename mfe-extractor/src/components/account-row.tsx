import type { TKeywordSearchUser } from '@prospector/contracts';
import { Badge, Checkbox } from '@prospector/ui';
import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import DatabaseIcon from 'lucide-react/icons/database';
import LockIcon from 'lucide-react/icons/lock';
import { memo } from 'react';
import { followersLabel } from '../lib/format.ts';
import { AccountAvatar } from './account-avatar.tsx';

type AccountRowProps = {
  /** A search result or a listed account (which says whether it is already in the database). */
  account: TKeywordSearchUser & { extracted?: boolean };
  checked: boolean;
  idPrefix: string;
  onToggle: (username: string, checked: boolean) => void;
};

/**
 * One selectable account of a result list or an account list: what lets the user judge it before spending (reach, category, badges,
 * already in the database). Memoised, so ticking one row of a thousand re-renders one row; off-screen
 * rows skip layout and paint (`content-visibility`).
 */
export const AccountRow = memo(function AccountRow({
  account,
  checked,
  idPrefix,
  onToggle,
}: AccountRowProps) {
  const id = `${idPrefix}-${account.username}`;
  const followers = followersLabel(account.follower_count);
  return (
    <li className="[contain-intrinsic-size:auto_60px] [content-visibility:auto]">
      <label
        htmlFor={id}
        className="flex min-w-0 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-accent/50 has-[button:focus-visible]:bg-accent/50"
      >
        <Checkbox
          id={id}
          aria-label={`Select ${account.username}`}
          checked={checked}
          onCheckedChange={(next) => onToggle(account.username, next === true)}
        />
        <AccountAvatar
          src={account.profile_pic_url}
          fullName={account.full_name}
          username={account.username}
        />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium">@{account.username}</span>
          <span className="truncate text-xs text-muted-foreground">
            {[account.full_name, account.category].filter(Boolean).join(' · ') || '\u00a0'}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1 text-xs sm:flex-row sm:items-center sm:gap-2">
          {followers && <span className="tabular-nums text-muted-foreground">{followers}</span>}
          {account.is_verified && (
            <Badge variant="secondary">
              <BadgeCheckIcon aria-hidden />
              Verified
            </Badge>
          )}
          {account.is_private && (
            <Badge variant="outline">
              <LockIcon aria-hidden />
              Private
            </Badge>
          )}
          {account.extracted && (
            <Badge variant="outline">
              <DatabaseIcon aria-hidden />
              In database
            </Badge>
          )}
        </span>
      </label>
    </li>
  );
});
