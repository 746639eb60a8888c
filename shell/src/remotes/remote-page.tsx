import { loadRemotePage } from './load-remote-page.ts';
import type { TRemoteModuleId } from './remote-modules.ts';
import { RemoteSlot } from './remote-slot.tsx';

type RemotePageProps = {
  id: TRemoteModuleId;
  /** Names the section in the error card ("the database"). */
  section: string;
  /** See RemoteSlot: for a part of a page that is no loss when it is missing. */
  quiet?: boolean;
  /** See RemoteSlot: called before the paint that first shows the page (or its error card). */
  onShown?: () => void;
};

/** A route element that renders one exposed page of a remote, resolved through the runtime manifest. */
export function RemotePage({ id, section, quiet, onShown }: RemotePageProps) {
  return (
    <RemoteSlot
      cacheKey={id}
      load={() => loadRemotePage(id)}
      section={section}
      quiet={quiet}
      onShown={onShown}
    />
  );
}
