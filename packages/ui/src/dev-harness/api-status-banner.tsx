import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../components/alert.tsx';

const RECHECK_MS = 3_000;

/**
 * What the banner reads of the harness's answer (`THarnessApiStatus` in `@prospector/contracts`, which
 * the remote that mounts the harness knows; the design system does not depend on contracts).
 */
export interface TApiStatus {
  /** Where the harness sends `/api/*`. */
  target: string;
  reachable: boolean;
  /** The command, run at the repository root, that starts an API at `target`; absent for a remote host. */
  startCommand?: string;
}

async function fetchApiStatus(url: string): Promise<TApiStatus> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as TApiStatus;
}

/**
 * Development only: above a remote's harness pages while the API their `/api` calls go to does not
 * answer, naming its address and the command that starts it (the harness's dev server decides both,
 * see `harnessApiStatusPlugin`). Checks again every few seconds; once the API answers it disappears
 * and every query loads again, so the page needs no reload. `statusUrl` is where the harness's dev server
 * answers (`HARNESS_API_STATUS_PATH`).
 */
export function ApiStatusBanner({
  statusUrl,
  recheckMs = RECHECK_MS,
}: {
  statusUrl: string;
  recheckMs?: number;
}) {
  const queryClient = useQueryClient();
  const { data: status } = useQuery({
    queryKey: ['dev-harness', 'api-status', statusUrl],
    queryFn: () => fetchApiStatus(statusUrl),
    refetchInterval: (query) => (query.state.data?.reachable === false ? recheckMs : false),
    retry: false,
  });

  const wasUnreachable = useRef(false);
  useEffect(() => {
    if (status?.reachable === false) wasUnreachable.current = true;
    else if (status?.reachable && wasUnreachable.current) {
      wasUnreachable.current = false;
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'dev-harness' });
    }
  }, [status, queryClient]);

  if (!status || status.reachable) return null;
  return (
    <Alert variant="destructive" className="rounded-none border-x-0 border-t-0">
      <AlertTitle className="line-clamp-none">The API at {status.target} is not reachable.</AlertTitle>
      <AlertDescription>
        <p>
          {status.startCommand ? (
            <>
              Start it from the repository root with{' '}
              <code className="rounded bg-destructive/10 px-1 font-mono">{status.startCommand}</code>, or set
              API_TARGET to where it runs.
            </>
          ) : (
            'Start it there, or set API_TARGET to where it runs.'
          )}{' '}
          This page checks again every {Math.max(1, Math.round(recheckMs / 1000))} s and loads its data once
          the API answers.
        </p>
      </AlertDescription>
    </Alert>
  );
}
