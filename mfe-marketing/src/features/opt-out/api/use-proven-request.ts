import { errorMessage } from '@prospector/web-data';
import { useEffect, useRef, useState } from 'react';

export type TProvenRequestState<TResult> =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent'; result: TResult }
  | { kind: 'failed'; message: string };

/**
 * One request of the opt-out page (an opt-out, an access request, a confirmation): sending (while the
 * browser does its proof of work, when one is asked), then the service's answer or the error to show.
 * Leaving the page stops the work.
 */
export function useProvenRequest<TResult = string>() {
  const [state, setState] = useState<TProvenRequestState<TResult>>({ kind: 'editing' });
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  async function send(request: (signal: AbortSignal) => Promise<TResult>) {
    const controller = new AbortController();
    aborter.current = controller;
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'sent', result: await request(controller.signal) });
    } catch (error) {
      if (!controller.signal.aborted) setState({ kind: 'failed', message: errorMessage(error) });
    }
  }
  return { state, send };
}
