import { MAX_RUN_USERNAMES, MAX_TEXT_LENGTH, parseUsernameInput, readUsername } from '@prospector/contracts';
import { Button, Input, Label, Textarea } from '@prospector/ui';
import ScanSearchIcon from 'lucide-react/icons/scan-search';
import UserIcon from 'lucide-react/icons/user';
import UsersIcon from 'lucide-react/icons/users';
import { useMemo, useState } from 'react';
import { SegmentedToggle } from '../../../components/segmented-toggle.tsx';
import { formatCount, pluralize } from '../../../lib/format.ts';
import { useStartRun } from '../api/start-run.ts';
import { ParsedUsernamesNotes } from './parsed-usernames-notes.tsx';
import { UsernameFileButton } from './username-file-button.tsx';

type TMode = 'single' | 'batch';

const MODES = [
  { value: 'single', label: 'Single', icon: UserIcon },
  { value: 'batch', label: 'Batch', icon: UsersIcon },
] as const;

/**
 * The batch box holds a whole run: MAX_RUN_USERNAMES lines of up to a full profile URL
 * (`https://www.instagram.com/` + 30 characters + `/`, 58 with the line break). The spec's
 * 1,000-character cut (MAX_TEXT_LENGTH) is for single-value inputs and would stop a batch at about
 * 60 usernames.
 */
export const MAX_BATCH_INPUT_LENGTH = MAX_RUN_USERNAMES * 64;

/**
 * Extract by Username (docs/product.md §2): one account, or a batch of up to MAX_RUN_USERNAMES.
 * `websites`: the page's "Also look on linked websites" choice (`useStartRun`'s options).
 */
export function ExtractByUsername({ onStarted, websites }: Parameters<typeof useStartRun>[0] = {}) {
  const [mode, setMode] = useState<TMode>('single');
  const [single, setSingle] = useState('');
  /** Why the single input names no username, once submitted (null: nothing to say). */
  const [singleReason, setSingleReason] = useState<string | null>(null);
  const [batch, setBatch] = useState('');
  const parsed = useMemo(() => parseUsernameInput(batch), [batch]);
  const count = parsed.usernames.length;
  const { start, isPending } = useStartRun({
    websites,
    onStarted: (run) => {
      if (run.source === 'single') setSingle('');
      else setBatch('');
      onStarted?.(run);
    },
  });

  const submitSingle = () => {
    const reading = readUsername(single);
    setSingleReason(!reading.ok && single.trim() !== '' ? reading.reason : null);
    start(reading.ok ? [reading.username] : [], 'single');
  };

  const addFromFile = (text: string) =>
    setBatch((current) => (current.trim() === '' ? text : `${current.replace(/\s+$/, '')}\n${text}`));

  return (
    <div className="flex flex-col gap-5">
      <SegmentedToggle label="Extraction mode" options={MODES} value={mode} onChange={setMode} />
      {mode === 'single' ? (
        <form
          className="flex flex-col gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitSingle();
          }}
        >
          <Label htmlFor="extract-username">Instagram username</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="extract-username"
              name="username"
              placeholder="e.g. natgeo, @natgeo or instagram.com/natgeo"
              autoComplete="off"
              maxLength={MAX_TEXT_LENGTH}
              value={single}
              aria-invalid={singleReason !== null || undefined}
              aria-describedby={singleReason !== null ? 'extract-username-error' : undefined}
              onChange={(event) => {
                setSingle(event.target.value);
                setSingleReason(null);
              }}
            />
            <Button type="submit" disabled={isPending} className="sm:w-auto">
              <ScanSearchIcon aria-hidden />
              Extract
            </Button>
          </div>
          {singleReason !== null && (
            <p id="extract-username-error" className="text-xs text-destructive">
              Not a username ({singleReason}). Usernames have 1–30 letters, digits, periods or underscores,
              with no period first, last or twice in a row.
            </p>
          )}
        </form>
      ) : (
        <form
          className="flex flex-col gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            start(parsed.usernames, 'batch');
          }}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Label htmlFor="extract-batch">Usernames, one per line</Label>
            <UsernameFileButton onLoad={addFromFile} />
          </div>
          <Textarea
            id="extract-batch"
            name="usernames"
            rows={8}
            placeholder={'natgeo\n@nasa\nhttps://www.instagram.com/bbcnews/'}
            value={batch}
            maxLength={MAX_BATCH_INPUT_LENGTH}
            onChange={(event) => setBatch(event.target.value)}
            className="max-h-96 font-mono text-sm"
          />
          <ParsedUsernamesNotes parsed={parsed} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">
              Up to {formatCount(MAX_RUN_USERNAMES)} usernames per batch: @name, name or a profile link.
            </p>
            {/* Nothing typed (a run just cleared the box): nothing to extract. Lines that hold no
                username still submit, to say why none is valid. */}
            <Button type="submit" disabled={isPending || batch.trim() === '' || count > MAX_RUN_USERNAMES}>
              <ScanSearchIcon aria-hidden />
              Extract {pluralize(count, 'account')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
