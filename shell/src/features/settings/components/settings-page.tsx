import { roleAtLeast } from '@prospector/contracts';
import { PageHeader, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@prospector/ui';
import { useProfile } from '@prospector/web-data';
import BuildingIcon from 'lucide-react/icons/building';
import CodeIcon from 'lucide-react/icons/code';
import LockIcon from 'lucide-react/icons/lock';
import UsersIcon from 'lucide-react/icons/users';
import WebhookIcon from 'lucide-react/icons/webhook';
import { useSearchParams } from 'react-router-dom';
import { ApiKeysCard } from './api-keys-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SecurityForm } from './security-form.tsx';
import { TeamTab } from './team-tab.tsx';
import { WebhooksTab } from './webhooks-tab.tsx';

const TABS = [
  { value: 'profile', label: 'Profile & Company', icon: BuildingIcon },
  { value: 'security', label: 'Security', icon: LockIcon },
  { value: 'team', label: 'Team', icon: UsersIcon },
  { value: 'api', label: 'API', icon: CodeIcon },
  { value: 'webhooks', label: 'Webhooks', icon: WebhookIcon },
] as const;

export function SettingsPage() {
  // The route guard has loaded the profile before any dashboard page renders.
  const profile = useProfile();
  // `?tab=api` opens a tab directly (the API reference links there).
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = TABS.find(({ value }) => value === requested)?.value ?? 'profile';
  // Keys and webhooks are managed by the workspace's owners and admins; a member sees what they may.
  const canManage = roleAtLeast(profile.data?.workspace?.role ?? 'owner', 'admin');
  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Settings"
        description="Manage your profile, company details, password, team, API keys and webhooks."
      />
      <Tabs value={tab} onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}>
        {/* Phones put the tabs two to a row; wider screens keep them on one line. */}
        <TabsList
          aria-label="Settings"
          className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          {profile.data ? (
            <ProfileForm profile={profile.data} />
          ) : (
            <Skeleton className="h-96 w-full" aria-label="Profile loading" />
          )}
        </TabsContent>
        <TabsContent value="security">
          <div className="flex flex-col gap-6">
            <SecurityForm />
            <DeleteAccountCard />
          </div>
        </TabsContent>
        <TabsContent value="team">
          <TeamTab />
        </TabsContent>
        <TabsContent value="api">
          <ApiKeysCard canManage={canManage} />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksTab canManage={canManage} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
