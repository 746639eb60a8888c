import { SignedInOnly } from '@prospector/auth-client/react';
import { Button } from '@prospector/ui';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { DEFAULT_FILTERS } from '../extraction-filters.ts';
import { ExtractionFiltersPanel } from './extraction-filters-panel.tsx';
import { ExtractionStats } from './extraction-stats.tsx';
import { ExtractionsTable } from './extractions-table.tsx';

/**
 * The saved-extractions library (spec §2). Loading, export and deletion go through the database
 * service; until it answers, the actions that need rows are disabled.
 */
export function DatabasePage() {
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  return (
    <SignedInOnly>
      <div className="flex flex-col gap-6 p-4 md:p-6">
        <PageHeader
          title="Instagram Database"
          description="Every account you have extracted: filter, export to CSV, or delete."
          actions={
            <Button variant="outline" disabled>
              <RefreshCwIcon aria-hidden />
              Refresh
            </Button>
          }
        />
        <ExtractionStats />
        <ExtractionFiltersPanel filters={filters} onChange={setFilters} categories={[]} />
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" disabled>
            Select All Page
          </Button>
          <Button variant="outline" size="sm" disabled>
            Clear Selection
          </Button>
          <div className="ml-auto flex gap-2">
            <Button variant="outline" size="sm" disabled>
              <DownloadIcon aria-hidden />
              Export Selected
            </Button>
            <Button variant="destructive" size="sm" disabled>
              <Trash2Icon aria-hidden />
              Delete Selected
            </Button>
          </div>
        </div>
        <ExtractionsTable />
        <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled>
            <ChevronLeftIcon aria-hidden />
            Previous
          </Button>
          <p className="text-sm text-muted-foreground">Page 1 of 1</p>
          <Button variant="outline" size="sm" disabled>
            Next
            <ChevronRightIcon aria-hidden />
          </Button>
        </nav>
      </div>
    </SignedInOnly>
  );
}
