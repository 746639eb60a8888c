import { normalizeUsername, OPT_OUT_CONFIRM_PARAM, type TOptOutRecorded } from '@prospector/contracts';
import { useSearchParams } from '@prospector/router';
import { Alert, AlertDescription, AlertTitle, Input, Label } from '@prospector/ui';
import { type FormEvent, useState } from 'react';
import { PublicPageFrame } from '../../../components/public-page-frame.tsx';
import { sendOptOut } from '../api/send-opt-out.ts';
import { useProvenRequest } from '../api/use-proven-request.ts';
import { AccessRequestForm } from './access-request-form.tsx';
import { BioCodeConfirmation } from './bio-code-confirmation.tsx';
import { LinkConfirmation } from './link-confirmation.tsx';
import { OPT_OUT_EMAIL_ERROR, OPT_OUT_USERNAME_ERROR } from './opt-out-messages.ts';
import { ProvenRequestButton } from './proven-request-button.tsx';
import { UsernameField } from './username-field.tsx';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `/opt-out` (docs/product.md §10): anyone, signed in or not, asks that an Instagram account is never
 * extracted again (at once); its owner confirms, by the mailed link (`?confirm=`) or a code in the bio,
 * to have every saved copy removed. The page never says whether we held anything: the service answers
 * everyone the same.
 */
export function OptOutPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get(OPT_OUT_CONFIRM_PARAM);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; email?: string; confirmed?: string }>({});
  const { state, send } = useProvenRequest<TOptOutRecorded>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      username: normalizeUsername(username) ? undefined : OPT_OUT_USERNAME_ERROR,
      email: email.trim() === '' || EMAIL_SHAPE.test(email.trim()) ? undefined : OPT_OUT_EMAIL_ERROR,
      confirmed: confirmed ? undefined : 'Please confirm to continue.',
    };
    setErrors(found);
    if (found.username || found.email || found.confirmed) return;
    await send((signal) => sendOptOut({ username: username.trim(), email: email.trim() }, signal));
  }

  return (
    <PublicPageFrame>
      <article className="flex max-w-2xl flex-col gap-6">
        <header className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Opt out of Prospector</h1>
          <p className="leading-relaxed text-muted-foreground">
            Prospector finds the contact e-mails Instagram accounts show publicly. If one of them is yours,
            you can ask us to stop: the account is not extracted again from the moment you ask. Once you
            confirm that the account is yours, every saved copy our customers hold is removed too. You do not
            need an account.
          </p>
        </header>
        {token && <LinkConfirmation token={token} />}
        {state.kind === 'sent' ? (
          <>
            <Alert role="status">
              <AlertTitle>Request received</AlertTitle>
              <AlertDescription>{state.result.message}</AlertDescription>
            </Alert>
            <BioCodeConfirmation recorded={state.result} username={username.trim()} />
          </>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-5 rounded-lg border bg-card p-6">
            <UsernameField
              id="opt-out-username"
              value={username}
              onChange={setUsername}
              error={errors.username}
            />
            <div className="flex flex-col gap-2">
              <Label htmlFor="opt-out-email">E-mail shown on the profile (optional)</Label>
              <Input
                id="opt-out-email"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                placeholder="you@example.com"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby="opt-out-email-hint"
              />
              <p id="opt-out-email-hint" className="text-sm text-muted-foreground">
                Profiles that show this address are not extracted again either while your request stands.
              </p>
              {errors.email && <p className="text-sm text-destructive">{errors.email}</p>}
            </div>
            <div className="flex items-start gap-3">
              <input
                id="opt-out-confirm"
                type="checkbox"
                className="mt-1 size-4"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
              />
              <Label htmlFor="opt-out-confirm" className="font-normal leading-relaxed">
                I am the owner of this account, or act for them, and ask that it is not contacted through
                Prospector.
              </Label>
            </div>
            {errors.confirmed && <p className="text-sm text-destructive">{errors.confirmed}</p>}
            <p className="text-sm text-muted-foreground">
              We keep only a one-way keyed fingerprint of the username and e-mail, never the text itself. Your
              browser does a moment of work before sending, which keeps automated floods out without any
              third-party service.
            </p>
            <ProvenRequestButton state={state} label="Opt out" sendingLabel="Sending" type="submit" />
          </form>
        )}
        <AccessRequestForm />
      </article>
    </PublicPageFrame>
  );
}
