import { Checkbox, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@prospector/ui';
import { SearchXIcon } from 'lucide-react';

/** Spec §2, Database page: the table's columns in order. */
export const EXTRACTION_COLUMNS = [
  'Username',
  'Full Name',
  'Email',
  'Followers',
  'Following',
  'Media',
  'Verified',
  'Private',
  'Category',
  'Bio',
  'Date',
] as const;

/**
 * The saved-extractions table. Rows arrive with the database service; with none matching, the spec's
 * empty state fills the body.
 */
export function ExtractionsTable() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <Checkbox aria-label="Select all rows on this page" disabled />
            </TableHead>
            {EXTRACTION_COLUMNS.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={EXTRACTION_COLUMNS.length + 2} className="py-16">
              <div className="flex flex-col items-center gap-3 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <SearchXIcon className="size-6" aria-hidden />
                </span>
                <p className="font-medium">No extractions found matching your filters.</p>
                <p className="text-sm text-muted-foreground">
                  Extract accounts with the Instagram Info tool and they will appear here.
                </p>
              </div>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}
