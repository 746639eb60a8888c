import { describe, expect, it } from 'vitest';
import { sandboxProfile } from '../providers/sandbox/sandbox-provider.ts';
import { createSandboxEmailChecker } from './configured-email-checker.ts';

const at = new Date('2026-01-01T00:00:00Z');
const emailOf = (username: string) => {
  const result = sandboxProfile(username, at);
  return result.kind === 'found' ? result.profile.public_email : null;
};

describe('the sandbox e-mail check (no network)', () => {
  const checker = createSandboxEmailChecker();

  it('finds the address of a …bounce… account undeliverable: its domain has no mail server', async () => {
    const email = emailOf('acme.bounce');
    expect(email).toMatch(/@acmebounce\.example\.com$/);
    expect(await checker.check(email as string)).toMatchObject({
      status: 'undeliverable',
      code: 'no_mail_server',
      reason: 'no mail server for this domain',
    });
  });

  it('gives the same verdict to the same sample address every time, without asking any server', async () => {
    const email = emailOf('bella.bakery') as string;
    const first = await checker.check(email);
    expect(first.status).toBe('deliverable');
    expect({ ...(await checker.check(email)), checkedAt: first.checkedAt }).toEqual(first);
  });

  it.each([
    ['anna@shop.nxdomain.example', 'undeliverable', 'no_domain'],
    ['anna@shop.nomx.example', 'undeliverable', 'no_mail_server'],
    ['anna@shop.dnsfail.example', 'risky', 'unknown'],
    ['info@shop.example', 'deliverable', 'accepts_mail'],
    ['anna@yopmail.com', 'risky', 'disposable'],
    ['anna@mail.example', 'deliverable', 'accepts_mail'],
  ])('%s is %s (%s)', async (email, status, code) => {
    expect(await checker.check(email)).toMatchObject({ status, code });
  });
});
