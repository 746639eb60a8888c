import { Suspense, use, useLayoutEffect } from 'react';
import { describeRouteError } from '../components/error-screen.tsx';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import { RemoteErrorCard } from './remote-error-card.tsx';
import type { TRemotePageModule } from './remote-modules.ts';
import { RemoteSkeleton } from './remote-skeleton.tsx';

export type TRemotePageLoader = () => Promise<TRemotePageModule>;

// One request per key for the page's lifetime: `use()` needs the same promise on every render,
// and a page visited twice should not download twice. Failed requests are removed on retry.
const requests = new Map<string, Promise<TRemotePageModule>>();

function requestPage(key: string, load: TRemotePageLoader) {
  const request = requests.get(key) ?? load();
  requests.set(key, request);
  return request;
}

// Asks for the request while rendering under the boundary, so a reset (which drops the failed
// request) makes it ask again instead of re-reading the rejected one.
function LoadedPage({ cacheKey, load, onShown }: Pick<RemoteSlotProps, 'cacheKey' | 'load' | 'onShown'>) {
  const { default: Page } = use(requestPage(cacheKey, load));
  return (
    <>
      <Page />
      <Shown onShown={onShown} />
    </>
  );
}

// After its siblings, so it runs once their own layout effects have: the page is complete.
function Shown({ onShown }: { onShown?: () => void }) {
  useLayoutEffect(() => onShown?.(), [onShown]);
  return null;
}

export type RemoteSlotProps = {
  /** Identifies the module in the request cache, e.g. `extractor/InfoExtractorPage`. */
  cacheKey: string;
  load: TRemotePageLoader;
  /** Names the section in the error card ("the database"). */
  section: string;
  /**
   * For a part the page works without (the cookie banner): nothing while it loads, nothing if it
   * fails, instead of a skeleton and an error card in the middle of someone else's page.
   */
  quiet?: boolean;
  /**
   * Called in a layout effect (before the browser paints) once the page, or the error card in its
   * place, is rendered.
   */
  onShown?: () => void;
};

/** Renders a page from a remote: a skeleton while it loads, a retryable error card if it fails. */
export function RemoteSlot({ cacheKey, load, section, quiet = false, onShown }: RemoteSlotProps) {
  return (
    // Keyed by module, so moving to another remote page never inherits this one's failure.
    <RemoteErrorBoundary
      key={cacheKey}
      onReset={() => requests.delete(cacheKey)}
      fallback={(error, reset) =>
        quiet ? null : (
          <>
            <RemoteErrorCard
              section={section}
              reason={describeRouteError(error).message || 'Unknown error'}
              onRetry={reset}
            />
            <Shown onShown={onShown} />
          </>
        )
      }
    >
      <Suspense fallback={quiet ? null : <RemoteSkeleton />}>
        <LoadedPage cacheKey={cacheKey} load={load} onShown={onShown} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
