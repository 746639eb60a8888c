import { Checkbox } from './checkbox';
import { Label } from './label';

/**
 * "Include e-mail status": whether a CSV export adds the `email_status` column. The Database page's
 * export and a run's results offer the same choice.
 */
export function EmailStatusToggle({
  id,
  checked,
  onCheckedChange,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onCheckedChange(value === true)} />
      <Label htmlFor={id} className="text-sm font-normal">
        Include e-mail status
      </Label>
    </div>
  );
}
