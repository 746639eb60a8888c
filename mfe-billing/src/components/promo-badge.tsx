import { promoLabel, type TPromo } from '@prospector/contracts';
import { Badge } from '@prospector/ui';

export function PromoBadge({ promo }: { promo: TPromo }) {
  return (
    <Badge variant="destructive" className="px-3 py-1 text-sm">
      {promoLabel(promo)}
    </Badge>
  );
}
