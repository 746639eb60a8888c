import { cn } from '@prospector/ui';
import SearchXIcon from 'lucide-react/icons/search-x';

export const EMPTY_STATE_MESSAGE = 'No extractions found matching your filters.';

/** What the table and the phone's cards show when no record matches. */
export function ExtractionsEmptyState({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-3 text-center', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchXIcon className="size-6" aria-hidden />
      </span>
      <p className="font-medium">{EMPTY_STATE_MESSAGE}</p>
      <p className="text-sm text-muted-foreground">
        Extract accounts with the Instagram Info tool and they will appear here.
      </p>
    </div>
  );
}
