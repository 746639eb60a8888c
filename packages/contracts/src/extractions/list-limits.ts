/**
 * How many accounts one list may hold, and one run from a list may extract (`MAX_RUN_USERNAMES`), on
 * every plan but the top one (`PLAN_LIMITS.maxListedAccounts`). A module without zod: the pricing cards
 * read it on the landing page, which loads no schema (the first-load budget test holds it).
 */
export const MAX_LISTED_ACCOUNTS = 1000;
/** The same on the top plan (Enterprise): the largest list and list run anyone may have. */
export const TOP_PLAN_MAX_LISTED_ACCOUNTS = 5000;
