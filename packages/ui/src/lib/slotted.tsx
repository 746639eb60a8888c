import type { ClassValue } from 'clsx';
import type * as React from 'react';
import { cn } from './cn';

/**
 * A design-system part: `Component` marked with its `data-slot` and base classes, a caller's
 * `className` merged over them (`cn`), every other prop passed through.
 */
export function slotted<TComponent extends React.ElementType>(
  Component: TComponent,
  slot: string,
  ...base: ClassValue[]
): (props: React.ComponentProps<TComponent>) => React.ReactElement {
  const Element: React.ElementType = Component;
  return function Slotted(props) {
    const { className, ...rest } = props as { className?: ClassValue };
    return <Element data-slot={slot} {...rest} className={cn(...base, className) || undefined} />;
  };
}
