import { Button } from '@prospector/ui';
import DownloadIcon from 'lucide-react/icons/download';
import PencilIcon from 'lucide-react/icons/pencil';
import Trash2Icon from 'lucide-react/icons/trash';

/** The header buttons of one lead list: export its CSV (only records with an e-mail), rename, delete. */
export function LeadListActions({
  withEmail,
  exportBusy,
  onExport,
  onRename,
  onDelete,
}: {
  withEmail: number;
  exportBusy: boolean;
  onExport: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button
        variant="outline"
        disabled={exportBusy || withEmail === 0}
        title={withEmail === 0 ? 'Only records with an e-mail are exported' : undefined}
        onClick={onExport}
      >
        <DownloadIcon aria-hidden />
        Export CSV
      </Button>
      <Button variant="outline" onClick={onRename}>
        <PencilIcon aria-hidden />
        Rename
      </Button>
      <Button variant="destructive" onClick={onDelete}>
        <Trash2Icon aria-hidden />
        Delete list
      </Button>
    </>
  );
}
