import type { ReactNode } from 'react';

/**
 * Words kept on one line: a hyphenated word like "e-mail" otherwise breaks after its hyphen at the
 * end of a line ("e-" / "mail"), which reads as two words.
 */
export function Unbroken({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}
