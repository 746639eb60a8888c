import { Badge } from '@prospector/ui';
import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import LockIcon from 'lucide-react/icons/lock';

type TProfileFlags = { is_verified?: boolean | null; is_private?: boolean | null };
/** "Verified" and "Private", on the profiles that are. */
export function ProfileBadges({ profile }: { profile: TProfileFlags }) {
  return (
    <>
      {profile.is_verified && (
        <Badge variant="secondary">
          <BadgeCheckIcon aria-hidden />
          Verified
        </Badge>
      )}
      {profile.is_private && (
        <Badge variant="outline">
          <LockIcon aria-hidden />
          Private
        </Badge>
      )}
    </>
  );
}
