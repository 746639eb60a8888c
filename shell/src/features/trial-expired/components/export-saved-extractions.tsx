import { EXTRACTIONS_EXPORT_PATH } from '@prospector/contracts';
import { Button } from '@prospector/ui';
import { useExtractionsExport } from '@prospector/web-data';
import DownloadIcon from 'lucide-react/icons/download';

/**
 * An expired trial keeps what it extracted: the database's export (every saved record with an
 * e-mail, the Database page's format) stays one click away while the tools are closed.
 */
export function ExportSavedExtractions() {
  const exporting = useExtractionsExport();
  return (
    <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
      Your saved extractions stay yours.
      <Button
        variant="outline"
        size="sm"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate(EXTRACTIONS_EXPORT_PATH)}
      >
        <DownloadIcon aria-hidden />
        {exporting.isPending ? 'Exporting…' : 'Export them as CSV'}
      </Button>
    </p>
  );
}
