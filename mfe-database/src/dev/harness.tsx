import { mountRemoteHarness } from '@prospector/ui/dev-harness';
import '../styles.css';
import { DatabasePage } from '../features/extractions/components/database-page.tsx';

mountRemoteHarness({
  remote: 'mfe-database',
  pages: [{ path: '/dashboard/instagram-database', label: 'Database', element: <DatabasePage /> }],
});
