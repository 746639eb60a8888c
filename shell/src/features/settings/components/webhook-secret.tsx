import { Button, ConfirmDialog, toast } from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import CopyIcon from 'lucide-react/icons/copy';
import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';

/** The signing secret: hidden until revealed, copied with one click, replaced on demand. */
export function WebhookSecret({ secret }: { secret: string }) {
  const [revealed, setRevealed] = useState(false);
  const rotate = useRotateWebhookSecret();

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(secret);
      toast.success('Signing secret copied');
    } catch {
      toast.error('The secret could not be copied', { description: 'Reveal it and copy it by hand.' });
    }
  };

  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => toast.success('A new signing secret was generated'),
      onError: (failure) =>
        toast.error('The secret was not replaced', { description: errorMessage(failure) }),
    });

  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Signing secret</h3>
      <p className="text-sm text-muted-foreground">
        Verify each request's <code className="font-mono text-xs">webhook-signature</code> header with it
        (Standard Webhooks).
      </p>
      <code
        data-testid="webhook-secret"
        className="break-all rounded-md border bg-muted px-3 py-2 font-mono text-xs"
      >
        {revealed ? secret : `whsec_${'•'.repeat(24)}`}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={revealed}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
          {revealed ? 'Hide secret' : 'Reveal secret'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon aria-hidden />
          Copy secret
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" variant="outline" size="sm" disabled={rotate.isPending}>
              <RefreshCwIcon aria-hidden />
              Rotate secret
            </Button>
          }
          title="Replace the signing secret?"
          description="Every request from now on, retries included, is signed with the new secret. Update your receiver right away."
          confirmLabel="Rotate secret"
          onConfirm={onRotate}
        />
      </div>
    </div>
  );
}
