/**
 * Plans of spec §3 and §9. Prices are whole US dollars per month; `originalPrice` is what the
 * promotion strikes through. The marketing service's plans view replaces these constants once the
 * landing page reads it.
 */
export type TPlanKey = 'starter' | 'professional' | 'enterprise';

export type TPaidPlan = {
  id: 'package_1' | 'package_2' | 'package_3';
  /** Lowercase name, stored as `selectedPlan` (spec §3 "Local browser storage"). */
  key: TPlanKey;
  name: string;
  price: number;
  originalPrice: number;
  credits: number;
  mostPopular: boolean;
  features: readonly string[];
};

export const TRIAL = { credits: 25, days: 15 } as const;

export const PAID_PLANS: readonly TPaidPlan[] = [
  {
    id: 'package_1',
    key: 'starter',
    name: 'Starter',
    price: 47,
    originalPrice: 56,
    credits: 5_000,
    mostPopular: false,
    features: ['5,000 credits every month', 'Single and batch extraction', 'Keyword search', 'CSV export'],
  },
  {
    id: 'package_2',
    key: 'professional',
    name: 'Professional',
    price: 87,
    originalPrice: 104,
    credits: 10_000,
    mostPopular: true,
    features: [
      '10,000 credits every month',
      'Everything in Starter',
      'Similar accounts finder',
      'Up to 100 usernames per batch',
    ],
  },
  {
    id: 'package_3',
    key: 'enterprise',
    name: 'Enterprise',
    price: 157,
    originalPrice: 188,
    credits: 20_000,
    mostPopular: false,
    features: [
      '20,000 credits every month',
      'Everything in Professional',
      '1000 requests per hour',
      'Priority support within 4 hours',
    ],
  },
];

/** Spec §2: the promotion runs until 2025-08-16 23:59:59. */
export const PROMO_ENDS_AT = new Date(2025, 7, 16, 23, 59, 59);
export const PROMO_LABEL = '20% OFF - Limited Time!';

export function isPromoActive(now: Date = new Date()): boolean {
  return PROMO_ENDS_AT.getTime() - now.getTime() > 0;
}
