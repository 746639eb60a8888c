import { PlanOffers as PlanGrid, type PlanOffersProps } from '@prospector/web-features';

/** The billing screens' plan grid: three columns, each plan described by its monthly credits. */
export function PlanOffers(props: Pick<PlanOffersProps, 'action' | 'isSelected'>) {
  return (
    <div className="flex w-full flex-col items-center gap-6">
      <PlanGrid
        className="grid w-full gap-6 pt-2 md:grid-cols-3"
        description={(plan) => `${plan.credits.toLocaleString('en-US')} credits per month`}
        {...props}
      />
    </div>
  );
}
