import { SignedInOnly } from '@prospector/auth-client/react';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Input,
  Label,
} from '@prospector/ui';
import { UsersIcon } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { MAX_INPUT_LENGTH } from '../../../lib/input-limits.ts';

/** The lookup runs on the extractor service; the button is enabled when it is wired. */
export function SimilarAccountsPage() {
  return (
    <SignedInOnly>
      <div className="flex flex-col gap-6 p-4 md:p-6">
        <PageHeader
          title="Similar Accounts"
          description="Start from one Instagram account and discover related profiles to add to your lead list."
        />
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Find accounts like…</h2>
            </CardTitle>
            <CardDescription>Results list usernames you can copy or download as CSV.</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="flex flex-col gap-2" onSubmit={(event) => event.preventDefault()}>
              <Label htmlFor="similar-username">Instagram username</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="similar-username"
                  name="username"
                  placeholder="e.g. natgeo"
                  autoComplete="off"
                  maxLength={MAX_INPUT_LENGTH}
                />
                <Button type="submit" disabled>
                  <UsersIcon aria-hidden />
                  Find Similar Accounts
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </div>
    </SignedInOnly>
  );
}
