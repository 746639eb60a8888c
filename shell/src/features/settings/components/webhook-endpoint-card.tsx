import {
  type TWebhookEndpoint,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  ZWebhookEndpointUpdateSchema,
} from '@prospector/contracts';
import { Button, ConfirmDialog, SectionCard, toast } from '@prospector/ui';
import { ApiError, errorMessage } from '@prospector/web-data';
import { type FormEvent, useState } from 'react';
import { SubmitButton, TextField } from '../../../components/form-field.tsx';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { useRemoveWebhookEndpoint } from '../api/remove-webhook-endpoint.ts';
import { useSaveWebhookEndpoint } from '../api/save-webhook-endpoint.ts';
import { WebhookSecret } from './webhook-secret.tsx';

/** The endpoint's URL (validated by the service: https in production, public addresses only) and secret. */
export function WebhookEndpointCard({ endpoint }: { endpoint: TWebhookEndpoint | null }) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [error, setError] = useState<string>();
  const save = useSaveWebhookEndpoint();
  const remove = useRemoveWebhookEndpoint();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = ZWebhookEndpointUpdateSchema.safeParse({ url });
    setError(fieldErrors(result).url);
    if (!result.success) return;
    save.mutate(result.data, {
      onSuccess: (settings) => {
        setUrl(settings.endpoint?.url ?? '');
        toast.success('Webhook endpoint saved');
      },
      // The service's refusal (a private address, http in production) belongs to the field.
      onError: (failure) =>
        failure instanceof ApiError && failure.code === 'VALIDATION_FAILED'
          ? setError(failure.message)
          : toast.error('The webhook endpoint was not saved', { description: errorMessage(failure) }),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setUrl('');
        toast.success('Webhook endpoint removed');
      },
      onError: (failure) =>
        toast.error('The webhook endpoint was not removed', { description: errorMessage(failure) }),
    });

  return (
    <SectionCard
      title="Webhook endpoint"
      description="Prospector sends a signed POST request with a JSON body to this URL when one of the events below happens."
      onSubmit={onSubmit}
      contentClassName="grid gap-6"
      footerClassName="flex-wrap justify-end gap-2 border-t pt-6"
      footer={
        <>
          {endpoint && (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline" disabled={remove.isPending}>
                  Remove endpoint
                </Button>
              }
              title="Remove the webhook endpoint?"
              description="No more webhooks are sent. Messages still waiting for a retry are marked failed."
              confirmLabel="Remove endpoint"
              confirmVariant="destructive"
              onConfirm={onRemove}
            />
          )}
          <SubmitButton pending={save.isPending} pendingLabel="Saving the endpoint">
            Save endpoint
          </SubmitButton>
        </>
      }
    >
      <div className="max-w-xl">
        <TextField
          id="webhook-url"
          name="webhook_url"
          label="Endpoint URL"
          hint="For example https://example.com/webhooks/prospector"
          type="text"
          autoComplete="url"
          value={url}
          onChange={setUrl}
          error={error}
        />
      </div>
      {endpoint && <WebhookSecret secret={endpoint.secret} />}
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Events</h3>
        <ul className="grid gap-1 text-sm">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type} className="flex flex-col gap-x-2 sm:flex-row">
              <code className="font-mono text-xs leading-5">{type}</code>
              <span className="text-muted-foreground">{WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
            </li>
          ))}
        </ul>
      </div>
    </SectionCard>
  );
}
