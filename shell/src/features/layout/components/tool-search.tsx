import { cn, Input } from '@prospector/ui';
import SearchIcon from 'lucide-react/icons/search';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { filterTools } from '../filter-tools.ts';
import { TOOLS, type TTool } from '../navigation.ts';

/**
 * "Search tools..." in the top bar: an ARIA combobox. Typing filters the tools; arrow keys move the
 * highlight; Enter or a click opens the highlighted tool; Escape clears.
 */
export function ToolSearch() {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const results = useMemo(() => filterTools(TOOLS, query), [query]);
  const expanded = open && query.trim() !== '';
  const optionId = (index: number) => `${listId}-option-${index}`;

  const openTool = (tool: TTool) => {
    setQuery('');
    setOpen(false);
    navigate(tool.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const tool = results[active] ?? results[0];
      if (tool) {
        event.preventDefault();
        openTool(tool);
      }
    } else if (event.key === 'Escape') {
      setQuery('');
      setOpen(false);
    }
  };

  return (
    // On a small phone the box folds into its search icon (the top bar's row is full); focused, it opens
    // over the whole row, and folds again on blur.
    <div
      className={cn(
        'relative w-full max-w-sm',
        'max-sm:w-8 max-sm:shrink-0 max-sm:focus-within:absolute max-sm:focus-within:inset-x-4',
        'max-sm:focus-within:z-40 max-sm:focus-within:w-auto max-sm:focus-within:max-w-none',
        'max-sm:focus-within:rounded-md max-sm:focus-within:bg-card',
      )}
    >
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        role="combobox"
        aria-label="Search tools"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && results[active] ? optionId(active) : undefined}
        placeholder="Search tools..."
        autoComplete="off"
        className="h-9 bg-muted/60 pl-9 max-sm:not-focus:cursor-pointer max-sm:not-focus:placeholder:text-transparent"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // A click on an option lands before blur closes the list: options use onMouseDown.
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md',
          !expanded && 'hidden',
        )}
      >
        <div id={listId} role="listbox" aria-label="Tools" className="flex flex-col p-1">
          {results.map((tool, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input owns the keyboard (aria-activedescendant).
            <div
              key={tool.to}
              id={optionId(index)}
              role="option"
              // Focus stays in the input (aria-activedescendant); -1 only makes the option clickable-focusable.
              tabIndex={-1}
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-sm px-3 py-2 text-sm',
                index === active && 'bg-accent text-accent-foreground',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => openTool(tool)}
            >
              <tool.icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span className="flex flex-col">
                <span className="font-medium">{tool.title}</span>
                <span className="text-xs text-muted-foreground">{tool.description}</span>
              </span>
            </div>
          ))}
        </div>
        {results.length === 0 && (
          <p className="px-3 py-2 text-sm text-muted-foreground">No tools match "{query}"</p>
        )}
      </div>
    </div>
  );
}
