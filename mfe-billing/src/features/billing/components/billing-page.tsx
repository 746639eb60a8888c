import { useSearchParams } from '@prospector/router';
import { Button, PageHeader, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@prospector/ui';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import ReceiptIcon from 'lucide-react/icons/receipt';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import { useBillingPageSync, useRefreshSubscription } from '../hooks/use-subscription-refresh.ts';
import { OverviewTab } from './overview-tab.tsx';
import { PlansTab } from './plans-tab.tsx';

const PLANS_TAB = 'plans';

/** docs/product.md §2: `?tab=plans` opens Change Plan; the tab is kept in the query so links and reloads agree. */
export function BillingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { refresh, refreshing } = useRefreshSubscription();
  useBillingPageSync(refresh);
  const tab = searchParams.get('tab') === PLANS_TAB ? PLANS_TAB : 'overview';
  const showTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === PLANS_TAB) params.set('tab', PLANS_TAB);
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Billing & Subscription"
        description="Your plan, your credits and how you pay."
        actions={
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? <Spinner label="Refreshing" /> : <RefreshCwIcon aria-hidden />}
            Refresh Status
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={showTab}>
        <TabsList>
          <TabsTrigger value="overview">
            <ReceiptIcon aria-hidden />
            Overview
          </TabsTrigger>
          <TabsTrigger value={PLANS_TAB}>
            <LayoutGridIcon aria-hidden />
            Change Plan
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="pt-2">
          <OverviewTab onChangePlan={() => showTab(PLANS_TAB)} />
        </TabsContent>
        <TabsContent value={PLANS_TAB} className="pt-2">
          <PlansTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
