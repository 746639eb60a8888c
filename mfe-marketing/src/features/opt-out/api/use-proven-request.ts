import { errorMessage } from '@prospector/web-data';
import { useEffect, useRef, useState } from 'react';

export type TProvenRequestState =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

/**
 * One request of the opt-out page (an opt-out, an access request): sending while the browser does its
 * proof of work, then the service's answer or the error to show. Leaving the page stops the work.
 */
export function useProvenRequest() {
  const [state, setState] = useState<TProvenRequestState>({ kind: 'editing' });
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  async function send(request: (signal: AbortSignal) => Promise<string>) {
    const controller = new AbortController();
    aborter.current = controller;
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'sent', message: await request(controller.signal) });
    } catch (error) {
      if (!controller.signal.aborted) setState({ kind: 'failed', message: errorMessage(error) });
    }
  }
  return { state, send };
}
