import { confirmOptOutByLink } from '../api/confirm-opt-out.ts';
import { useProvenRequest } from '../api/use-proven-request.ts';
import { OptOutConfirmed, ProvenRequestButton } from './proven-request-button.tsx';

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
        <OptOutConfirmed message={state.result} />
      ) : (
        <>
          <p className="leading-relaxed text-muted-foreground">
            You opened the link we sent to the e-mail shown on the Instagram profile. Confirm, and every saved
            copy of the account that our customers hold is removed.
          </p>
          <ProvenRequestButton
            state={state}
            label="Confirm opt-out"
            sendingLabel="Confirming"
            type="button"
            onClick={() => send((signal) => confirmOptOutByLink(token, signal))}
          />
        </>
      )}
    </section>
  );
}
