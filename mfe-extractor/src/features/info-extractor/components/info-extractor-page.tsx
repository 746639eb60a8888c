import { SignedInOnly } from '@prospector/auth-client/react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@prospector/ui';
import { AtSignIcon, SearchIcon } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { CreditsSummary } from './credits-summary.tsx';
import { ExtractByKeyword } from './extract-by-keyword.tsx';
import { ExtractByUsername } from './extract-by-username.tsx';

export function InfoExtractorPage() {
  return (
    <SignedInOnly>
      <div className="flex flex-col gap-6 p-4 md:p-6">
        <PageHeader
          title="Instagram Info Extractor"
          description="Find the public e-mail and profile data of Instagram accounts."
        />
        <CreditsSummary />
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>New extraction</h2>
            </CardTitle>
            <CardDescription>Results are saved to your Instagram Database automatically.</CardDescription>
          </CardHeader>
          <CardContent>
            {/* Phones show only "Username" and "Keyword"; the full names stay for screen readers. */}
            <Tabs defaultValue="username">
              <TabsList>
                <TabsTrigger value="username">
                  <AtSignIcon aria-hidden />
                  <span>
                    <span className="sr-only sm:not-sr-only">Extract by </span>
                    Username
                  </span>
                </TabsTrigger>
                <TabsTrigger value="keyword">
                  <SearchIcon aria-hidden />
                  <span>
                    <span className="sr-only sm:not-sr-only">Extract by </span>
                    Keyword
                  </span>
                </TabsTrigger>
              </TabsList>
              <TabsContent value="username" className="pt-4">
                <ExtractByUsername />
              </TabsContent>
              <TabsContent value="keyword" className="pt-4">
                <ExtractByKeyword />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </SignedInOnly>
  );
}
