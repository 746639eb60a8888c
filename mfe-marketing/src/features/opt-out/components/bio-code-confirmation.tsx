import type { TOptOutRecorded } from '@prospector/contracts';
import { checkBioCode } from '../api/check-bio-code.ts';
import { useProvenRequest } from '../api/use-proven-request.ts';
import { OptOutConfirmed, ProvenRequestButton } from './proven-request-button.tsx';

/**
 * The second way to confirm an opt-out (docs/product.md §10): the request's code in the profile's bio,
 * looked for when the person says it is there. Trying again is fine until it is found.
 */
export function BioCodeConfirmation({ recorded, username }: { recorded: TOptOutRecorded; username: string }) {
  const { state, send } = useProvenRequest();
  if (state.kind === 'sent') {
    return <OptOutConfirmed message={state.result} />;
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
      <ProvenRequestButton
        state={state}
        label="I’ve added it"
        sendingLabel="Checking"
        type="button"
        onClick={() => send((signal) => checkBioCode({ requestId: recorded.requestId, username }, signal))}
      />
    </section>
  );
}
