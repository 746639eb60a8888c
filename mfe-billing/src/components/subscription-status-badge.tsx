import { Badge, type BadgeProps } from '@prospector/ui';
import { statusBadgeLabel, type TSubscriptionDisplayStatus } from '@prospector/web-data';

const VARIANTS: Record<TSubscriptionDisplayStatus, BadgeProps['variant']> = {
  active: 'success',
  cancelled: 'secondary',
  expired: 'destructive',
  trial: 'outline',
};

/** docs/product.md §4: Active, Cancelled, Expired or Trial; a status it does not know reads "Unknown". */
export function SubscriptionStatusBadge({ status }: { status: string | undefined }) {
  const variant = status && status in VARIANTS ? VARIANTS[status as TSubscriptionDisplayStatus] : 'outline';
  return (
    <Badge variant={variant} data-testid="subscription-status">
      {statusBadgeLabel(status)}
    </Badge>
  );
}
