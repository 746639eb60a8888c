import { Alert, AlertDescription, AlertTitle, Button, Spinner } from '@prospector/ui';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';

/** Centred spinner for whole-screen waits (session, profile). */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40" aria-busy="true">
      <Spinner label={label} showLabel className="[&_svg]:size-6" />
    </div>
  );
}

/** Centred error with a retry, for whole-screen loads that failed. */
export function FullPageError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Alert variant="destructive" className="max-w-md bg-card">
        <CircleAlertIcon aria-hidden />
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-3">
          <p>{message}</p>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    </div>
  );
}
