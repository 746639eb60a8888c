import { EMAIL_STATUS_LABELS, type TExtractionDetail } from '@prospector/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmailStatusBadge,
  LoadFailed,
  RoleAddressBadge,
  Skeleton,
} from '@prospector/ui';
import RefreshIcon from 'lucide-react/icons/refresh-cw';
import type { ReactNode } from 'react';
import { useExtraction } from '../api/get-extraction.ts';
import {
  recheckErrorMessage,
  recheckedDescription,
  useRecheckExtraction,
} from '../api/recheck-extraction.ts';
import { ageLabel, expiryLabel, retentionNote } from '../record-age.ts';

const PROVIDER_LABELS: Record<string, string> = {
  sandbox: 'Sandbox (sample data)',
  apify: 'Apify',
  graph: 'Instagram Graph API',
};
const FIELD_LABELS: Record<string, string> = {
  public_email: 'public e-mail field',
  business_email: 'business e-mail field',
  biography: 'biography text',
  external_url: 'external link',
  website: 'linked website',
};

/** The page an e-mail was read on, as a link: http(s) only, opened without handing it this page. */
function PageLink({ url }: { url: string }) {
  let href: string | null = null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') href = parsed.href;
  } catch {}
  if (!href) return <>{url}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="underline underline-offset-2"
    >
      {url}
    </a>
  );
}

const text = (value: string | number | boolean | null | undefined) => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return value;
};
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Facts({ facts }: { facts: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The profile's further addresses, one a line; a row only when there are some. */
function otherEmailsFact(emails: string[] | undefined): Array<[string, ReactNode]> {
  if (!emails || emails.length === 0) return [];
  const list = (
    <ul className="flex flex-col gap-0.5" data-testid="detail-other-emails">
      {emails.map((email) => (
        <li key={email} className="break-all">
          {email}
        </li>
      ))}
    </ul>
  );
  return [[emails.length === 1 ? 'Other e-mail' : 'Other e-mails', list]];
}

type DetailSectionProps = { id: string; title: string; testId?: string; gap?: string; children: ReactNode };

/** One titled part of the record, named by its heading (`id`). */
function DetailSection({ id, title, testId, gap = 'gap-2', children }: DetailSectionProps) {
  return (
    <section aria-labelledby={id} className={`flex flex-col ${gap}`} data-testid={testId}>
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DetailBody({ detail }: { detail: TExtractionDetail }) {
  const profile = detail.profile;
  const provenance = profile.email_provenance;
  return (
    <div className="flex flex-col gap-5">
      <Facts
        facts={[
          ['Full name', text(profile.full_name)],
          ['E-mail', text(profile.public_email)],
          ...otherEmailsFact(profile.other_emails),
          ['Followers', text(profile.follower_count)],
          ['Following', text(profile.following_count)],
          ['Media', text(profile.media_count)],
          ['Verified', text(profile.is_verified)],
          ['Private', text(profile.is_private)],
          ['Category', text(profile.category)],
          ['Country', text(profile.country)],
          ['Date joined', text(profile.date_joined)],
          ['External URL', text(profile.external_url)],
          ['Extracted', dateTime(detail.createdAt)],
          ['Credits used', text(detail.creditsUsed)],
        ]}
      />
      <DetailSection id="detail-bio" title="Biography" gap="gap-1">
        {/* Scraped text: rendered as text, line breaks kept, never as HTML. */}
        <p className="text-sm whitespace-pre-wrap break-words text-muted-foreground">
          {profile.biography ?? '—'}
        </p>
      </DetailSection>
      <SavedDataSection detail={detail} />
      {profile.public_email ? <EmailStatusSection detail={detail} /> : null}
      {profile.public_email ? (
        <DetailSection id="detail-provenance" title="Where the e-mail came from">
          {provenance ? (
            <Facts
              facts={[
                ['Provider', PROVIDER_LABELS[provenance.provider] ?? provenance.provider],
                ['Field', FIELD_LABELS[provenance.field] ?? provenance.field],
                ...(detail.emailSourceUrl
                  ? [['Page', <PageLink key="page" url={detail.emailSourceUrl} />] as [string, ReactNode]]
                  : []),
                ['Fetched', dateTime(provenance.fetchedAt)],
              ]}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Not recorded for this extraction.</p>
          )}
        </DetailSection>
      ) : null}
    </div>
  );
}

/**
 * How old the record's data is, when it expires, and the free re-check (once a day) that fetches the
 * profile again, checks its e-mail (a credit paid for an address now undeliverable is refunded) and
 * renews the record for another retention period.
 */
function SavedDataSection({ detail }: { detail: TExtractionDetail }) {
  const recheck = useRecheckExtraction();
  const nextRecheck = detail.recheckAvailableAt;
  const months = detail.retentionMonths;
  return (
    <DetailSection id="detail-saved-data" title="Saved data" testId="saved-data-section">
      <Facts
        facts={[
          ['Data fetched', `${dateTime(detail.refreshedAt)} (${ageLabel(detail.refreshedAt).toLowerCase()})`],
          [
            'Expires',
            detail.expiresAt
              ? `${dateTime(detail.expiresAt)}, ${months} month${months === 1 ? '' : 's'} after its data was fetched`
              : expiryLabel(null),
          ],
        ]}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={recheck.isPending || nextRecheck !== null}
          onClick={() => {
            recheck.reset();
            recheck.mutate(detail.id);
          }}
        >
          <RefreshIcon aria-hidden className={recheck.isPending ? 'animate-spin' : undefined} />
          {recheck.isPending ? 'Re-checking…' : 'Re-check'}
        </Button>
        <span className="text-xs text-muted-foreground" data-testid="recheck-hint">
          {nextRecheck
            ? `Re-checked less than a day ago: you can re-check it again after ${dateTime(nextRecheck)}.`
            : `Free, once a day: fetches the profile again, checks its e-mail${months > 0 ? ` and keeps the record another ${months} month${months === 1 ? '' : 's'}` : ''}. A credit paid for an address now undeliverable is refunded.`}
        </span>
      </div>
      <p className="text-sm" role="status">
        {recheck.isSuccess ? `Re-checked. ${recheckedDescription(recheck.data)}` : ''}
      </p>
      {recheck.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {recheckErrorMessage(recheck.error)}
        </p>
      ) : null}
      {months > 0 ? null : <p className="text-xs text-muted-foreground">{retentionNote(0)}</p>}
    </DetailSection>
  );
}

/** The e-mail's deliverability and why; "Re-check" above checks it again. */
function EmailStatusSection({ detail }: { detail: TExtractionDetail }) {
  const check = detail.emailCheck;
  return (
    <DetailSection id="detail-email-status" title="E-mail status" testId="email-status-section">
      {check ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <EmailStatusBadge
            status={check.status}
            label={EMAIL_STATUS_LABELS[check.status]}
            reason={check.reason}
          />
          <span className="break-words" data-testid="email-status-reason">
            {check.reason.charAt(0).toUpperCase() + check.reason.slice(1)}
          </span>
          <span className="text-muted-foreground">· checked {dateTime(check.checkedAt)}</span>
          {check.role && <RoleAddressBadge />}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Not checked yet.</p>
      )}
    </DetailSection>
  );
}

type ExtractionDetailDialogProps = {
  /** The record to show; null closes the dialog. */
  id: string | null;
  username: string;
  onClose: () => void;
};

/** One saved extraction in full: the whole profile and the e-mail's provenance. */
export function ExtractionDetailDialog({ id, username, onClose }: ExtractionDetailDialogProps) {
  const detail = useExtraction(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>@{username}</DialogTitle>
          <DialogDescription>The profile as it was last fetched.</DialogDescription>
        </DialogHeader>
        {detail.isError ? (
          <LoadFailed onRetry={() => void detail.refetch()}>Unable to load extractions</LoadFailed>
        ) : detail.data ? (
          <DetailBody detail={detail.data} />
        ) : (
          <div className="flex flex-col gap-2" role="status" aria-label="Loading the profile">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
