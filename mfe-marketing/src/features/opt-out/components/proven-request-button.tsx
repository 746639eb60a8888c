import { Alert, AlertDescription, AlertTitle, Button, Spinner } from '@prospector/ui';
import type { ComponentProps } from 'react';
import type { TProvenRequestState } from '../api/use-proven-request.ts';

/** A request's failure (when the last try failed) above the button that sends it, busy while it is sent. */
export function ProvenRequestButton({
  state,
  label,
  sendingLabel,
  ...button
}: {
  state: TProvenRequestState<unknown>;
  label: string;
  /** "Sending": the spinner's label, and the button's text with an ellipsis while the request runs. */
  sendingLabel: string;
} & Omit<ComponentProps<typeof Button>, 'children' | 'className' | 'disabled'>) {
  const sending = state.kind === 'sending';
  return (
    <>
      {state.kind === 'failed' && (
        <Alert variant="destructive">
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
      <Button className="w-fit" disabled={sending} {...button}>
        {sending ? <Spinner label={sendingLabel} /> : null}
        {sending ? `${sendingLabel}…` : label}
      </Button>
    </>
  );
}

/** What a confirmed opt-out shows, by link or by bio code. */
export function OptOutConfirmed({ message }: { message: string }) {
  return (
    <Alert role="status">
      <AlertTitle>Opt-out confirmed</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
