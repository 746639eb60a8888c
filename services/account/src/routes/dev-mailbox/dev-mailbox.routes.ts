export const DEV_MAILBOX_PATHS = { page: '/dev/mailbox', json: '/dev/mailbox.json' } as const;

/** Newest messages shown; older ones stay in the table. */
export const DEV_MAILBOX_LIMIT = 100;
