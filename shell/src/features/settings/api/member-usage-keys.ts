/** The members' months under `billing`, so a limit saved or cleared refreshes them all (docs/architecture.md §6). */
export const MEMBER_USAGE_KEY = ['billing', 'member-usage'] as const;
