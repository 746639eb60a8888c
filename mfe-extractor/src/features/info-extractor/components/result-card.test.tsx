import { emailCheckOf } from '@prospector/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeExtraction } from '../../../testing/render-extractor.tsx';
import { ResultCard } from './result-card.tsx';

const at = new Date('2026-11-23T10:01:00Z');

describe('the e-mail status on a result card', () => {
  it.each([
    ['accepts_mail', 'deliverable', 'Deliverable', 'E-mail deliverable: the domain has a mail server'],
    ['accept_all', 'risky', 'Risky', 'E-mail risky: the mail server accepts any address on this domain'],
    [
      'no_mail_server',
      'undeliverable',
      'Undeliverable',
      'E-mail undeliverable: no mail server for this domain — no credit charged',
    ],
  ] as const)('%s shows a %s badge with its reason', (code, status, label, description) => {
    render(<ResultCard profile={fakeExtraction('anna')} emailCheck={emailCheckOf(code, at)} />);
    const badge = screen.getByTestId('email-status');
    expect(badge.getAttribute('data-status')).toBe(status);
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('aria-label')).toEqual(description);
  });

  it('says in words that an undeliverable e-mail was not charged, and nothing of the sort otherwise', () => {
    const { unmount } = render(
      <ResultCard profile={fakeExtraction('anna')} emailCheck={emailCheckOf('no_domain', at)} />,
    );
    expect(screen.getByTestId('result-not-charged').textContent).toBe('Not charged — undeliverable');
    unmount();
    render(<ResultCard profile={fakeExtraction('bob')} emailCheck={emailCheckOf('accept_all', at)} />);
    render(<ResultCard profile={fakeExtraction('cid')} emailCheckPending />);
    expect(screen.queryByTestId('result-not-charged')).toBeNull();
  });

  it('marks a role address beside its status, which stays its own', () => {
    const { unmount } = render(
      <ResultCard
        profile={fakeExtraction('studio', { public_email: 'hello@studio.example' })}
        emailCheck={emailCheckOf('accepts_mail', at, { role: true })}
      />,
    );
    expect(screen.getByTestId('email-status').getAttribute('data-status')).toBe('deliverable');
    expect(screen.getByTestId('email-role').textContent).toBe('Role address');
    unmount();
    render(<ResultCard profile={fakeExtraction('anna')} emailCheck={emailCheckOf('accepts_mail', at)} />);
    expect(screen.queryByTestId('email-role')).toBeNull();
  });

  it('says the check is still running, and shows nothing without an e-mail or a verdict', () => {
    const { unmount } = render(<ResultCard profile={fakeExtraction('anna')} emailCheckPending />);
    expect(screen.getByTestId('email-status').getAttribute('data-status')).toBe('checking');
    unmount();
    render(<ResultCard profile={fakeExtraction('bob', { public_email: null })} emailCheckPending />);
    render(<ResultCard profile={fakeExtraction('cid')} />);
    expect(screen.queryByTestId('email-status')).toBeNull();
  });
});

describe('the e-mail on a result card', () => {
  it('wraps only after its @ or a dot, and reads as one address', () => {
    const email = 'a-rather-long-mailbox-name@example-company.com';
    render(<ResultCard profile={fakeExtraction('anna', { public_email: email })} />);
    const line = screen.getByTestId('result-email');
    const address = line.querySelector('[data-slot="email-address"]') as HTMLElement;
    expect(address.textContent).toBe(email);
    expect(address.title).toBe(email);
    // One piece per line at most: no break inside "a-rather-long-mailbox-name@" (at its hyphens) or mid-word.
    const pieces = [...address.children].filter((child) => child.tagName === 'SPAN');
    expect(pieces.map((piece) => piece.textContent)).toEqual([
      'a-rather-long-mailbox-name@',
      'example-company.',
      'com',
    ]);
    expect(address.querySelectorAll('wbr')).toHaveLength(2);
    expect(address.className).not.toContain('break-all');
  });
});
