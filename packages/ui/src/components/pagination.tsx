import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { Button } from './button';

type PaginationProps = {
  page: number;
  totalPages: number;
  /** While a page loads, both buttons wait for it. */
  busy?: boolean;
  onPage: (page: number) => void;
  /** The navigation's name, when a page has more than one paged list. */
  label?: string;
};

/** Previous · "Page n of m" · Next, under a paged list (the Database page, a lead list's members, credit history). */
export function Pagination({
  page,
  totalPages,
  busy = false,
  onPage,
  label = 'Pagination',
}: PaginationProps) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon aria-hidden />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground">
        Page {page} of {totalPages}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}
