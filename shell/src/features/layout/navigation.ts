import { APP_PATHS } from '@prospector/contracts';
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
  { title: 'Dashboard', to: APP_PATHS.dashboard, icon: LayoutDashboardIcon },
  { title: 'Billing', to: APP_PATHS.billing, icon: CreditCardIcon },
  { title: 'Settings', to: APP_PATHS.settings, icon: SettingsIcon },
  { title: 'Help', to: APP_PATHS.help, icon: HelpCircleIcon },
];

/** Sidebar "TOOLS" group (docs/product.md §2), also what the top bar's search looks through. */
export const TOOLS: readonly TTool[] = [
  {
    title: 'Instagram Info',
    to: APP_PATHS.infoExtractor,
    icon: ScanSearchIcon,
    description: 'Extract public e-mails and profile data by username or keyword',
    keywords: ['extract', 'extractor', 'email', 'username', 'batch', 'keyword', 'profile'],
  },
  {
    title: 'Instagram Database',
    to: APP_PATHS.database,
    icon: DatabaseIcon,
    description: 'Browse, filter, export and delete saved extractions',
    keywords: ['database', 'saved', 'extractions', 'export', 'csv', 'filter', 'history'],
  },
  {
    title: 'Lead Lists',
    to: APP_PATHS.leadLists,
    icon: ListIcon,
    description: 'Named lists of saved accounts: add, remove and export',
    keywords: ['lists', 'lead', 'leads', 'segment', 'audience'],
  },
  {
    title: 'Similar Accounts',
    to: APP_PATHS.similarAccounts,
    icon: UsersIcon,
    description: 'Find accounts similar to a username',
    keywords: ['similar', 'related', 'lookalike', 'discover', 'accounts'],
  },
];
