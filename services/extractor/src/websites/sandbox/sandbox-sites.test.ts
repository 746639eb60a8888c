import { describe, expect, it } from 'vitest';
import { createSandboxProvider, sandboxProfile } from '../../providers/sandbox/sandbox-provider.ts';
import { fetchItemResult } from '../../runs/fetch-item-result.ts';
import { findWebsiteEmail } from '../find-website-email.ts';
import { createWebsiteLookup } from '../website-lookup.ts';
import {
  createSandboxPageSource,
  sampleSite,
  sampleSitePage,
  type TSampleSitePlacement,
} from './sandbox-sites.ts';

const pages = createSandboxPageSource({ latencyMs: 0 });
const lookup = (externalUrl: string | null) =>
  findWebsiteEmail(
    { external_url: externalUrl, biography: null },
    { pages, budgetMs: 5_000, contactPages: 3 },
  );
const call = () => ({ signal: AbortSignal.timeout(5_000), deadline: Date.now() + 5_000 });

describe('the sandbox websites', () => {
  it('gives a `website` profile no e-mail but a sample site whose contact page holds one', async () => {
    const result = sandboxProfile('shop.website', new Date());
    expect(result.kind).toBe('found');
    const profile = result.kind === 'found' ? result.profile : null;
    expect(profile?.public_email).toBeNull();
    expect(profile?.external_url).toBe('https://shopwebsite.example.com');

    const run = await fetchItemResult(
      {
        provider: createSandboxProvider({ latencyMs: 0, errorRate: 0 }),
        websites: createWebsiteLookup({ pages }),
      },
      'shop.website',
      { websites: true },
    );
    expect(run).toMatchObject({ outcome: 'email_found' });
    expect(run.profile?.public_email).toMatch(/^[a-z]+@shopwebsite\.example\.com$/);
    expect(run.profile?.email_provenance).toEqual({
      provider: 'sandbox',
      field: 'website',
      fetchedAt: expect.any(String),
      sourceUrl: 'https://shopwebsite.example.com/contact',
    });
    const without = await fetchItemResult(
      {
        provider: createSandboxProvider({ latencyMs: 0, errorRate: 0 }),
        websites: createWebsiteLookup({ pages }),
      },
      'shop.website',
      { websites: false },
    );
    expect(without.outcome).toBe('no_email');
  });

  it('is deterministic, and every way of writing the address is read back', async () => {
    expect(sampleSitePage('bakery', '/contact')).toBe(sampleSitePage('bakery', '/contact'));
    const slugs = Array.from({ length: 400 }, (_, index) => `sample${index}`);
    const byPlacement = new Map<TSampleSitePlacement | 'none', string>();
    for (const slug of slugs) byPlacement.set(sampleSite(slug).email?.placement ?? 'none', slug);
    expect([...byPlacement.keys()].sort()).toEqual(
      [
        'about_json_ld',
        'contact_cfemail',
        'contact_text',
        'home_mailto',
        'impressum_entities',
        'none',
      ].sort(),
    );
    for (const [placement, slug] of byPlacement) {
      const found = await lookup(`https://${slug}.example.com`);
      const expected = sampleSite(slug).email;
      expect(found?.email ?? null, placement).toBe(expected?.address ?? null);
      if (found) {
        const path = {
          home_mailto: '/',
          contact_text: '/contact',
          contact_cfemail: '/contact',
          impressum_entities: '/impressum',
          about_json_ld: '/about',
        }[placement as TSampleSitePlacement];
        expect(new URL(found.pageUrl).pathname, placement).toBe(path);
      }
    }
  });

  it('lets some sample profiles without an e-mail find one on their site', async () => {
    let linked = 0;
    let found = 0;
    for (let index = 0; index < 200; index += 1) {
      const result = sandboxProfile(`studio.${index}`, new Date());
      if (result.kind !== 'found' || result.profile.public_email || !result.profile.external_url) continue;
      linked += 1;
      if (await lookup(result.profile.external_url)) found += 1;
    }
    expect(linked).toBeGreaterThan(20);
    expect(found).toBeGreaterThan(linked / 3);
    expect(found).toBeLessThan(linked);
  });

  it('never goes to the network: only sample sites are served', async () => {
    expect(await pages.fetchPage('https://www.google.com/', call())).toMatchObject({
      kind: 'skipped',
      reason: 'refused_url',
    });
    expect(await pages.fetchPage('https://bakery.example.com/missing', call())).toMatchObject({
      kind: 'skipped',
      reason: 'http_status',
    });
  });
});
