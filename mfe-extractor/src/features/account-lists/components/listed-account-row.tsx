import type { TListedAccount } from '@prospector/contracts';
import { Badge, Checkbox } from '@prospector/ui';
import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import DatabaseIcon from 'lucide-react/icons/database';
import LockIcon from 'lucide-react/icons/lock';
import { memo } from 'react';
import { AccountAvatar } from '../../../components/account-avatar.tsx';
import { followersLabel } from '../../../lib/format.ts';

type ListedAccountRowProps = {
  account: TListedAccount;
  checked: boolean;
  idPrefix: string;
  onToggle: (username: string, checked: boolean) => void;
};

/**
 * One account of a list: what lets the user judge it before spending (reach, category, badges,
 * already in the database). Memoised, so ticking one row of a thousand re-renders one row; off-screen
 * rows skip layout and paint (`content-visibility`).
 */
export const ListedAccountRow = memo(function ListedAccountRow({
  account,
  checked,
  idPrefix,
  onToggle,
}: ListedAccountRowProps) {
  const id = `${idPrefix}-${account.username}`;
  const followers = followersLabel(account.follower_count);
  return (
    <li className="[contain-intrinsic-size:auto_60px] [content-visibility:auto]" data-testid="listed-account">
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
