import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandboxEmailChecker } from '../../email-check/configured-email-checker.ts';
import { sampleSite } from '../../websites/sandbox/sandbox-sites.ts';
import { sandboxProfile } from './sandbox-provider.ts';
import { searchSandboxAccounts } from './synthetic-graph.ts';
import { sandboxAccountPage, sandboxHashtagPostCount } from './synthetic-lists.ts';
import { SANDBOX_FORCING_WORDS, type TSandboxForcingWord } from './synthetic-profile.ts';

/**
 * The README's "Trying every feature in the sandbox" table, held to what the sandbox does: it names
 * every forcing word, and each example username shows what its row says.
 */
const README = readFileSync(resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');
const section = README.split('## Trying every feature in the sandbox')[1]?.split('\n## ')[0] ?? '';
const rows = [...section.matchAll(/^\| `([a-z]+)` +\| `([a-z0-9._]+)` +\|/gm)].map(([, word, example]) => ({
  word: word as TSandboxForcingWord,
  example: String(example),
}));

const at = new Date('2026-01-01T00:00:00Z');
const found = (username: string) => {
  const result = sandboxProfile(username, at);
  if (result.kind !== 'found') throw new Error(`${username} does not exist in the sandbox`);
  return result.profile;
};
const checker = createSandboxEmailChecker();

const SHOWS: Record<TSandboxForcingWord, (username: string) => Promise<void> | void> = {
  withemail: async (username) => {
    const profile = found(username);
    expect(profile.email_provenance?.field).toBe('public_email');
    expect((await checker.check(String(profile.public_email))).status).not.toBe('undeliverable');
  },
  noemail: (username) => {
    expect(found(username).public_email).toBeNull();
  },
  website: (username) => {
    const profile = found(username);
    expect(profile.public_email).toBeNull();
    const slug = new URL(String(profile.external_url)).hostname.split('.')[0] as string;
    expect(sampleSite(slug).email?.placement).toBe('contact_text');
  },
  bounce: async (username) => {
    const profile = found(username);
    expect(await checker.check(String(profile.public_email))).toMatchObject({
      status: 'undeliverable',
      reason: 'no mail server for this domain',
    });
  },
  private: (username) => {
    const profile = found(username);
    expect(profile).toMatchObject({ is_private: true, public_email: null });
    for (const kind of ['followers', 'following'] as const)
      expect(sandboxAccountPage(kind, username, null)).toMatchObject({
        accounts: [],
        availability: 'private',
      });
    const searched = searchSandboxAccounts('private');
    expect(searched.length).toBeGreaterThan(0);
    for (const handle of searched) expect(found(handle).is_private).toBe(true);
  },
  notfound: (username) => {
    expect(sandboxProfile(username, at)).toEqual({ kind: 'not_found' });
    expect(searchSandboxAccounts('notfound')).toEqual([]);
    expect(sandboxHashtagPostCount('notfound')).toBe(0);
  },
};

describe('the README on the sandbox', () => {
  it('names every word that forces an outcome, once', () => {
    expect(rows.map(({ word }) => word).sort()).toEqual([...SANDBOX_FORCING_WORDS].sort());
  });

  it.each(rows)('`$word`: $example shows what the README says', async ({ word, example }) => {
    expect(example).toContain(word);
    await SHOWS[word](example);
  });
});
