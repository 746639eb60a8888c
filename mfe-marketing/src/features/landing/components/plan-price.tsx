type PlanPriceProps = { price: number; originalPrice?: number; period?: string };

/** A monthly price; with `originalPrice`, the promotion's struck-through price comes first. */
export function PlanPrice({ price, originalPrice, period = '/month' }: PlanPriceProps) {
  return (
    <p className="flex items-baseline gap-2">
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
