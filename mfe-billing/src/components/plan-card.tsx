import type { TPlanOffer } from '@prospector/contracts';
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  cn,
} from '@prospector/ui';
import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type PlanCardProps = {
  plan: TPlanOffer;
  action: ReactNode;
  /** Outlines the card, e.g. the plan chosen before signing in. */
  selected?: boolean;
  /** While the promo runs, the original price is shown struck through before the price. */
  promo?: boolean;
};

export function PlanCard({ plan, action, selected = false, promo = false }: PlanCardProps) {
  return (
    <Card
      // The outline alone says nothing to a screen reader.
      aria-current={selected || undefined}
      className={cn(
        'relative',
        (selected || plan.mostPopular) && 'border-primary shadow-md',
        selected && 'ring-2 ring-primary',
      )}
    >
      {plan.mostPopular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Most Popular</Badge>
      )}
      <CardHeader className="gap-2">
        <CardTitle className="text-lg">
          <h3>{plan.name}</h3>
        </CardTitle>
        <CardDescription>{plan.credits.toLocaleString('en-US')} credits per month</CardDescription>
        <p className="mt-2 flex items-baseline gap-2">
          {promo && (
            <s className="text-lg text-muted-foreground">
              <span className="sr-only">was </span>${plan.originalPrice}
            </s>
          )}
          <span className="text-4xl font-bold tracking-tight">${plan.price}</span>
          <span className="text-sm text-muted-foreground">/month</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="flex flex-col gap-2.5 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
