import { Button, Input, Label, Textarea } from '@prospector/ui';
import { ScanSearchIcon, UserIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { MAX_INPUT_LENGTH } from '../../../lib/input-limits.ts';
import { parseUsernames } from '../parse-usernames.ts';
import { SegmentedToggle } from './segmented-toggle.tsx';

type TMode = 'single' | 'batch';

const MODES = [
  { value: 'single', label: 'Single', icon: UserIcon },
  { value: 'batch', label: 'Batch', icon: UsersIcon },
] as const;

/** Extraction runs on the extractor service; the Extract buttons are enabled when it is wired. */
export function ExtractByUsername() {
  const [mode, setMode] = useState<TMode>('single');
  const [batch, setBatch] = useState('');
  const count = parseUsernames(batch).length;

  return (
    <div className="flex flex-col gap-5">
      <SegmentedToggle label="Extraction mode" options={MODES} value={mode} onChange={setMode} />
      {mode === 'single' ? (
        <form className="flex flex-col gap-2" onSubmit={(event) => event.preventDefault()}>
          <Label htmlFor="extract-username">Instagram username</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="extract-username"
              name="username"
              placeholder="e.g. natgeo"
              autoComplete="off"
              maxLength={MAX_INPUT_LENGTH}
            />
            <Button type="submit" disabled className="sm:w-auto">
              <ScanSearchIcon aria-hidden />
              Extract
            </Button>
          </div>
        </form>
      ) : (
        <form className="flex flex-col gap-2" onSubmit={(event) => event.preventDefault()}>
          <Label htmlFor="extract-batch">Usernames, one per line</Label>
          <Textarea
            id="extract-batch"
            name="usernames"
            rows={8}
            placeholder={'natgeo\nnasa\nbbcnews'}
            value={batch}
            maxLength={MAX_INPUT_LENGTH}
            onChange={(event) => setBatch(event.target.value)}
            className="font-mono text-sm"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">Up to 100 usernames per batch.</p>
            <Button type="submit" disabled>
              <ScanSearchIcon aria-hidden />
              Extract {count} {count === 1 ? 'account' : 'accounts'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
