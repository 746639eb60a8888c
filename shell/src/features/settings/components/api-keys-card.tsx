import {
  type TApiKey,
  type TCreatedApiKey,
  V1_DOCS_PATHS,
  ZCreateApiKeyRequestSchema,
} from '@prospector/contracts';
import {
  Button,
  ConfirmDialog,
  Input,
  LoadFailed,
  SectionCard,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import CopyIcon from 'lucide-react/icons/copy';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import { type FormEvent, useState } from 'react';
import { SubmitButton, TextField } from '../../../components/form-field.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Only owners and admins create and revoke a workspace's keys (docs/architecture.md §17); members see them. */
export const KEYS_MANAGED_BY_ADMINS = 'Only a workspace owner or admin can create or revoke API keys.';

/**
 * Settings → API: create a named key (its secret shown once), list the keys, revoke one. A member
 * (`canManage` false) sees the workspace's keys and who may manage them, and no controls that would be refused.
 */
export function ApiKeysCard({ canManage = true }: { canManage?: boolean }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<TCreatedApiKey>();
  const create = useCreateApiKey();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateApiKeyRequestSchema.safeParse({ name });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
      },
      onError: (failure) => toast.error('API key creation failed', { description: errorMessage(failure) }),
    });
  };

  if (!canManage)
    return (
      <div className="flex flex-col gap-6">
        <p className="text-sm text-muted-foreground">{KEYS_MANAGED_BY_ADMINS}</p>
        <KeyList canManage={false} />
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <SectionCard
        title="API Keys"
        description={
          <>
            Keys let your own tools use the Prospector API as you, with your credits and data. See the{' '}
            <a className="underline underline-offset-4" href={V1_DOCS_PATHS.page}>
              API reference
            </a>
            .
          </>
        }
        onSubmit={onSubmit}
        contentClassName="grid max-w-md gap-4"
        footerClassName="justify-end border-t pt-6"
        footer={
          <SubmitButton pending={create.isPending} pendingLabel="Creating the key">
            <KeyRoundIcon aria-hidden />
            Create Key
          </SubmitButton>
        }
      >
        <TextField
          id="api-key-name"
          label="Key name"
          hint="What the key is for, e.g. “HubSpot sync”."
          value={name}
          name="name"
          autoComplete="off"
          error={error}
          onChange={setName}
        />
      </SectionCard>
      {created && <NewKey created={created} onDone={() => setCreated(undefined)} />}
      <KeyList canManage />
    </div>
  );
}

/** The secret, this once, with a copy button. */
function NewKey({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('API key copied');
    } catch {
      toast.error('Copy failed', { description: 'Select the key and copy it yourself.' });
    }
  };
  return (
    <SectionCard
      className="border-primary/40"
      title={`Your new key “${created.key.name}”`}
      description="Copy it now: it is not shown again. Anyone with it can use your credits, so keep it secret."
      footerClassName="justify-end border-t pt-6"
      footer={
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      }
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          aria-label="New API key"
          value={created.secret}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={copy}>
          <CopyIcon aria-hidden />
          Copy
        </Button>
      </div>
    </SectionCard>
  );
}

function KeyList({ canManage }: { canManage: boolean }) {
  const keys = useApiKeys();
  return (
    <SectionCard
      title="Your Keys"
      description={canManage ? 'Revoking a key stops it working at once.' : 'The keys of this workspace.'}
    >
      {keys.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="API keys loading" />
      ) : keys.isError ? (
        <LoadFailed onRetry={() => keys.refetch()}>Your API keys could not be loaded.</LoadFailed>
      ) : keys.data.keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">No API keys yet.</p>
      ) : (
        <Table scrollRegionLabel="API keys">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Key</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.data.keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} canManage={canManage} />
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

function KeyRow({ apiKey, canManage }: { apiKey: TApiKey; canManage: boolean }) {
  const revoke = useRevokeApiKey();
  const onConfirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast.success(`API key “${apiKey.name}” revoked`),
      onError: (failure) => toast.error('API key revocation failed', { description: errorMessage(failure) }),
    });
  return (
    <TableRow>
      <TableCell className="font-medium">{apiKey.name}</TableCell>
      <TableCell className="font-mono text-xs">{apiKey.start}…</TableCell>
      <TableCell>{dateOf(apiKey.createdAt)}</TableCell>
      <TableCell>{apiKey.lastUsedAt ? dateOf(apiKey.lastUsedAt) : 'Never'}</TableCell>
      <TableCell className="text-right">
        {canManage && (
          <ConfirmDialog
            trigger={
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                aria-label={`Revoke ${apiKey.name}`}
              >
                Revoke
              </Button>
            }
            title={`Revoke “${apiKey.name}”?`}
            description="Tools using this key stop working at once. This cannot be undone."
            confirmLabel="Revoke key"
            confirmVariant="destructive"
            onConfirm={onConfirm}
          />
        )}
      </TableCell>
    </TableRow>
  );
}
