import { OPT_OUT_PATHS, optOutProofBits } from '@prospector/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptOutPage } from './opt-out-page.tsx';

const DIFFICULTY = 4;
const RECEIVED = 'If we hold data about this account, the answer is sent to the e-mail shown on its profile.';

type TSent = { path: string; body: Record<string, string> };

/** The marketing service as the page meets it: a challenge, then the request's answer (or a refusal). */
function serveOptOut(
  answer: { status: number; body: unknown } = { status: 200, body: { message: RECEIVED } },
) {
  const sent: TSent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === OPT_OUT_PATHS.challenge) {
      const expiresAt = new Date(Date.now() + 60_000).toISOString();
      return Response.json({ challenge: 'signed-challenge', difficulty: DIFFICULTY, expiresAt });
    }
    sent.push({ path, body: JSON.parse(String(init?.body)) });
    return Response.json(answer.body, { status: answer.status });
  });
  return sent;
}

function renderPage() {
  render(
    <MemoryRouter>
      <OptOutPage />
    </MemoryRouter>,
  );
  return within(screen.getByRole('region', { name: 'What do you hold about me?' }));
}

describe('OptOutPage: "What do you hold about me?" (docs/product.md §10)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends nothing for a username that is not one, and ties the error to the box', async () => {
    const sent = serveOptOut();
    const form = renderPage();
    const box = form.getByLabelText('Instagram username');
    fireEvent.change(box, { target: { value: 'not a username!' } });
    fireEvent.click(form.getByRole('button', { name: 'Send me what you hold' }));

    const error = await form.findByText('Enter an Instagram username or a link to the profile.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(error.id);
    expect(sent).toEqual([]);
  });

  it('solves the challenge, sends the username and shows only the service’s answer', async () => {
    const sent = serveOptOut();
    const form = renderPage();
    fireEvent.change(form.getByLabelText('Instagram username'), {
      target: { value: '  https://www.instagram.com/Some.Shop/  ' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Send me what you hold' }));

    expect(await form.findByText(RECEIVED)).toBeTruthy();
    expect(form.queryByRole('button', { name: 'Send me what you hold' })).toBeNull();
    expect(sent).toHaveLength(1);
    const [{ path, body }] = sent as [TSent];
    expect(path).toBe(OPT_OUT_PATHS.access);
    expect(body).toMatchObject({
      username: 'https://www.instagram.com/Some.Shop/',
      challenge: 'signed-challenge',
    });
    expect(await optOutProofBits('signed-challenge', String(body.nonce))).toBeGreaterThanOrEqual(DIFFICULTY);
    // The opt-out form above is untouched by it.
    expect(screen.getByRole('button', { name: 'Opt out' })).toBeTruthy();
  });

  it('keeps the form and what was typed when the service refuses, and says why', async () => {
    const refusal = 'Too many requests. Please try again later.';
    serveOptOut({ status: 429, body: { error: { code: 'RATE_LIMITED', message: refusal } } });
    const form = renderPage();
    fireEvent.change(form.getByLabelText('Instagram username'), { target: { value: '@some.shop' } });
    fireEvent.click(form.getByRole('button', { name: 'Send me what you hold' }));

    expect(await form.findByText(refusal)).toBeTruthy();
    expect(form.getByLabelText('Instagram username')).toHaveProperty('value', '@some.shop');
    expect(form.getByRole('button', { name: 'Send me what you hold' })).toHaveProperty('disabled', false);
  });
});
