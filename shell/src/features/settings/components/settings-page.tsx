import { Tabs, TabsContent, TabsList, TabsTrigger } from '@prospector/ui';
import { BuildingIcon, LockIcon } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SecurityForm } from './security-form.tsx';

export function SettingsPage() {
  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <PageHeader title="Settings" description="Manage your profile, company details and password." />
      <Tabs defaultValue="profile">
        <TabsList>
          <TabsTrigger value="profile">
            <BuildingIcon aria-hidden />
            Profile & Company
          </TabsTrigger>
          <TabsTrigger value="security">
            <LockIcon aria-hidden />
            Security
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileForm />
        </TabsContent>
        <TabsContent value="security">
          <SecurityForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
