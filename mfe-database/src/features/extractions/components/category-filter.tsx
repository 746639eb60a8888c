import {
  Button,
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
  Label,
} from '@prospector/ui';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';

type CategoryFilterProps = {
  /** Built from the categories present in the user's extractions (docs/product.md §2). */
  available: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
};

export function CategoryFilter({ available, selected, onChange }: CategoryFilterProps) {
  const toggle = (category: string, checked: boolean) =>
    onChange(checked ? [...selected, category] : selected.filter((item) => item !== category));
  const summary =
    available.length === 0
      ? 'No categories yet'
      : selected.length === 0
        ? 'All categories'
        : `${selected.length} selected`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="filter-categories">Categories</Label>
      <DropdownMenu>
        <DropdownMenuTrigger asChild disabled={available.length === 0}>
          <Button id="filter-categories" variant="outline" className="justify-between font-normal">
            {summary}
            <ChevronDownIcon className="opacity-50" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-72 overflow-y-auto">
          <DropdownMenuLabel>Categories</DropdownMenuLabel>
          {available.map((category) => (
            <DropdownMenuCheckboxItem
              key={category}
              checked={selected.includes(category)}
              onCheckedChange={(checked) => toggle(category, checked === true)}
              // Keep the menu open so several categories can be ticked in a row.
              onSelect={(event) => event.preventDefault()}
            >
              {category}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
