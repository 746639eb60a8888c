import { Input } from '@prospector/ui';
import { rangeHint } from '../extraction-filters.ts';

type RangeFilterProps = {
  id: string;
  label: string;
  min: string;
  max: string;
  onChange: (range: { min: string; max: string }) => void;
};

const BOUND_WORDS = { min: 'minimum', max: 'maximum' } as const;

/** A minimum and a maximum for one count (followers, following, media). */
export function RangeFilter({ id, label, min, max, onChange }: RangeFilterProps) {
  const hint = rangeHint(min, max);
  const hintId = `${id}-hint`;
  const described = hint ? { 'aria-invalid': true, 'aria-describedby': hintId } : {};
  const bound = (end: 'min' | 'max') => (
    <Input
      id={`${id}-${end}`}
      aria-label={`${label} ${BOUND_WORDS[end]}`}
      type="number"
      inputMode="numeric"
      min={0}
      placeholder={end === 'min' ? 'Min' : 'Max'}
      value={end === 'min' ? min : max}
      {...described}
      onChange={(event) => onChange({ min, max, [end]: event.target.value })}
    />
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <div className="flex items-center gap-2">
        {bound('min')}
        <span className="text-muted-foreground" aria-hidden>
          –
        </span>
        {bound('max')}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-destructive" role="status">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
