/** Newest messages shown; older ones stay in the table. */
export const DEV_MAILBOX_LIMIT = 100;
