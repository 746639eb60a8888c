import { APP_PATHS, HARNESS_API_STATUS_PATH } from '@prospector/contracts';
import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import '../styles.css';
import { DatabasePage } from '../features/extractions/components/database-page.tsx';
import { LeadListsPage } from '../features/lead-lists/components/lead-lists-page.tsx';

mountRemoteHarness({
  remote: 'mfe-database',
  apiStatusUrl: HARNESS_API_STATUS_PATH,
  pages: [
    { path: APP_PATHS.database, label: 'Database', element: <DatabasePage /> },
    // One list (`leadListHref(id)`) opens from the Lists page in the shell only.
    { path: APP_PATHS.leadLists, label: 'Lead lists', element: <LeadListsPage /> },
  ],
});
