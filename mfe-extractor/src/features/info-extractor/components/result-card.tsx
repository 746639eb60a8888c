import {
  EMAIL_STATUS_LABELS,
  emailSourceUrlOf,
  isRoleEmail,
  NOT_CHARGED_UNDELIVERABLE,
  type TEmailCheck,
  type TExtractionData,
} from '@prospector/contracts';
import {
  Card,
  CardContent,
  Checkbox,
  EmailAddress,
  EmailStatusBadge,
  RoleAddressBadge,
} from '@prospector/ui';
import GlobeIcon from 'lucide-react/icons/globe';
import MailIcon from 'lucide-react/icons/mail';
import { ProfileBadges } from '../../../components/profile-badges.tsx';
import { formatCount } from '../../../lib/format.ts';

const count = (value: number | null) => (value === null ? '—' : formatCount(value));

/** A page link to show: http(s) only (a scraped `javascript:` URL never becomes a link). */
export function pageLinkOf(url: string | null): { href: string; label: string } | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return { href: parsed.href, label: `${parsed.host.replace(/^www\./, '')}${path}` };
  } catch {
    return null;
  }
}

/**
 * One extracted profile. Everything in it was scraped from a public profile, so it is rendered as
 * text only (React escapes it); long e-mails, bios and unbroken words wrap inside the card.
 */
export function ResultCard({
  profile,
  emailCheck = null,
  emailCheckPending = false,
  selection,
}: {
  profile: TExtractionData;
  /** A tick box before the name, where the card can be selected (a run's results: "Add to list…"). */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
  /** The e-mail's deliverability verdict, when the run has it. */
  emailCheck?: TEmailCheck | null;
  /** The verdict is still coming (the credit is refunded if it is undeliverable). */
  emailCheckPending?: boolean;
}) {
  const others = profile.other_emails ?? [];
  // An e-mail read on the profile's website names the page, so it can be checked.
  const source = pageLinkOf(emailSourceUrlOf(profile));
  return (
    <Card className="min-w-0 gap-3 py-4" data-testid="result-card">
      <CardContent className="flex min-w-0 flex-col gap-3 px-4">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          {selection && (
            <Checkbox
              aria-label={`Select @${profile.username}`}
              checked={selection.checked}
              onCheckedChange={(value) => selection.onChange(value === true)}
            />
          )}
          <h3 className="min-w-0 break-all font-semibold" data-testid="result-username">
            @{profile.username}
          </h3>
          <ProfileBadges profile={profile} />
        </div>
        {profile.full_name && <p className="-mt-2 break-words text-sm">{profile.full_name}</p>}
        {/* The address takes the rest of the row; when that leaves it under 12rem (a narrow card), the
            status badge moves to the next line so the address keeps the room to wrap at its @ and dots. */}
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="result-email">
          <MailIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {profile.public_email ? (
            <>
              <EmailAddress
                email={profile.public_email}
                className="min-w-[min(12rem,calc(100%-1.5rem))] flex-1 font-medium"
              />
              <EmailStatus check={emailCheck} pending={emailCheckPending} />
              {isRoleEmail(profile.public_email) && <RoleAddressBadge />}
            </>
          ) : (
            <span className="text-muted-foreground">No public e-mail</span>
          )}
        </p>
        {profile.public_email && emailCheck?.status === 'undeliverable' && (
          // Said in words, not only in the badge's hover text: this e-mail cost no credit.
          <p
            className="-mt-2 pl-6 text-xs font-medium text-muted-foreground"
            data-testid="result-not-charged"
          >
            {NOT_CHARGED_UNDELIVERABLE}
          </p>
        )}
        {source && (
          <p
            className="-mt-2 flex min-w-0 items-center gap-2 text-xs text-muted-foreground"
            data-testid="result-email-source"
          >
            <GlobeIcon className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-all">
              Found on{' '}
              <a
                href={source.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="font-medium text-foreground underline underline-offset-2"
              >
                {source.label}
              </a>
            </span>
          </p>
        )}
        {others.length > 0 && (
          // The profile's further addresses: shown, not charged, not in the CSV.
          <div className="-mt-2 flex min-w-0 flex-col gap-0.5 pl-6 text-xs" data-testid="result-other-emails">
            <span className="text-muted-foreground">Also listed:</span>
            <ul className="flex min-w-0 flex-col gap-0.5">
              {others.map((email) => (
                <li key={email} className="min-w-0">
                  <EmailAddress email={email} />
                </li>
              ))}
            </ul>
          </div>
        )}
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(
            [
              ['Followers', profile.follower_count],
              ['Following', profile.following_count],
              ['Media', profile.media_count],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted px-1 py-1.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-sm font-medium">{count(value)}</dd>
            </div>
          ))}
        </dl>
        {profile.category && (
          <p className="text-xs text-muted-foreground">
            Category: <span className="break-words text-foreground">{profile.category}</span>
          </p>
        )}
        {profile.biography && (
          <p
            className="whitespace-pre-line break-words text-sm text-muted-foreground"
            data-testid="result-bio"
          >
            {profile.biography}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The found e-mail's deliverability; an undeliverable one says it cost nothing. */
function EmailStatus({ check, pending }: { check: TEmailCheck | null; pending: boolean }) {
  if (check) {
    const reason = check.status === 'undeliverable' ? `${check.reason} — no credit charged` : check.reason;
    return (
      <EmailStatusBadge status={check.status} label={EMAIL_STATUS_LABELS[check.status]} reason={reason} />
    );
  }
  return pending ? (
    <EmailStatusBadge status="checking" label="Checking" reason="Still checking this address" />
  ) : null;
}
