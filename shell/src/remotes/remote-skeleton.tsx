import { Skeleton } from '@prospector/ui';

/** Shown while a remote page downloads: roughly the shape of a page, so the layout doesn't jump. */
export function RemoteSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading page" className="flex w-full flex-col gap-6 p-6">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
