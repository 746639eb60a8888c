import { APP_PATHS } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { Button, PageHeader } from '@prospector/ui';
import { useQueryClient } from '@tanstack/react-query';
import ListsIcon from 'lucide-react/icons/list';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import { DATABASE_QUERY_KEY } from '../api/query-keys.ts';

/** The page's title, the way to the lead lists, and Refresh (the list, the categories and the stat cards). */
export function DatabasePageHeader({ fetching }: { fetching: boolean }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: DATABASE_QUERY_KEY });
  return (
    <PageHeader
      title="Instagram Database"
      description="Every account you have extracted: filter, export to CSV, or delete."
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to={APP_PATHS.leadLists}>
              <ListsIcon aria-hidden />
              Lead lists
            </Link>
          </Button>
          <Button variant="outline" onClick={refresh} disabled={fetching}>
            <RefreshCwIcon aria-hidden className={fetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </>
      }
    />
  );
}
