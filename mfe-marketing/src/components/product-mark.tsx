import { Link } from '@prospector/router';
import SearchCheckIcon from 'lucide-react/icons/search-check';

export function ProductMark() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <SearchCheckIcon className="size-4.5" aria-hidden />
      </span>
      Prospector
    </Link>
  );
}
