import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port (smtp-server) that answers `RCPT TO` the way a domain's mail
 * server would: `mailboxes` lists who it takes, unless it takes everyone (`acceptAll`); others get
 * "550 5.1.1 user unknown". It never receives a message: the probe quits before DATA.
 */
export async function startFakeSmtpServer(options: { mailboxes: string[]; acceptAll?: boolean }) {
  const recipients: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipients.push(address.address);
      if (options.acceptAll || options.mailboxes.includes(address.address.toLowerCase())) return callback();
      const refusal = Object.assign(new Error('5.1.1 user unknown'), { responseCode: 550 });
      callback(refusal);
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    /** Every `RCPT TO` address asked, in order. */
    recipients,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
