import { connect, type Socket } from 'node:net';

/**
 * What a mail server said to `RCPT TO` for the address: it takes it; it takes any address on the domain
 * (a random local part was accepted too, so its "yes" proves nothing); it refused the mailbox; or no
 * answer that settles it (4xx such as greylisting, a policy refusal, a timeout, no connection).
 */
export type TProbeResult =
  | { kind: 'accepted' }
  | { kind: 'accept_all' }
  | { kind: 'refused'; reply: string }
  | { kind: 'unknown'; detail: string };

export interface TSmtpProbeOptions {
  /** Port of the mail hosts (25; tests point it at a local server). */
  port: number;
  /** The name the probe gives in EHLO. */
  helo: string;
  /** MAIL FROM; empty for the null reverse-path `<>`. */
  from: string;
  /** For the whole conversation with one host. */
  timeoutMs: number;
}

export interface TMailboxProbe {
  probe(input: {
    address: string;
    hostAddresses: readonly string[];
    randomAddress: string;
  }): Promise<TProbeResult>;
}

interface TReply {
  code: number;
  text: string;
}

/**
 * A refusal that is about the mailbox (550/551/553, or an enhanced 5.1.x status such as 5.1.1 "user
 * unknown"); other 5xx replies (5.7.x policy, blocklists) say nothing about the mailbox.
 */
export function isMailboxRefusal(reply: TReply): boolean {
  if (reply.code < 500 || reply.code >= 600) return false;
  const enhanced = /^5\.(\d{1,3})\.\d{1,3}\b/.exec(reply.text.trim());
  if (enhanced) return enhanced[1] === '1';
  return reply.code === 550 || reply.code === 551 || reply.code === 553;
}

/**
 * One SMTP conversation: reads multi-line replies (`250-…` then `250 …`) and sends commands in turn.
 *
 * Written here rather than over nodemailer's `SMTPConnection` (nodemailer/lib/smtp-connection, 10.6),
 * which cannot stop after `RCPT TO`: its public API reaches `RCPT TO` only through
 * `send(envelope, message)`, which sends `DATA` as soon as one recipient is accepted (with PIPELINING,
 * together with the `RCPT TO` commands, before any reply is read) and calls back only once the message
 * has been transmitted or every recipient was refused. A probe must read each `RCPT TO` reply on its
 * own (the address, then a random one for accept-all) and `QUIT` without ever sending `DATA`; doing so
 * with `SMTPConnection` would mean driving its `@internal` `_sendCommand` / `_responseActions`.
 */
function openConversation(socket: Socket) {
  let buffer = '';
  const lines: string[] = [];
  const waiting: Array<{ resolve: (reply: TReply) => void; reject: (error: Error) => void }> = [];
  let failure: Error | null = null;
  let current: string[] = [];

  const deliver = () => {
    while (lines.length > 0) {
      const line = lines.shift() as string;
      current.push(line);
      if (/^\d{3}-/.test(line)) continue;
      const code = Number(line.slice(0, 3));
      const reply = {
        code: Number.isInteger(code) ? code : 0,
        text: current.map((part) => part.slice(4)).join(' '),
      };
      current = [];
      waiting.shift()?.resolve(reply);
    }
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split(/\r?\n/);
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    deliver();
  });
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));

  const next = () =>
    new Promise<TReply>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.push({ resolve, reject });
      deliver();
    });
  return {
    next,
    send(command: string) {
      socket.write(`${command}\r\n`);
      return next();
    },
  };
}

/**
 * Asks the domain's first reachable mail host whether it takes the address (`RCPT TO`), then a random
 * address on the same domain (accept-all detection), and quits without sending anything.
 */
export function createSmtpProbe(options: TSmtpProbeOptions): TMailboxProbe {
  const talk = async (host: string, address: string, randomAddress: string): Promise<TProbeResult> => {
    const socket = connect({ host, port: options.port });
    socket.setTimeout(options.timeoutMs, () => socket.destroy(new Error('timed out')));
    const deadline = setTimeout(() => socket.destroy(new Error('timed out')), options.timeoutMs);
    const smtp = openConversation(socket);
    try {
      const greeting = await smtp.next();
      if (greeting.code !== 220) return { kind: 'unknown', detail: `greeting ${greeting.code}` };
      let hello = await smtp.send(`EHLO ${options.helo}`);
      if (hello.code >= 500) hello = await smtp.send(`HELO ${options.helo}`);
      if (hello.code !== 250) return { kind: 'unknown', detail: `HELO ${hello.code}` };
      const from = await smtp.send(`MAIL FROM:<${options.from}>`);
      if (from.code !== 250) return { kind: 'unknown', detail: `MAIL FROM ${from.code}` };
      const recipient = await smtp.send(`RCPT TO:<${address}>`);
      if (isMailboxRefusal(recipient)) {
        return { kind: 'refused', reply: `${recipient.code} ${recipient.text}`.trim() };
      }
      if (recipient.code !== 250 && recipient.code !== 251) {
        return { kind: 'unknown', detail: `RCPT ${recipient.code}` };
      }
      const random = await smtp.send(`RCPT TO:<${randomAddress}>`);
      await smtp.send('QUIT').catch(() => undefined);
      return random.code === 250 || random.code === 251 ? { kind: 'accept_all' } : { kind: 'accepted' };
    } finally {
      clearTimeout(deadline);
      socket.destroy();
    }
  };

  return {
    async probe({ address, hostAddresses, randomAddress }) {
      let last = 'no address for the mail host';
      // Only a host that could not be talked to is skipped; the first one that answers decides.
      for (const host of hostAddresses.slice(0, 3)) {
        try {
          return await talk(host, address, randomAddress);
        } catch (error) {
          last = error instanceof Error ? error.message : String(error);
        }
      }
      return { kind: 'unknown', detail: last };
    },
  };
}
