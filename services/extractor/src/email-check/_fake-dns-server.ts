import dns2 from 'dns2';

const { Packet } = dns2;

/** What the fake DNS server knows of one name; a name it does not know answers NXDOMAIN. */
export interface TFakeDnsRecords {
  mx?: Array<{ exchange: string; priority: number }>;
  a?: string[];
  aaaa?: string[];
  /** Answer SERVFAIL to every question about the name. */
  servfail?: boolean;
  /** Answer NXDOMAIN (as for an unknown name, but with `delayMs`). */
  nxdomain?: boolean;
  /** Answer this late (longer than a resolver's timeout reads as no answer). */
  delayMs?: number;
}

export interface TFakeDnsServer {
  /** `127.0.0.1:<port>`, as EMAIL_DNS_SERVERS takes it. */
  address: string;
  /** Every question asked, as `TYPE name`. */
  questions: string[];
  close(): Promise<void>;
}

/**
 * A real DNS server over UDP on a free local port (dns2), answering from `zone`: the outer edge the
 * e-mail checks talk to, so they are tested against the protocol rather than a stub.
 */
export async function startFakeDnsServer(zone: Record<string, TFakeDnsRecords>): Promise<TFakeDnsServer> {
  const questions: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return send(response);
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const typeName = Object.entries(Packet.TYPE).find(([, value]) => value === question.type)?.[0] ?? '?';
      questions.push(`${typeName} ${name}`);
      const records = zone[name];
      const answer = (resource: Record<string, unknown>) =>
        response.answers.push({
          name: question.name,
          class: Packet.CLASS.IN,
          ttl: 300,
          ...resource,
        } as never);
      if (!records || records.nxdomain) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (records.servfail) response.header.rcode = Packet.RCODE.SERVFAIL;
      else if (question.type === Packet.TYPE.MX) {
        for (const mx of records.mx ?? []) answer({ type: Packet.TYPE.MX, ...mx });
      } else if (question.type === Packet.TYPE.A) {
        for (const address of records.a ?? []) answer({ type: Packet.TYPE.A, address });
      } else if (question.type === Packet.TYPE.AAAA) {
        for (const address of records.aaaa ?? []) answer({ type: Packet.TYPE.AAAA, address });
      }
      if (records?.delayMs) setTimeout(() => send(response), records.delayMs);
      else send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  if (!port) throw new Error('the fake DNS server did not start');
  return {
    address: `127.0.0.1:${port}`,
    questions,
    close: () => server.close(),
  };
}
