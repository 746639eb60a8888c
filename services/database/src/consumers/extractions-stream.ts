import type { TEventBus, THandler } from '@prospector/bus';

/** A durable consumer of one subject of the EXTRACTIONS stream, four deliveries at a time. */
export function consumeExtractionsSubject<TData>(
  bus: TEventBus,
  { durable, subject, maxDeliver }: { durable: string; subject: string; maxDeliver?: number },
  handler: THandler<TData>,
) {
  const options = { durable, stream: 'EXTRACTIONS', filterSubjects: [subject], concurrency: 4, maxDeliver };
  return bus.consume<TData>(options, handler);
}
