import { APP_PATHS } from '@prospector/contracts';
import { Alert, AlertDescription } from '@prospector/ui';
import ShieldOffIcon from 'lucide-react/icons/shield-off';
import { useOptOutRemovals } from '../api/get-opt-out-removals.ts';

export const optOutRemovalsText = (removed: number) =>
  removed === 1
    ? '1 record was removed after an opt-out request: its owner asked not to be contacted, so its e-mail and profile data are gone and it cannot be extracted again.'
    : `${removed} records were removed after opt-out requests: their owners asked not to be contacted, so their e-mails and profile data are gone and they cannot be extracted again.`;

/** Says why records disappeared, when any did; nothing while loading, on error or with none. */
export function OptOutRemovalsNotice() {
  const { data: removed } = useOptOutRemovals();
  if (!removed) return null;
  return (
    <Alert role="status">
      <ShieldOffIcon aria-hidden />
      <AlertDescription>
        <span>
          {optOutRemovalsText(removed)}{' '}
          <a href={APP_PATHS.optOut} className="font-medium text-primary hover:underline">
            About opt-outs
          </a>
        </span>
      </AlertDescription>
    </Alert>
  );
}
