import { useLayoutEffect } from 'react';
import { removeLandingPrerender } from '../app/landing-prerender.ts';

/** The route error screen of docs/product.md §2: the message, plus the stack when there is one. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { message, stack } = describeRouteError(error);
  // An error on `/` replaces the landing's prerendered first screen too, or it would stay over it.
  useLayoutEffect(removeLandingPrerender, []);
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-6 py-12">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <h2 className="text-lg text-destructive italic">{message}</h2>
      {stack && (
        <pre className="overflow-auto rounded-md bg-muted p-4 font-mono text-xs leading-relaxed text-muted-foreground">
          {stack}
        </pre>
      )}
    </main>
  );
}

export function describeRouteError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  return { message: 'Unknown error' };
}
