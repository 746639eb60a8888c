import { EXTRACTIONS_EXPORT_PATH } from '@prospector/contracts';
import { Button, toast } from '@prospector/ui';
import { downloadExtractionsExport, exportErrorMessage } from '@prospector/web-data';
import { useMutation } from '@tanstack/react-query';
import DownloadIcon from 'lucide-react/icons/download';

/**
 * An expired trial keeps what it extracted: the database's export (every saved record with an
 * e-mail, the Database page's format) stays one click away while the tools are closed.
 */
export function ExportSavedExtractions() {
  const exporting = useMutation({ mutationFn: downloadExtractionsExport });
  return (
    <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
      Your saved extractions stay yours.
      <Button
        variant="outline"
        size="sm"
        disabled={exporting.isPending}
        onClick={() =>
          exporting.mutate(EXTRACTIONS_EXPORT_PATH, {
            onError: (error) => toast.error(exportErrorMessage(error)),
          })
        }
      >
        <DownloadIcon aria-hidden />
        {exporting.isPending ? 'Exporting…' : 'Export them as CSV'}
      </Button>
    </p>
  );
}
