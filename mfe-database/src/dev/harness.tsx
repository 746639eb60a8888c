import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import '../styles.css';
import { DatabasePage } from '../features/extractions/components/database-page.tsx';
import { LeadListsPage } from '../features/lead-lists/components/lead-lists-page.tsx';

mountRemoteHarness({
  remote: 'mfe-database',
  pages: [
    { path: '/dashboard/instagram-database', label: 'Database', element: <DatabasePage /> },
    // One list (`/dashboard/lead-lists/<id>`) opens from the Lists page in the shell only.
    { path: '/dashboard/lead-lists', label: 'Lead lists', element: <LeadListsPage /> },
  ],
});
