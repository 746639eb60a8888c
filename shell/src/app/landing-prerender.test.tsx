import { LANDING_PRERENDER_ID } from '@prospector/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRemotePageModule } from '../remotes/remote-modules.ts';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { removeLandingPrerender, useLandingPrerenderShown } from './landing-prerender.ts';

// As the edge sends `/`: the prerendered first screen, then the app's root.
function addPrerenderedCopy() {
  const copy = document.createElement('div');
  copy.id = LANDING_PRERENDER_ID;
  copy.innerHTML = '<h1>Prerendered hero</h1>';
  document.body.prepend(copy);
}

const renderSettled = (ui: ReactNode) => act(async () => void render(ui));

beforeEach(addPrerenderedCopy);
afterEach(() => {
  cleanup();
  document.getElementById(LANDING_PRERENDER_ID)?.remove();
  vi.restoreAllMocks();
});

describe('the hand-off from the prerendered landing', () => {
  it('keeps the copy while the page loads and removes it in the commit that shows the page', async () => {
    let resolve: (module: TRemotePageModule) => void = () => {};
    const pending = new Promise<TRemotePageModule>((done) => {
      resolve = done;
    });
    // What the page's own layout effects see: the copy is still there, so nothing was painted without both.
    const seenByPage: boolean[] = [];
    function LivePage() {
      useLayoutEffect(() => {
        seenByPage.push(document.getElementById(LANDING_PRERENDER_ID) !== null);
      }, []);
      return <h1>Live hero</h1>;
    }
    await renderSettled(
      <RemoteSlot
        cacheKey="landing"
        section="the home page"
        load={() => pending}
        onShown={removeLandingPrerender}
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy();
    expect(document.getElementById(LANDING_PRERENDER_ID)).not.toBeNull();

    await act(async () => resolve({ default: LivePage }));
    expect(seenByPage).toEqual([true]);
    expect(document.getElementById(LANDING_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Live hero',
    ]);
  });

  it('removes the copy for the error card too, so a failed page is not hidden behind it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderSettled(
      <RemoteSlot
        cacheKey="landing-down"
        section="the home page"
        load={async () => {
          throw new Error('down');
        }}
        onShown={removeLandingPrerender}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('down');
    expect(document.getElementById(LANDING_PRERENDER_ID)).toBeNull();
  });

  it('tells the components that wait for it when the copy is gone', async () => {
    function Probe() {
      return <p>{useLandingPrerenderShown() ? 'covered' : 'uncovered'}</p>;
    }
    await renderSettled(<Probe />);
    expect(screen.getByText('covered')).toBeTruthy();
    act(() => removeLandingPrerender());
    expect(screen.getByText('uncovered')).toBeTruthy();
  });
});
