import {
  OPT_OUT_CONFIRMED_MESSAGE,
  OPT_OUT_PATHS,
  OPT_OUT_RECEIVED_MESSAGE,
  optOutProofBits,
  type TOptOutRecorded,
} from '@prospector/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptOutPage } from './opt-out-page.tsx';

const DIFFICULTY = 4;
const RECEIVED = 'If we hold data about this account, the answer is sent to the e-mail shown on its profile.';

type TSent = { path: string; body: Record<string, string> };

type TAnswer = { status: number; body: unknown };

/** The marketing service as the page meets it: a challenge, then each request's answer (or a refusal). */
function serveOptOut(
  answer: TAnswer | ((path: string) => TAnswer) = { status: 200, body: { message: RECEIVED } },
) {
  const sent: TSent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === OPT_OUT_PATHS.challenge) {
      const expiresAt = new Date(Date.now() + 60_000).toISOString();
      return Response.json({ challenge: 'signed-challenge', difficulty: DIFFICULTY, expiresAt });
    }
    sent.push({ path, body: JSON.parse(String(init?.body)) });
    const { status, body } = typeof answer === 'function' ? answer(path) : answer;
    return Response.json(body, { status });
  });
  return sent;
}

function renderPage(url = '/opt-out') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <OptOutPage />
    </MemoryRouter>,
  );
  return within(screen.getByRole('region', { name: 'What do you hold about me?' }));
}

const RECORDED: TOptOutRecorded = {
  message: OPT_OUT_RECEIVED_MESSAGE,
  requestId: '0b9f3a52-6c1e-4f6a-9d55-2f1c7e8a9b10',
  bioCode: 'prospector-k3qx9abm',
  expiresAt: '2026-12-31T10:00:00.000Z',
};

describe('OptOutPage: the opt-out and its confirmation (docs/product.md §10)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('answers an opt-out with the one message and the bio code, and confirms when the bio shows it', async () => {
    let bioShows = false;
    const missing =
      'The code is not in the bio of @some.shop yet. Save the bio with the code, wait a moment and try again.';
    const sent = serveOptOut((path) => {
      if (path === OPT_OUT_PATHS.optOut) return { status: 202, body: RECORDED };
      return bioShows
        ? { status: 200, body: { message: OPT_OUT_CONFIRMED_MESSAGE } }
        : { status: 409, body: { error: { code: 'CONFLICT', message: missing } } };
    });
    renderPage();
    fireEvent.change(screen.getAllByLabelText('Instagram username')[0] as HTMLElement, {
      target: { value: ' @Some.Shop ' },
    });
    fireEvent.click(screen.getByLabelText(/I am the owner of this account/));
    fireEvent.click(screen.getByRole('button', { name: 'Opt out' }));

    expect(await screen.findByText(OPT_OUT_RECEIVED_MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('bio-code').textContent).toBe(RECORDED.bioCode);
    const bio = within(screen.getByRole('region', { name: 'Confirm with a code in your bio' }));
    expect(bio.getByText(/works until 2026-12-31/)).toBeTruthy();

    fireEvent.click(bio.getByRole('button', { name: 'I’ve added it' }));
    expect(await bio.findByText(missing)).toBeTruthy();
    bioShows = true;
    fireEvent.click(bio.getByRole('button', { name: 'I’ve added it' }));
    expect(await screen.findByText(OPT_OUT_CONFIRMED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Opt-out confirmed')).toBeTruthy();
    const checks = sent.filter((request) => request.path === OPT_OUT_PATHS.bioCheck);
    expect(checks.map((request) => request.body)).toEqual([
      { requestId: RECORDED.requestId, username: '@Some.Shop' },
      { requestId: RECORDED.requestId, username: '@Some.Shop' },
    ]);
  });

  it('confirms a mailed link only when the person clicks, and says when the link is no good', async () => {
    const invalid = 'This confirmation link is not valid or has expired. Please send the opt-out again.';
    let valid = false;
    const sent = serveOptOut(() =>
      valid
        ? { status: 200, body: { message: OPT_OUT_CONFIRMED_MESSAGE } }
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: invalid } } },
    );
    renderPage('/opt-out?confirm=the-mailed-token');
    const card = within(screen.getByRole('region', { name: 'Confirm your opt-out' }));
    // Opening the link sends nothing: a mail scanner that follows links confirms nothing.
    expect(sent).toEqual([]);
    fireEvent.click(card.getByRole('button', { name: 'Confirm opt-out' }));
    expect(await card.findByText(invalid)).toBeTruthy();
    valid = true;
    fireEvent.click(card.getByRole('button', { name: 'Confirm opt-out' }));
    expect(await card.findByText(OPT_OUT_CONFIRMED_MESSAGE)).toBeTruthy();
    expect(sent.map((request) => request.body)).toEqual([
      { token: 'the-mailed-token' },
      { token: 'the-mailed-token' },
    ]);
  });

  it('shows no confirmation card without a link', () => {
    serveOptOut();
    renderPage();
    expect(screen.queryByRole('region', { name: 'Confirm your opt-out' })).toBeNull();
  });
});

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
