import SearchCheckIcon from 'lucide-react/icons/search-check';

/** The product mark used on the stand-alone screens (auth, onboarding). */
export function ProductLogo() {
  return (
    <span className="flex items-center gap-2 text-lg font-semibold">
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <SearchCheckIcon className="size-5" aria-hidden />
      </span>
      Prospector
    </span>
  );
}
