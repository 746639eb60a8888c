import { Input } from '@prospector/ui';
import { rangeHint } from '../extraction-filters.ts';

type RangeFilterProps = {
  id: string;
  label: string;
  min: string;
  max: string;
  onChange: (range: { min: string; max: string }) => void;
};

/** A minimum and a maximum for one count (followers, following, media). */
export function RangeFilter({ id, label, min, max, onChange }: RangeFilterProps) {
  const hint = rangeHint(min, max);
  const hintId = `${id}-hint`;
  const described = hint ? { 'aria-invalid': true, 'aria-describedby': hintId } : {};
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <div className="flex items-center gap-2">
        <Input
          id={`${id}-min`}
          aria-label={`${label} minimum`}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder="Min"
          value={min}
          {...described}
          onChange={(event) => onChange({ min: event.target.value, max })}
        />
        <span className="text-muted-foreground" aria-hidden>
          –
        </span>
        <Input
          id={`${id}-max`}
          aria-label={`${label} maximum`}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder="Max"
          value={max}
          {...described}
          onChange={(event) => onChange({ min, max: event.target.value })}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-destructive" role="status">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
