import { cn } from '@prospector/ui';
import type { LucideIcon } from 'lucide-react/types';

type TOption<T extends string> = {
  value: T;
  label: string;
  icon: LucideIcon;
  /** Why this option cannot be chosen; it is shown greyed out, with the reason as its description. */
  unavailable?: string;
};

type SegmentedToggleProps<T extends string> = {
  label: string;
  options: readonly TOption<T>[];
  value: T;
  onChange: (value: T) => void;
};

/** Two or three mutually exclusive buttons (an unavailable one disabled, saying why); `aria-pressed` tells assistive tech which is on. */
export function SegmentedToggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedToggleProps<T>) {
  return (
    <fieldset className="inline-flex w-fit rounded-lg border bg-muted p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          disabled={option.unavailable !== undefined}
          title={option.unavailable}
          onClick={() => onChange(option.value)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
            'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            option.value === value ? 'bg-card text-foreground shadow-sm' : 'hover:text-foreground',
            'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:text-muted-foreground',
          )}
        >
          <option.icon className="size-4" aria-hidden />
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
