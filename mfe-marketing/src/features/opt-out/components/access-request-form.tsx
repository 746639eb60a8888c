import { normalizeUsername } from '@prospector/contracts';
import { Alert, AlertDescription } from '@prospector/ui';
import { type FormEvent, useState } from 'react';
import { sendAccessRequest } from '../api/send-access-request.ts';
import { useProvenRequest } from '../api/use-proven-request.ts';
import { OPT_OUT_USERNAME_ERROR } from './opt-out-messages.ts';
import { ProvenRequestButton } from './proven-request-button.tsx';
import { UsernameField } from './username-field.tsx';

/** "What do you hold about me?": the answer goes to the e-mail shown on the profile, never on screen. */
export function AccessRequestForm() {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { state, send } = useProvenRequest();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = normalizeUsername(username) ? undefined : OPT_OUT_USERNAME_ERROR;
    setError(invalid);
    if (invalid) return;
    await send((signal) => sendAccessRequest({ username: username.trim() }, signal));
  }

  return (
    <section aria-labelledby="access-heading" className="flex flex-col gap-3">
      <h2 id="access-heading" className="text-xl font-semibold">
        What do you hold about me?
      </h2>
      <p className="leading-relaxed text-muted-foreground">
        We send the answer to the e-mail shown on the Instagram profile, never to this screen, so only the
        account’s owner can read it.
      </p>
      {state.kind === 'sent' ? (
        <Alert role="status">
          <AlertDescription>{state.result}</AlertDescription>
        </Alert>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4 rounded-lg border bg-card p-6">
          <UsernameField id="access-username" value={username} onChange={setUsername} error={error} />
          <ProvenRequestButton
            state={state}
            label="Send me what you hold"
            sendingLabel="Sending"
            type="submit"
            variant="outline"
          />
        </form>
      )}
    </section>
  );
}
