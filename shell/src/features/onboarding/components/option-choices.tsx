import { cn } from '@prospector/ui';
import type { TOption } from '../onboarding-options.ts';

type OptionChoicesProps = {
  legend: string;
  name: string;
  options: readonly TOption[];
  /** `radio`: one value; `checkbox`: any number of values. */
  type: 'radio' | 'checkbox';
  selected: readonly string[];
  onToggle: (value: string) => void;
};

/** Native radios or checkboxes drawn as tiles, so keyboard and screen-reader behaviour come for free. */
export function OptionChoices({ legend, name, options, type, selected, onToggle }: OptionChoicesProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-md border bg-card px-3 py-2.5 text-sm transition-colors',
              'hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
            )}
          >
            <input
              type={type}
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={() => onToggle(option.value)}
              className="size-4 accent-(--primary)"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
