import { LoadFailed, Skeleton } from '@prospector/ui';
import { useWebhookSettings } from '../api/get-webhook-settings.ts';
import { WebhookDeliveriesCard } from './webhook-deliveries-card.tsx';
import { WebhookEndpointCard } from './webhook-endpoint-card.tsx';

/** Settings → Webhooks: where Prospector tells the user's own tools that something happened. */
export function WebhooksTab() {
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
