import type { TDatabase } from '@prospector/db';
import { createTransport } from 'nodemailer';
import { devMailbox } from '../db/schema.ts';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TMailer {
  /** 'smtp' with SMTP_URL; 'dev-mailbox' stores messages for `/dev/mailbox` instead. */
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: TMail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL, or the dev mailbox (rows in account.dev_mailbox) when it is unset. */
export function createMailer(options: { smtpUrl?: string; from: string; database: TDatabase }): TMailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      await options.database.db.insert(devMailbox).values({ from: options.from, ...mail });
    },
    close: () => {},
  };
}
