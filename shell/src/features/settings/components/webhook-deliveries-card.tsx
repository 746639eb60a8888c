import type { TWebhookDelivery } from '@prospector/contracts';
import {
  Badge,
  Button,
  LoadFailed,
  SectionCard,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useResendWebhook } from '../api/resend-webhook.ts';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

const STATUS_BADGES: Record<
  TWebhookDelivery['status'],
  { label: string; variant: 'success' | 'secondary' | 'destructive' }
> = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Retrying', variant: 'secondary' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** What the last attempt got: the endpoint's status code, or why there was none. */
function responseOf(delivery: TWebhookDelivery): string {
  if (delivery.responseStatus !== null) return String(delivery.responseStatus);
  if (delivery.error) return delivery.error;
  return delivery.attempts === 0 ? 'Not sent yet' : '—';
}

/** The last 50 messages, newest first, with their status, last response and a Resend button. */
export function WebhookDeliveriesCard({ hasEndpoint }: { hasEndpoint: boolean }) {
  const deliveries = useWebhookDeliveries({ enabled: true });
  const resend = useResendWebhook();
  const data = deliveries.data;

  const onResend = (delivery: TWebhookDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast.success('The webhook is being sent again'),
      onError: (failure) => toast.error('The webhook was not resent', { description: errorMessage(failure) }),
    });

  return (
    <SectionCard
      title="Delivery log"
      description="The last 50 webhooks sent, newest first. Failed attempts are retried for 24 hours."
    >
      {deliveries.isError && !data ? (
        <LoadFailed className="justify-between" onRetry={() => void deliveries.refetch()}>
          The delivery log could not be loaded.
        </LoadFailed>
      ) : (
        <Table aria-label="Webhook deliveries" scrollRegionLabel="Webhook deliveries">
          <TableHeader>
            <TableRow>
              <TableHead>Event</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Response</TableHead>
              <TableHead className="hidden sm:table-cell">Time</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!data
              ? [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    {[0, 1, 2, 3, 4].map((cell) => (
                      <TableCell key={cell} className={cell === 3 ? 'hidden sm:table-cell' : undefined}>
                        <Skeleton className="h-4 w-16" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : data.map((delivery) => {
                  const badge = STATUS_BADGES[delivery.status];
                  const time = delivery.lastAttemptAt ?? delivery.createdAt;
                  return (
                    <TableRow
                      key={delivery.id}
                      data-testid="webhook-delivery-row"
                      data-delivery-id={delivery.id}
                    >
                      <TableCell>
                        <code className="font-mono text-xs">{delivery.eventType}</code>
                        <span className="block text-xs text-muted-foreground sm:hidden">
                          {formatDateTime(time)}
                        </span>
                      </TableCell>
                      <TableCell>
                        <Badge variant={badge.variant}>{badge.label}</Badge>
                        <span className="block text-xs text-muted-foreground">
                          {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
                        </span>
                      </TableCell>
                      <TableCell
                        className="max-w-48 whitespace-normal break-words"
                        data-testid="webhook-response"
                      >
                        {responseOf(delivery)}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">{formatDateTime(time)}</TableCell>
                      <TableCell className="text-right">
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          disabled={!hasEndpoint || (resend.isPending && resend.variables === delivery.id)}
                          aria-label={`Resend ${delivery.eventType} from ${formatDateTime(delivery.createdAt)}`}
                          onClick={() => onResend(delivery)}
                        >
                          Resend
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
            {data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} className="py-6 text-center whitespace-normal text-muted-foreground">
                  {hasEndpoint
                    ? 'No webhooks sent yet. They appear here when a run ends or your credits run low.'
                    : 'Set an endpoint above to receive webhooks.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
