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

type PricingCardProps = {
  name: string;
  description: string;
  price: ReactNode;
  features: readonly string[];
  action: ReactNode;
  highlighted?: boolean;
};

export function PricingCard({
  name,
  description,
  price,
  features,
  action,
  highlighted = false,
}: PricingCardProps) {
  return (
    <Card className={cn('relative', highlighted && 'border-primary shadow-lg ring-1 ring-primary')}>
      {highlighted && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Most Popular</Badge>
      )}
      <CardHeader className="gap-2">
        <CardTitle className="text-lg">
          <h3>{name}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        <div className="mt-2">{price}</div>
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
