import type * as React from 'react';
import { cn } from '../lib/cn';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

export type SectionCardProps = Omit<React.ComponentProps<'div'>, 'title' | 'onSubmit'> & {
  /** The section's name, inside a heading of level `heading`. */
  title: React.ReactNode;
  /** `h1` (and a larger title) when the card is the page itself, as on the stand-alone auth screens; `h2` for a section. */
  heading?: 'h1' | 'h2';
  /** One line under the title saying what the section is for. */
  description?: React.ReactNode;
  /** Above the title: a logo, a status icon or a progress bar. */
  aboveTitle?: React.ReactNode;
  /** At the end of the header, beside the title (a button, a badge). */
  action?: React.ReactNode;
  /** Header, title and description centred. */
  centered?: boolean;
  /** Under the content, for the section's buttons. */
  footer?: React.ReactNode;
  /** The content and footer become one form (validated by the caller's schema, not the browser). */
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  headerClassName?: string;
  contentClassName?: string;
  footerClassName?: string;
};

/**
 * A card that is one section: a heading with its description, the section's content and, optionally, a footer of
 * buttons. The title is a real heading so the section appears in the page outline; children go in the content.
 */
export function SectionCard({
  title,
  heading: Heading = 'h2',
  description,
  aboveTitle,
  action,
  centered = false,
  footer,
  onSubmit,
  headerClassName,
  contentClassName,
  footerClassName,
  children,
  ...props
}: SectionCardProps) {
  const titleBlock = (
    <>
      <CardTitle className={cn(Heading === 'h1' && 'text-xl', aboveTitle !== undefined && 'mt-2')}>
        <Heading>{title}</Heading>
      </CardTitle>
      {description !== undefined && <CardDescription>{description}</CardDescription>}
    </>
  );
  const body = (
    <>
      {children !== undefined && <CardContent className={contentClassName}>{children}</CardContent>}
      {footer !== undefined && <CardFooter className={footerClassName}>{footer}</CardFooter>}
    </>
  );
  return (
    <Card {...props}>
      <CardHeader
        className={cn(
          centered && 'items-center text-center',
          action !== undefined && 'flex-row flex-wrap items-start justify-between gap-2',
          headerClassName,
        )}
      >
        {aboveTitle}
        {action === undefined ? (
          titleBlock
        ) : (
          <>
            <div className="flex min-w-0 flex-col gap-1.5">{titleBlock}</div>
            {action}
          </>
        )}
      </CardHeader>
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          {body}
        </form>
      ) : (
        body
      )}
    </Card>
  );
}
