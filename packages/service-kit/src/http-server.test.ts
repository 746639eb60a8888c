import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type THttpServer } from './http-server.ts';

/** Sends one GET on `socket` and resolves with the status line of its answer (or why none came). */
function ask(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const done = (answer: string) => {
      socket.off('data', onData).off('close', onClose);
      resolve(answer);
    };
    const onData = (chunk: Buffer) => done(chunk.toString('latin1').split('\r\n')[0] ?? '');
    const onClose = () => done('closed by the server');
    socket.on('data', onData).once('close', onClose);
    socket.write('GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

describe('listen', () => {
  let server: THttpServer;
  beforeAll(async () => {
    server = await listen(
      new Hono().get('/ping', (c) => c.text('pong')),
      0,
      '127.0.0.1',
    );
  });
  afterAll(() => server.close());

  it('keeps an idle keep-alive connection open past Node’s 5 s, so a client reusing it gets an answer', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
      await sleep(6_000);
      expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  }, 20_000);
});
