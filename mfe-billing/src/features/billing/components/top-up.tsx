import { TOP_UP_PACKS, topUpPackLabel } from '@prospector/contracts';
import { Button, ConfirmDialog, Spinner } from '@prospector/ui';
import { useCreateTopUpCheckout } from '@prospector/web-data';
import PlusIcon from 'lucide-react/icons/plus';
import { formatPrice } from '../../../lib/format.ts';

const PACK = TOP_UP_PACKS.credits_1000;

/**
 * A one-off credit pack for a subscriber who runs out before the renewal (docs/product.md "Billing
 * page"): said in full before paying, then the same checkout as the plans.
 */
export function TopUp() {
  const checkout = useCreateTopUpCheckout();
  const label = topUpPackLabel(PACK);
  return (
    <div className="flex flex-col gap-2 border-t pt-4" data-testid="top-up">
      <p className="text-sm text-muted-foreground">
        Running low before your plan renews? Add {label} for {formatPrice(PACK.priceCents)}, once.
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="self-start" disabled={checkout.isPending}>
            {checkout.isPending ? <Spinner label="Starting checkout" /> : <PlusIcon aria-hidden />}
            Buy {label}
          </Button>
        }
        title={`Buy ${label}?`}
        description={`One payment of ${formatPrice(PACK.priceCents)}: your plan and its renewal stay as they are. The ${label} are added once, as soon as the payment goes through, and do not expire.`}
        cancelLabel="Not now"
        confirmLabel="Continue to payment"
        onConfirm={() => checkout.mutate(PACK.id)}
      />
    </div>
  );
}
