import { APP_PATHS } from '@prospector/contracts';
import SearchCheckIcon from 'lucide-react/icons/search-check';
import { Link } from 'react-router-dom';

/** The sidebar's product mark: "Platform" with its version label (docs/product.md §1). */
export function Brand() {
  return (
    <Link
      to={APP_PATHS.dashboard}
      className="flex items-center gap-3 rounded-md px-2 py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <SearchCheckIcon className="size-5" aria-hidden />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-sm font-semibold">Platform</span>
        <span className="text-xs text-muted-foreground">v1.0.0</span>
      </span>
    </Link>
  );
}
