import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import CoinsIcon from 'lucide-react/icons/coins';
import FileDownIcon from 'lucide-react/icons/file-down';
import ListChecksIcon from 'lucide-react/icons/list-checks';
import SearchIcon from 'lucide-react/icons/search';
import UsersIcon from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react/types';

/** The six feature cards of the landing page. Claims follow docs/product.md §9 "Marketing claims". */
export const FEATURES: readonly { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Pay only for results',
    description: 'One credit per public e-mail found. When an account has no public e-mail, you pay nothing.',
    icon: CoinsIcon,
  },
  {
    title: 'Batch extraction',
    description: 'Paste up to 1,000 usernames, one per line, and extract them in a single run.',
    icon: ListChecksIcon,
  },
  {
    title: 'Keyword search',
    description: 'Search Instagram by keyword, pick the accounts you want and extract them all at once.',
    icon: SearchIcon,
  },
  {
    title: '98% accuracy',
    description: 'E-mails come from the public business contact details and bio of each profile.',
    icon: BadgeCheckIcon,
  },
  {
    title: 'CSV export',
    description: 'Filter your saved extractions and export them to CSV for your CRM or e-mail tool.',
    icon: FileDownIcon,
  },
  {
    title: 'Similar accounts',
    description: 'Start from one account and discover related profiles to grow your lead list.',
    icon: UsersIcon,
  },
];
