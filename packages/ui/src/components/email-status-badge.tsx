import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CircleXIcon from 'lucide-react/icons/circle-x';
import LoaderIcon from 'lucide-react/icons/loader-circle';
import { Badge } from './badge';

const LOOKS = {
  deliverable: { variant: 'success', Icon: CircleCheckIcon },
  risky: { variant: 'secondary', Icon: CircleAlertIcon },
  undeliverable: { variant: 'destructive', Icon: CircleXIcon },
  checking: { variant: 'outline', Icon: LoaderIcon },
} as const;

/**
 * An e-mail's deliverability as a badge: its label (the caller's words, e.g. the contracts'
 * EMAIL_STATUS_LABELS) and, on hover and for screen readers, why.
 */
export function EmailStatusBadge({
  status,
  label,
  reason,
}: {
  status: keyof typeof LOOKS;
  label: string;
  reason?: string | null;
}) {
  const { variant, Icon } = LOOKS[status];
  return (
    <Badge
      variant={variant}
      data-testid="email-status"
      data-status={status}
      title={reason ?? undefined}
      aria-label={reason ? `E-mail ${label.toLowerCase()}: ${reason}` : `E-mail ${label.toLowerCase()}`}
    >
      <Icon aria-hidden className={status === 'checking' ? 'animate-spin' : undefined} />
      {label}
    </Badge>
  );
}

/**
 * "Role address": the e-mail names a function (info@, hello@, bookings@…), not a person. A fact beside
 * the deliverability badge, never instead of it.
 */
export function RoleAddressBadge() {
  return (
    <Badge
      variant="outline"
      data-testid="email-role"
      title="A role mailbox (info@, hello@, bookings@…), read by a team rather than a person"
    >
      Role address
    </Badge>
  );
}
