import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import type { TResolveHost } from '@prospector/service-kit';

/**
 * A DNS server stood in for: real DNS over UDP on 127.0.0.1, answering A queries for any name with
 * whatever `answer` holds at that moment, and counting the queries. A site's owner controls its DNS, so
 * this is what a rebinding attacker would run.
 */
export async function startFakeDns() {
  const socket = createSocket('udp4');
  const state = { answer: '127.0.0.1', queries: 0 };
  socket.on('message', (query, sender) => {
    if (query.length < 17) return;
    state.queries += 1;
    // The question: labels up to a zero byte, then type and class.
    let end = 12;
    while (end < query.length && query[end] !== 0) end += (query[end] as number) + 1;
    const question = query.subarray(12, end + 5);
    const isA = query.readUInt16BE(end + 1) === 1;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(isA ? 1 : 0, 6);
    const answer = isA
      ? Buffer.concat([
          Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4]),
          Buffer.from(state.answer.split('.').map(Number)),
        ])
      : Buffer.alloc(0);
    socket.send(Buffer.concat([header, question, answer]), sender.port, sender.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const resolver = new Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${socket.address().port}`]);
  const resolve: TResolveHost = async (hostname) =>
    (await resolver.resolve4(hostname)).map((address) => ({ address, family: 4 }));
  return {
    state,
    resolve,
    close: () => new Promise<void>((done) => socket.close(() => done())),
  };
}
