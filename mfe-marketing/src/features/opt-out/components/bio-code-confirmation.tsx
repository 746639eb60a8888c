import type { TOptOutRecorded } from '@prospector/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Spinner } from '@prospector/ui';
import { checkBioCode } from '../api/check-bio-code.ts';
import { useProvenRequest } from '../api/use-proven-request.ts';

/**
 * The second way to confirm an opt-out (docs/product.md §10): the request's code in the profile's bio,
 * looked for when the person says it is there. Trying again is fine until it is found.
 */
export function BioCodeConfirmation({ recorded, username }: { recorded: TOptOutRecorded; username: string }) {
  const { state, send } = useProvenRequest();
  if (state.kind === 'sent') {
    return (
      <Alert role="status">
        <AlertTitle>Opt-out confirmed</AlertTitle>
        <AlertDescription>{state.result}</AlertDescription>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="bio-code-heading" className="flex flex-col gap-3 rounded-lg border bg-card p-6">
      <h2 id="bio-code-heading" className="text-lg font-semibold">
        Confirm with a code in your bio
      </h2>
      <p className="leading-relaxed text-muted-foreground">
        Add this code anywhere in the Instagram bio of the account, save it, then click “I’ve added it”. You
        can remove the code once the opt-out is confirmed. The code works until{' '}
        {recorded.expiresAt.slice(0, 10)}.
      </p>
      <code
        data-testid="bio-code"
        className="w-fit select-all rounded-md border bg-muted px-3 py-2 font-mono text-base"
      >
        {recorded.bioCode}
      </code>
      {state.kind === 'failed' && (
        <Alert variant="destructive">
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
      <Button
        type="button"
        className="w-fit"
        disabled={state.kind === 'sending'}
        onClick={() => send((signal) => checkBioCode({ requestId: recorded.requestId, username }, signal))}
      >
        {state.kind === 'sending' ? <Spinner label="Checking" /> : null}
        {state.kind === 'sending' ? 'Checking…' : 'I’ve added it'}
      </Button>
    </section>
  );
}
