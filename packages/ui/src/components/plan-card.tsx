import CheckIcon from 'lucide-react/icons/check';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Badge } from './badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

type PlanPriceProps = { price: number; originalPrice?: number; period?: string; className?: string };

/** A monthly price; with `originalPrice`, the promotion's struck-through price comes first. */
export function PlanPrice({ price, originalPrice, period = '/month', className }: PlanPriceProps) {
  return (
    <p className={cn('flex items-baseline gap-2', className)}>
      {originalPrice !== undefined && (
        <s className="text-lg text-muted-foreground">
          <span className="sr-only">was </span>${originalPrice}
        </s>
      )}
      <span className="text-4xl font-bold tracking-tight">${price}</span>
      <span className="text-sm text-muted-foreground">{period}</span>
    </p>
  );
}

type PlanCardProps = {
  name: string;
  description: ReactNode;
  /** Usually a PlanPrice. */
  price: ReactNode;
  features: readonly string[];
  action: ReactNode;
  /** The "Most Popular" badge and an outline. */
  mostPopular?: boolean;
  /** Outlines the card, e.g. the plan chosen before signing in. */
  selected?: boolean;
  className?: string;
};

/** One plan of a pricing grid (landing page, pricing and billing screens, trial-expired screen). */
export function PlanCard({
  name,
  description,
  price,
  features,
  action,
  mostPopular = false,
  selected = false,
  className,
}: PlanCardProps) {
  return (
    <Card
      // The outline alone says nothing to a screen reader.
      aria-current={selected || undefined}
      className={cn(
        'relative',
        (selected || mostPopular) && 'border-primary shadow-md',
        selected && 'ring-2 ring-primary',
        className,
      )}
    >
      {mostPopular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Most Popular</Badge>
      )}
      <CardHeader className="gap-2">
        <CardTitle className="text-lg">
          <h3>{name}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {price}
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="flex flex-col gap-2.5 text-sm">
          {features.map((feature) => (
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
