import { cn } from '@prospector/ui';
import type { LucideIcon } from 'lucide-react/types';

type TOption<T extends string> = { value: T; label: string; icon: LucideIcon };

type SegmentedToggleProps<T extends string> = {
  label: string;
  options: readonly TOption<T>[];
  value: T;
  onChange: (value: T) => void;
};

/** Two or three mutually exclusive buttons; `aria-pressed` tells assistive tech which is on. */
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
          onClick={() => onChange(option.value)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
            'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            option.value === value ? 'bg-card text-foreground shadow-sm' : 'hover:text-foreground',
          )}
        >
          <option.icon className="size-4" aria-hidden />
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
