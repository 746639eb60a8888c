import { createEvent, type TProfile } from '@prospector/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CookieJar, STRONG_PASSWORD, uniqueEmail, useAccountHarness } from '../../_factories.ts';
import { member, session, user } from '../../db/schema.ts';

const captured = (balance: number) => ({
  amount: 1,
  balance,
  available: balance,
  reason: 'capture' as const,
  reference: null,
});

/** Reads an SSE response until `until` matches the text so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: RegExp,
  state: { text: string },
) {
  const decoder = new TextDecoder();
  const deadline = Date.now() + 5_000;
  while (!until.test(state.text)) {
    if (Date.now() > deadline) throw new Error(`Stream never matched ${until}:\n${state.text}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`Stream ended before ${until}:\n${state.text}`);
    state.text += decoder.decode(value, { stream: true });
  }
  return state.text;
}

/** Reads an SSE response to its end; fails if it is still open after `timeoutMs`. */
async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>, timeoutMs = 5_000) {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`Stream still open after ${timeoutMs} ms`)), timeoutMs),
  );
  for (;;) {
    const { done } = await Promise.race([reader.read(), timeout]);
    if (done) return;
  }
}

describe('GET /api/account/events', () => {
  const h = useAccountHarness();

  it('needs a session', async () => {
    expect((await h.request('/api/account/events')).status).toBe(401);
  });

  it("streams the user's own profile and credit events, not anyone else's", async () => {
    const jar = await h.createVerifiedUser(uniqueEmail('live'));
    const { userId } = (await (await h.request('/api/account/profile', { jar })).json()) as TProfile;
    const controller = new AbortController();
    const response = await h.request('/api/account/events', { jar, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const state = { text: '' };
    await readUntil(reader, /retry: \d+/, state);

    await h.bus.publish(createEvent('credits.granted', 'someone-else', { balance: 99 }));
    await h.bus.publish(createEvent('credits.granted', userId, { balance: 25 }));
    await readUntil(reader, /event: credits\ndata: .*\n/, state);
    expect(state.text).toContain('"balance":25');
    expect(state.text).not.toContain('"balance":99');

    const patched = await h.request('/api/account/profile', {
      method: 'PATCH',
      jar,
      json: { firstName: 'Live', lastName: 'Update', accountType: 'personal', country: 'France' },
    });
    expect(patched.status).toBe(200);
    const text = await readUntil(reader, /event: profile\ndata: .*\n/, state);
    const data = /event: profile\ndata: (.*)\n/.exec(text)?.[1] ?? '{}';
    expect(JSON.parse(data)).toMatchObject({ userId, firstName: 'Live', country: 'France' });
    controller.abort();
  });

  const openStream = async (jar: CookieJar) => {
    const response = await h.request('/api/account/events', { jar });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const state = { text: '' };
    await readUntil(reader, /retry: \d+/, state);
    return { reader, state };
  };

  it('ends with its session: signing out elsewhere leaves it open, signing it out closes it', async () => {
    const email = uniqueEmail('ends');
    const laptop = await h.createVerifiedUser(email);
    const { userId } = (await (await h.request('/api/account/profile', { jar: laptop })).json()) as TProfile;
    const phone = new CookieJar();
    const signIn = await h.request('/api/auth/sign-in/email', {
      method: 'POST',
      jar: phone,
      json: { email, password: STRONG_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const { reader, state } = await openStream(laptop);

    // Another session of the same user ends: this stream's own session is still valid.
    expect((await h.request('/api/auth/sign-out', { method: 'POST', jar: phone })).status).toBe(200);
    await h.bus.publish(createEvent('credits.granted', userId, { balance: 7 }));
    await readUntil(reader, /"balance":7/, state);

    const signOut = await h.request('/api/auth/sign-out', { method: 'POST', jar: CookieJar.copy(laptop) });
    expect(signOut.status).toBe(200);
    await readToEnd(reader);
  });

  it('ends when the account is erased', async () => {
    const jar = await h.createVerifiedUser(uniqueEmail('erased-live'));
    const { reader } = await openStream(jar);
    expect((await h.request('/api/account/me', { method: 'DELETE', jar: CookieJar.copy(jar) })).status).toBe(
      204,
    );
    await readToEnd(reader);
  });

  it('streams the credits of the workspace the session acts for, whichever member spent them, until it leaves', async () => {
    // Ids read from the database: a request now would cache the colleague's personal session (5 s).
    const idOf = async (email: string) =>
      (await h.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id as string;
    const ownerEmail = uniqueEmail('ws-owner');
    const colleagueEmail = uniqueEmail('ws-colleague');
    await h.createVerifiedUser(ownerEmail);
    const colleagueJar = await h.createVerifiedUser(colleagueEmail);
    const ownerId = await idOf(ownerEmail);
    const colleagueId = await idOf(colleagueEmail);
    // The colleague joins the owner's workspace and acts for it (what accepting and switching will do).
    await h.database.db
      .insert(member)
      .values({ id: crypto.randomUUID(), organizationId: ownerId, userId: colleagueId, role: 'member' });
    await h.database.db
      .update(session)
      .set({ activeOrganizationId: ownerId })
      .where(eq(session.userId, colleagueId));
    const { reader, state } = await openStream(colleagueJar);

    // The colleague's personal balance is not the workspace's; the owner's charge in the workspace is.
    await h.bus.publish(createEvent('credits.granted', colleagueId, { balance: 41 }));
    await h.bus.publish(
      createEvent('credits.captured', { userId: ownerId, ownerKey: ownerId }, captured(17)),
    );
    await readUntil(reader, /"balance":17/, state);
    expect(state.text).not.toContain('"balance":41');

    // Removed: the membership-changed session end closes the stream (the browser reconnects, personal).
    await h.database.db
      .delete(member)
      .where(and(eq(member.organizationId, ownerId), eq(member.userId, colleagueId)));
    await h.bus.publish(
      createEvent('accounts.sessions-ended', colleagueId, { reason: 'membership-changed' }),
    );
    await readToEnd(reader);
  });
});
