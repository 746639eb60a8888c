import { Alert, AlertDescription, AlertTitle, Button } from '@prospector/ui';
import type LockIcon from 'lucide-react/icons/lock';
import SearchXIcon from 'lucide-react/icons/search-x';

/** Where a list or a lookup is explained instead of shown: private, empty, not offered by the provider. */
export function ListNotice({
  title,
  children,
  icon: Icon,
}: {
  title: string;
  children: string;
  icon: typeof LockIcon;
}) {
  return (
    <Alert role="status">
      <Icon aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

/** A page that could not be loaded, the service's reason, and a way to ask again. */
export function RetryAlert({
  title,
  message,
  onRetry,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <SearchXIcon aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <span>{message ?? 'Failed to load the accounts. Please try again.'}</span>
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
