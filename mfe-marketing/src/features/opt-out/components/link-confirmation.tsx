import { Alert, AlertDescription, AlertTitle, Button, Spinner } from '@prospector/ui';
import { confirmOptOutByLink } from '../api/confirm-opt-out.ts';
import { useProvenRequest } from '../api/use-proven-request.ts';

/**
 * The link mailed to the e-mail the profile shows opens the page with its token: confirming takes a
 * click, so a mail scanner that opens links confirms nothing.
 */
export function LinkConfirmation({ token }: { token: string }) {
  const { state, send } = useProvenRequest();
  return (
    <section
      aria-labelledby="confirm-link-heading"
      className="flex flex-col gap-3 rounded-lg border bg-card p-6"
    >
      <h2 id="confirm-link-heading" className="text-xl font-semibold">
        Confirm your opt-out
      </h2>
      {state.kind === 'sent' ? (
        <Alert role="status">
          <AlertTitle>Opt-out confirmed</AlertTitle>
          <AlertDescription>{state.result}</AlertDescription>
        </Alert>
      ) : (
        <>
          <p className="leading-relaxed text-muted-foreground">
            You opened the link we sent to the e-mail shown on the Instagram profile. Confirm, and every saved
            copy of the account that our customers hold is removed.
          </p>
          {state.kind === 'failed' && (
            <Alert variant="destructive">
              <AlertDescription>{state.message}</AlertDescription>
            </Alert>
          )}
          <Button
            type="button"
            className="w-fit"
            disabled={state.kind === 'sending'}
            onClick={() => send((signal) => confirmOptOutByLink(token, signal))}
          >
            {state.kind === 'sending' ? <Spinner label="Confirming" /> : null}
            {state.kind === 'sending' ? 'Confirming…' : 'Confirm opt-out'}
          </Button>
        </>
      )}
    </section>
  );
}
