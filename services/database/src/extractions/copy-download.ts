import type { Readable } from 'node:stream';

/** An export whose client has taken nothing for this long is ended, so it cannot hold a slot for ever. */
export const EXPORT_STALL_MS = 60_000;

/**
 * A COPY's output as a download: `header` first, then the rows as they arrive. The next rows are read
 * from the connection only when the client has taken the last (postgres.js pauses the socket:
 * backpressure), so memory stays flat whatever the export's size. `release` runs exactly once, when
 * the COPY is over and its connection ready for another query: at the end, on a failure, when the
 * client goes away, and when it stops reading for `stallMs` (a client that never reads, or a HEAD
 * request whose body nobody reads, would otherwise keep the export's slot and lock for ever).
 */
export function copyDownload({
  header,
  rows,
  stallMs,
  release,
}: {
  header: string;
  rows: Readable;
  stallMs: number;
  release: () => Promise<void>;
}): ReadableStream<Uint8Array> {
  // Each step takes everything buffered so far as one chunk.
  const chunks = rows[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // postgres.js pauses the connection's socket while the stream's buffer is full and resumes it when the
  // stream is read (its `_read`); a COPY that ends (or fails) while paused leaves a stream that is never
  // read again, and the connection would go back to the pool deaf. Resume it once the stream is over.
  const resumeConnection = () => (rows as unknown as { _read(size: number): void })._read(0);
  const next = async () => {
    try {
      const chunk = await chunks.next();
      if (chunk.done) resumeConnection();
      return chunk;
    } catch (error) {
      resumeConnection();
      throw error;
    }
  };

  let ended: Promise<void> | undefined;
  /**
   * A COPY cannot be stopped from the client's side of the protocol (and a cancel request could reach
   * the connection's next query): read the rest and drop it, then release the connection ready.
   */
  const drainAndRelease = () => {
    ended ??= (async () => {
      try {
        while (!(await next()).done) {}
      } catch {
        // The connection reports its own errors; nothing was waiting for these rows.
      } finally {
        await release();
      }
    })();
    return ended;
  };

  let stallTimer: NodeJS.Timeout | undefined;
  const watchForStall = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      controller.error(new Error(`The client took nothing for ${stallMs} ms`));
      void drainAndRelease();
    }, stallMs);
    stallTimer.unref();
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(Buffer.from(header));
        watchForStall(controller);
      },
      async pull(controller) {
        clearTimeout(stallTimer);
        if (ended) return;
        let chunk: IteratorResult<Buffer>;
        try {
          chunk = await next();
        } catch (error) {
          await drainAndRelease();
          throw error;
        }
        if (chunk.done) {
          ended ??= release();
          await ended;
          controller.close();
          return;
        }
        controller.enqueue(chunk.value);
        watchForStall(controller);
      },
      async cancel() {
        clearTimeout(stallTimer);
        await drainAndRelease();
      },
    },
    { highWaterMark: 0 },
  );
}
