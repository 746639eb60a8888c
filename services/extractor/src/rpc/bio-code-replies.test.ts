import { createMemoryBus, type TEventBus } from '@prospector/bus';
import { AppError, EXTRACTOR_RPC } from '@prospector/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { profileOf } from '../_fake-provider.ts';
import { ProviderError, type TDataProvider } from '../providers/provider-port.ts';
import { createSandboxProvider } from '../providers/sandbox/sandbox-provider.ts';
import { answerBioCodeChecks } from './bio-code-replies.ts';

const CODE = 'prospector-k3qx9abm';

/** A provider as the check sees it: `fetchProfile` only, from a table of bios. */
function bioProvider(
  name: TDataProvider['name'],
  bios: Record<string, string>,
  calls: string[],
): TDataProvider {
  const sandbox = createSandboxProvider({ latencyMs: 0, errorRate: 0 });
  return {
    ...sandbox,
    name,
    async fetchProfile(username, options) {
      calls.push(`${username}:${options?.fresh === true}`);
      if (username === 'provider_down') throw new ProviderError('unavailable', 'Upstream answered 503');
      const bio = bios[username];
      if (bio === undefined) return { kind: 'not_found' };
      return { kind: 'found', profile: { ...profileOf(username, null), biography: bio } };
    },
  };
}

describe('the opt-out bio check', () => {
  let bus: TEventBus;
  afterEach(async () => {
    await bus?.drain();
  });

  async function ask(provider: TDataProvider, username: string) {
    bus = createMemoryBus();
    await answerBioCodeChecks({ provider }, bus);
    return bus.request(EXTRACTOR_RPC.bioShowsCode, { username, code: CODE });
  }

  it('reads the bio as the profile shows it now, past the cache', async () => {
    const calls: string[] = [];
    const provider = bioProvider('apify', { owner: `Ceramics 🏺\n${CODE}`, other: 'Ceramics 🏺' }, calls);
    expect(await ask(provider, 'owner')).toEqual({ outcome: 'shown' });
    expect(await ask(provider, 'other')).toEqual({ outcome: 'not_shown' });
    expect(await ask(provider, 'gone')).toEqual({ outcome: 'not_found' });
    expect(calls).toEqual(['owner:true', 'other:true', 'gone:true']);
  });

  it('answers UNAVAILABLE when the provider fails, so the person is asked to try again', async () => {
    const failed = await ask(bioProvider('apify', {}, []), 'provider_down').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).code).toBe('UNAVAILABLE');
  });

  it('passes a sandbox …biocode… account whatever its code, and only in the sandbox', async () => {
    const sandbox = createSandboxProvider({ latencyMs: 0, errorRate: 0 });
    expect(await ask(sandbox, 'demo_biocode_shop')).toEqual({ outcome: 'shown' });
    expect(await ask(sandbox, 'demo_plain_shop')).toEqual({ outcome: 'not_shown' });
    expect(await ask(sandbox, 'demo_biocode_notfound')).toEqual({ outcome: 'not_found' });
    const real = bioProvider('apify', { demo_biocode_shop: 'Ceramics' }, []);
    expect(await ask(real, 'demo_biocode_shop')).toEqual({ outcome: 'not_shown' });
  });
});
