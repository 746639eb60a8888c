import type * as React from 'react';
import { cn } from '../lib/cn';

type FactProps = {
  /** An icon element; it is sized to fit the round badge. */
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
  className?: string;
};

/** A labelled value with a round icon before it: a plan, a balance, a renewal date. */
export function Fact({ icon, label, children, className }: FactProps) {
  return (
    <div data-slot="fact" className={cn('flex items-start gap-3', className)}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-4">
        {icon}
      </span>
      <div className="flex flex-col items-start gap-1.5">
        <span className="text-xs text-muted-foreground">{label}</span>
        {children}
      </div>
    </div>
  );
}
