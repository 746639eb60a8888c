import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The backfill UPDATE of a migration, so tests can run it again over rows written the older way. */
function backfillSqlOf(migration: string): string {
  const text = readFileSync(fileURLToPath(new URL(`../../drizzle/${migration}`, import.meta.url)), 'utf8');
  const statement = text
    .split('--> statement-breakpoint')
    .map((part) => part.trim())
    .find((part) => /^(--[^\n]*\n)*UPDATE/.test(part));
  if (!statement) throw new Error(`The migration ${migration} has no backfill UPDATE.`);
  return statement;
}

/** The typed-columns migration's backfill (drizzle/0002_typed_columns.sql). */
export const typedColumnsBackfillSql = (): string => backfillSqlOf('0002_typed_columns.sql');

/** The other-e-mails migration's backfill (drizzle/0004_other_emails.sql). */
export const otherEmailsBackfillSql = (): string => backfillSqlOf('0004_other_emails.sql');

/** The role-flag migration's backfill (drizzle/0010_email_role.sql). */
export const emailRoleBackfillSql = (): string => backfillSqlOf('0010_email_role.sql');
