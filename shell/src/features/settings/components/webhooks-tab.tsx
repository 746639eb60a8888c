import { LoadFailed, Skeleton } from '@prospector/ui';
import { useWebhookSettings } from '../api/get-webhook-settings.ts';
import { WebhookDeliveriesCard } from './webhook-deliveries-card.tsx';
import { WebhookEndpointCard } from './webhook-endpoint-card.tsx';

/** The webhook settings show the signing secret, so they are owners' and admins' (docs/architecture.md §17). */
export const WEBHOOKS_MANAGED_BY_ADMINS = 'Only a workspace owner or admin can manage webhooks.';

/** Settings → Webhooks: where Prospector tells the user's own tools that something happened. */
export function WebhooksTab({ canManage = true }: { canManage?: boolean }) {
  if (!canManage) return <p className="text-sm text-muted-foreground">{WEBHOOKS_MANAGED_BY_ADMINS}</p>;
  return <WebhookSettings />;
}

function WebhookSettings() {
  const settings = useWebhookSettings();
  if (settings.isError && !settings.data) {
    return (
      <LoadFailed className="justify-between" onRetry={() => void settings.refetch()}>
        The webhook settings could not be loaded.
      </LoadFailed>
    );
  }
  if (!settings.data) return <Skeleton className="h-96 w-full" aria-label="Webhook settings loading" />;
  const { endpoint } = settings.data;
  return (
    <div className="flex flex-col gap-6">
      {/* Keyed by the saved URL, so the form starts from what was saved after a change elsewhere. */}
      <WebhookEndpointCard key={endpoint?.url ?? 'none'} endpoint={endpoint} />
      <WebhookDeliveriesCard hasEndpoint={endpoint !== null} />
    </div>
  );
}
