import { createMemoryBroker, createMemoryBus } from '@prospector/bus';
import { type TRun, type TRunItemEvent, ZRunItemEventSchema, ZRunSchema } from '@prospector/contracts';
import type { TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunsFixture, signedInAs, type TRunsFixture } from '../../_factories.ts';

interface TSseEvent {
  event: string;
  data: string;
}

/** Reads an SSE response until `done` says so; returns the events and whether a heartbeat came. */
async function readStream(
  response: Response,
  done: (events: TSseEvent[], heartbeat: boolean) => boolean,
  onOpen: () => void = () => {},
) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: TSseEvent[] = [];
  let buffer = '';
  let heartbeat = false;
  try {
    while (!done(events, heartbeat)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      if (buffer === '' && events.length === 0) onOpen();
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(': heartbeat')) heartbeat = true;
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) events.push({ event, data });
      }
    }
  } finally {
    await reader.cancel();
  }
  return { events, heartbeat };
}

const runsIn = (events: TSseEvent[]): TRun[] =>
  events.filter((event) => event.event === 'run').map((event) => ZRunSchema.parse(JSON.parse(event.data)));
const itemsIn = (events: TSseEvent[]): TRunItemEvent[] =>
  events
    .filter((event) => event.event === 'item')
    .map((event) => ZRunItemEventSchema.parse(JSON.parse(event.data)));

describe('the runs events stream', () => {
  let fixture: TRunsFixture;
  let other: TRunningService;
  const broker = createMemoryBroker();

  beforeAll(async () => {
    fixture = await createRunsFixture({ bus: createMemoryBus({ broker }) });
    other = await fixture.startAnotherExtractor(createMemoryBus({ broker }));
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it("streams a run's changes and finished items to a browser connected to another extractor process", async () => {
    const userId = await fixture.createUser();
    const response = await other.app.request('/api/extractor/events', { headers: signedInAs(userId) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // The stream listens before its first bytes; then the run starts, on the first process.
    let started: Promise<TRun> | undefined;
    const { events } = await readStream(
      response,
      (seen) => runsIn(seen).some((run) => run.status === 'completed'),
      () => {
        started ??= fixture.startRun(userId, ['mail_live', 'nomail_live']);
      },
    );
    const run = await (started as Promise<TRun>);

    const runs = runsIn(events).filter((event) => event.id === run.id);
    expect(runs.at(-1)).toMatchObject({ status: 'completed', processed: 2, emailsFound: 1, creditsUsed: 1 });
    expect(runs.map((event) => event.processed)).toEqual([...runs.map((event) => event.processed)].sort());
    expect(itemsIn(events).map((item) => [item.runId, item.username, item.outcome])).toEqual([
      [run.id, 'mail_live', 'email_found'],
      [run.id, 'nomail_live', 'no_email'],
    ]);
  });

  it('sends the current runs on connect (a run finished moments ago included), and heartbeats', async () => {
    const userId = await fixture.createUser();
    const run = await fixture.startRun(userId, ['nomail_again']);
    await fixture.waitForRun(userId, run.id);
    const response = await fixture.request('/api/extractor/events', userId);
    const { events } = await readStream(response, (seen) => runsIn(seen).length > 0);
    expect(runsIn(events)).toEqual([expect.objectContaining({ id: run.id, status: 'completed' })]);
    // Another user's stream hears nothing of it, only the heartbeat that keeps proxies from closing it.
    const stranger = await fixture.createUser();
    const quiet = await readStream(
      await fixture.request('/api/extractor/events', stranger),
      (_, heartbeat) => heartbeat,
    );
    expect(quiet).toEqual({ events: [], heartbeat: true });
  });
});
