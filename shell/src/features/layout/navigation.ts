import HelpCircleIcon from 'lucide-react/icons/circle-question-mark';
import CreditCardIcon from 'lucide-react/icons/credit-card';
import DatabaseIcon from 'lucide-react/icons/database';
import LayoutDashboardIcon from 'lucide-react/icons/layout-dashboard';
import ListIcon from 'lucide-react/icons/list';
import ScanSearchIcon from 'lucide-react/icons/scan-search';
import SettingsIcon from 'lucide-react/icons/settings';
import UsersIcon from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react/types';

export type TNavItem = {
  title: string;
  to: string;
  icon: LucideIcon;
};

export type TTool = TNavItem & {
  description: string;
  /** Extra words people may type when looking for this tool. */
  keywords: readonly string[];
};

/** Sidebar "Main" group (docs/product.md §2). */
export const MAIN_NAV: readonly TNavItem[] = [
  { title: 'Dashboard', to: '/dashboard', icon: LayoutDashboardIcon },
  { title: 'Billing', to: '/dashboard/billing', icon: CreditCardIcon },
  { title: 'Settings', to: '/dashboard/settings', icon: SettingsIcon },
  { title: 'Help', to: '/dashboard/help', icon: HelpCircleIcon },
];

/** Sidebar "TOOLS" group (docs/product.md §2), also what the top bar's search looks through. */
export const TOOLS: readonly TTool[] = [
  {
    title: 'Instagram Info',
    to: '/dashboard/instagram-info',
    icon: ScanSearchIcon,
    description: 'Extract public e-mails and profile data by username or keyword',
    keywords: ['extract', 'extractor', 'email', 'username', 'batch', 'keyword', 'profile'],
  },
  {
    title: 'Instagram Database',
    to: '/dashboard/instagram-database',
    icon: DatabaseIcon,
    description: 'Browse, filter, export and delete saved extractions',
    keywords: ['database', 'saved', 'extractions', 'export', 'csv', 'filter', 'history'],
  },
  {
    title: 'Lead Lists',
    to: '/dashboard/lead-lists',
    icon: ListIcon,
    description: 'Named lists of saved accounts: add, remove and export',
    keywords: ['lists', 'lead', 'leads', 'segment', 'audience'],
  },
  {
    title: 'Similar Accounts',
    to: '/dashboard/similar-accounts',
    icon: UsersIcon,
    description: 'Find accounts similar to a username',
    keywords: ['similar', 'related', 'lookalike', 'discover', 'accounts'],
  },
];
