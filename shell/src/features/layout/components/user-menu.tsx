import { APP_PATHS, type TProfile } from '@prospector/contracts';
import {
  Avatar,
  AvatarFallback,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@prospector/ui';
import LogOutIcon from 'lucide-react/icons/log-out';
import SettingsIcon from 'lucide-react/icons/settings';
import { Link } from 'react-router-dom';
import { useSignOutWithToasts } from '../../../hooks/use-sign-out-with-toasts.ts';
import { useWorkspaceSwitch, WorkspaceSwitcher } from './workspace-switcher.tsx';

const initials = (profile: TProfile) =>
  [profile.firstName, profile.lastName]
    .map((part) => part?.trim()[0] ?? '')
    .join('')
    .toUpperCase() || profile.email[0]?.toUpperCase();

/** The avatar menu: who is signed in, the workspace switcher (when in several), Settings and Sign Out. */
export function UserMenu({ profile }: { profile: TProfile }) {
  const { signOut, isPending } = useSignOutWithToasts();
  const switcher = useWorkspaceSwitch();
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;
  const shown = initials(profile);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name starts with the initials the button shows, so voice users can say what they see. */}
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={`${shown}, account menu`}>
          <Avatar className="size-8" aria-hidden>
            <AvatarFallback className="bg-primary/10 text-sm font-medium text-primary">
              {shown}
            </AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{profile.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <WorkspaceSwitcher switcher={switcher} />
        <DropdownMenuItem asChild>
          <Link to={APP_PATHS.settings}>
            <SettingsIcon aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={isPending} onSelect={signOut}>
          <LogOutIcon aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
