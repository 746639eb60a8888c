import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress, emailBreakParts } from './email-address';

afterEach(cleanup);

describe('emailBreakParts', () => {
  it('splits after the @ and after each dot, and nowhere else', () => {
    expect(emailBreakParts('ada.lovelace@mail.example.com')).toEqual([
      'ada.',
      'lovelace@',
      'mail.',
      'example.',
      'com',
    ]);
    expect(emailBreakParts('first-last_99@dolce-vita.co')).toEqual(['first-last_99@', 'dolce-vita.', 'co']);
    expect(emailBreakParts('hello@x.io').join('')).toBe('hello@x.io');
    expect(emailBreakParts('no-at-sign')).toEqual(['no-at-sign']);
  });
});

describe('EmailAddress', () => {
  it('reads as the whole address, with a break point only after the @ and each dot', () => {
    const email = 'maximilian.von-oberhausen@dolce-vita-patisserie.example.com';
    const { container } = render(<EmailAddress email={email} />);
    const address = container.querySelector('[data-slot="email-address"]') as HTMLElement;
    // Copying or reading it gives the address whole; hovering shows it whole.
    expect(address.textContent).toBe(email);
    expect(address.title).toBe(email);
    // Break points: a <wbr> after each @ and dot, and each piece kept to one line (so no break at a
    // hyphen or mid-word).
    const children = [...address.childNodes];
    const pieces = children.filter((node): node is HTMLElement => node.nodeName === 'SPAN');
    expect(pieces.map((piece) => piece.textContent)).toEqual([
      'maximilian.',
      'von-oberhausen@',
      'dolce-vita-patisserie.',
      'example.',
      'com',
    ]);
    for (const piece of pieces) expect(piece.className).toContain('truncate');
    expect(children.map((node) => node.nodeName)).toEqual([
      'SPAN',
      'WBR',
      'SPAN',
      'WBR',
      'SPAN',
      'WBR',
      'SPAN',
      'WBR',
      'SPAN',
    ]);
    expect(address.className).toContain('[word-break:keep-all]');
    expect(address.className).toContain('[overflow-wrap:normal]');
  });
});
