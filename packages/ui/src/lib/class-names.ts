import { cn } from './cn';

// Class lists several components share, kept internal so the package API stays the components.

/** Input, Textarea and SelectTrigger: every field looks and focuses the same way. */
export const fieldClassName = cn(
  'w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs transition-[color,box-shadow] outline-none',
  'placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
);

/** Dialog and ConfirmDialog: both modals dim the page and centre the same way. */
export const overlayClassName =
  'fixed inset-0 z-50 bg-foreground/40 backdrop-blur-[1px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out';

export const modalContentClassName = cn(
  // One column exactly as wide as the dialog: a grid item is otherwise at least as wide as its longest
  // unbreakable line (a long list name), and pushes the dialog past the screen.
  'fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] grid-cols-[minmax(0,1fr)] -translate-x-1/2 -translate-y-1/2 gap-4 sm:max-w-lg',
  'rounded-lg border bg-card p-6 text-card-foreground shadow-lg',
  'data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out',
);
