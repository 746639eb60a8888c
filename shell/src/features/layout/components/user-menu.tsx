import type { TProfile } from '@prospector/contracts';
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
  toast,
} from '@prospector/ui';
import { LogOutIcon, SettingsIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { useSignOut } from '../../../api/sign-out.ts';

/** Spec §8 "Sign-out". */
export const SIGN_OUT_MESSAGES = {
  success: 'Successfully logged out!',
  failureTitle: 'Sign Out Error',
  failure: 'Error during logout',
} as const;

const initials = (profile: TProfile) =>
  [profile.firstName, profile.lastName]
    .map((part) => part?.trim()[0] ?? '')
    .join('')
    .toUpperCase() || profile.email[0]?.toUpperCase();

/** The avatar menu: who is signed in, Settings and Sign Out. */
export function UserMenu({ profile }: { profile: TProfile }) {
  const navigate = useNavigate();
  // The toast is raised here, not in mutate's callbacks: leaving the page unmounts this menu, and
  // TanStack Query drops the callbacks of an unmounted caller.
  const signOut = useSignOut({
    onSignedOut: () => {
      toast.success(SIGN_OUT_MESSAGES.success);
      return navigate('/', { replace: true, flushSync: true });
    },
  });
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onError: () => toast.error(SIGN_OUT_MESSAGES.failureTitle, { description: SIGN_OUT_MESSAGES.failure }),
    });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <Avatar className="size-8">
            <AvatarFallback className="bg-primary/10 text-sm font-medium text-primary">
              {initials(profile)}
            </AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{profile.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/settings">
            <SettingsIcon aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={signOut.isPending} onSelect={onSignOut}>
          <LogOutIcon aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
