import { Button, Input, Label } from '@prospector/ui';
import { SearchIcon } from 'lucide-react';
import { MAX_INPUT_LENGTH } from '../../../lib/input-limits.ts';

/** Keyword search runs on the extractor service; Search is enabled when it is wired. */
export function ExtractByKeyword() {
  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => event.preventDefault()}>
      <Label htmlFor="extract-keyword">Keyword</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="extract-keyword"
          name="keyword"
          placeholder="e.g. vegan bakery"
          autoComplete="off"
          maxLength={MAX_INPUT_LENGTH}
        />
        <Button type="submit" disabled>
          <SearchIcon aria-hidden />
          Search
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Pick accounts from the results, then extract them in one run. Accounts you already extracted are
        hidden.
      </p>
    </form>
  );
}
