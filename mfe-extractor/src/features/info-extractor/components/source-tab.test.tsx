import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderExtractorPage, stubExtractorApi } from '../../../testing/render-extractor.tsx';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const selected = (name: string) =>
  screen.getByRole('tab', { name: new RegExp(name) }).getAttribute('aria-selected');

describe('the source tab (docs/product.md §2)', { timeout: 20_000 }, () => {
  it('is in the address, so a reload mid-run keeps it', async () => {
    stubExtractorApi();
    renderExtractorPage('/dashboard/instagram-info?source=hashtag');
    await waitFor(() => expect(selected('Hashtag')).toBe('true'));
    expect(screen.getByRole('textbox', { name: 'Hashtag' })).toBeTruthy();
  });

  it('keeps each source’s results when another tab is chosen and this one again', async () => {
    stubExtractorApi();
    window.sessionStorage.setItem(
      'prospector.extractor.keyword',
      JSON.stringify({
        keyword: 'cats',
        searchedAt: 1,
        pages: [{ users: [], hidden: 2, nextCursor: null }],
      }),
    );
    renderExtractorPage('/dashboard/instagram-info?source=keyword');
    expect(await screen.findByTestId('hidden-note')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Followers/ }), { button: 0 });
    await waitFor(() => expect(selected('Followers')).toBe('true'));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/instagram-info?source=followers');
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Keyword/ }), { button: 0 });
    await waitFor(() => expect(selected('Keyword')).toBe('true'));
    expect(screen.getByTestId('hidden-note').textContent).toBe('2 already extracted accounts hidden');
  });
});
