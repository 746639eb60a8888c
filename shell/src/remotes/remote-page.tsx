import { loadRemotePage } from './load-remote-page.ts';
import type { TRemoteModuleId } from './remote-modules.ts';
import { RemoteSlot, type RemoteSlotProps } from './remote-slot.tsx';

type RemotePageProps = Omit<RemoteSlotProps, 'cacheKey' | 'load'> & { id: TRemoteModuleId };

/** A route element that renders one exposed page of a remote, resolved through the runtime manifest. */
export function RemotePage({ id, ...slot }: RemotePageProps) {
  return <RemoteSlot cacheKey={id} load={() => loadRemotePage(id)} {...slot} />;
}
