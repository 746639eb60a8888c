import { APP_PATHS } from '@prospector/contracts';
import { useLocation } from '@prospector/router';
import { SignedInOnly } from '@prospector/web-features';
import { LeadListDetail } from './lead-list-detail.tsx';
import { LeadListsIndex } from './lead-lists-index.tsx';

/** The Lists page's address, `APP_PATHS.leadLists`; one list is `leadListHref(id)` (the shell routes both here). */
const LEAD_LISTS_PATH = APP_PATHS.leadLists;

/** The list id in the address, or null on the Lists page itself. */
export function listIdOf(pathname: string): string | null {
  const rest = pathname.startsWith(`${LEAD_LISTS_PATH}/`) ? pathname.slice(LEAD_LISTS_PATH.length + 1) : '';
  const segment = rest.split('/')[0] ?? '';
  if (segment === '') return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Lead lists (docs/product.md "Lead lists"): the lists with their counts, or one list's members. */
export function LeadListsPage() {
  const { pathname } = useLocation();
  const listId = listIdOf(pathname);
  return (
    <SignedInOnly>
      {listId ? <LeadListDetail key={listId} listId={listId} /> : <LeadListsIndex />}
    </SignedInOnly>
  );
}
