import { isPromoActive, PROMO_LABEL } from '@prospector/contracts';
import { Badge } from '@prospector/ui';

/** Shown only while the promotion's countdown is positive. */
export function PromoBadge() {
  if (!isPromoActive()) return null;
  return (
    <Badge variant="destructive" className="px-3 py-1 text-sm">
      {PROMO_LABEL}
    </Badge>
  );
}
