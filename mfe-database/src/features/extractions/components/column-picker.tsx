import {
  Button,
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@prospector/ui';
import Columns3Icon from 'lucide-react/icons/columns-3';
import { EXTRACTION_COLUMNS, FIXED_COLUMN, type TExtractionColumn } from '../table-columns.ts';

type ColumnPickerProps = {
  visible: readonly TExtractionColumn[];
  onToggle: (column: TExtractionColumn, shown: boolean) => void;
};

/** Which of the table's columns show; the choice is remembered by this browser. */
export function ColumnPicker({ visible, onToggle }: ColumnPickerProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>Columns</DropdownMenuLabel>
        {EXTRACTION_COLUMNS.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={visible.includes(column)}
            disabled={column === FIXED_COLUMN}
            onCheckedChange={(checked) => onToggle(column, checked === true)}
            // Keep the menu open so several columns can be picked in a row.
            onSelect={(event) => event.preventDefault()}
          >
            {column}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
