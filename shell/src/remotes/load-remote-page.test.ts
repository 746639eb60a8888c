import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

const MANIFEST = {
  remotes: [
    { name: 'extractor', entry: '/remotes/extractor/remoteEntry.js' },
    { name: 'billing', entry: 'https://cdn.example.com/billing/remoteEntry.js' },
  ],
};

const Page = () => null;

// Each test gets fresh module state (manifest cache, registrations).
async function freshLoader() {
  vi.resetModules();
  return (await import('./load-remote-page.ts')).loadRemotePage;
}

beforeEach(() => {
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset().mockResolvedValue({ default: Page });
});
afterEach(() => vi.unstubAllGlobals());

describe('loadRemotePage', () => {
  it('fetches the manifest once and registers each remote once, as an ES module entry', async () => {
    const fetch = vi.fn(async (_url: string) => Response.json(MANIFEST));
    vi.stubGlobal('fetch', fetch);
    const loadRemotePage = await freshLoader();

    await loadRemotePage('extractor/InfoExtractorPage');
    await loadRemotePage('extractor/SimilarAccountsPage');
    const billing = await loadRemotePage('billing/BillingPage');

    expect(billing.default).toBe(Page);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/remotes/manifest.json');
    expect(runtime.registerRemotes.mock.calls).toEqual([
      [[{ name: 'extractor', entry: '/remotes/extractor/remoteEntry.js', type: 'module' }]],
      [[{ name: 'billing', entry: 'https://cdn.example.com/billing/remoteEntry.js', type: 'module' }]],
    ]);
    expect(runtime.loadRemote).toHaveBeenCalledWith('extractor/SimilarAccountsPage');
  });

  it('does not keep a failed manifest request, so a retry asks again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('down', { status: 502 }))
      .mockResolvedValueOnce(Response.json(MANIFEST));
    vi.stubGlobal('fetch', fetch);
    const loadRemotePage = await freshLoader();

    await expect(loadRemotePage('extractor/InfoExtractorPage')).rejects.toThrow('HTTP 502');
    await expect(loadRemotePage('extractor/InfoExtractorPage')).resolves.toEqual({ default: Page });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects a remote missing from the manifest and a module without a page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MANIFEST)),
    );
    const loadRemotePage = await freshLoader();

    await expect(loadRemotePage('database/DatabasePage')).rejects.toThrow('does not list "database"');
    runtime.loadRemote.mockResolvedValueOnce({});
    await expect(loadRemotePage('extractor/InfoExtractorPage')).rejects.toThrow('does not export a page');
  });

  it('explains an entry that could not be downloaded in one line', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(MANIFEST)),
    );
    runtime.loadRemote.mockRejectedValueOnce(
      new Error(
        '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008\nargs: {"remoteName":"extractor","resourceUrl":"http://localhost/remotes/extractor/remoteEntry.js"}\nView the docs',
      ),
    );
    const loadRemotePage = await freshLoader();
    await expect(loadRemotePage('extractor/InfoExtractorPage')).rejects.toThrow(
      'Could not download http://localhost/remotes/extractor/remoteEntry.js',
    );
  });
});
