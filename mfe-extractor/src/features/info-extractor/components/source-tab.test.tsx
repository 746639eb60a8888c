import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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
    // Opened from a link with ?source=, it is also the tab to come back to.
    cleanup();
    stubExtractorApi();
    renderExtractorPage();
    await waitFor(() => expect(selected('Hashtag')).toBe('true'));
  });

  it('is found again when the page is opened without it (leaving and coming back in this browser tab)', async () => {
    stubExtractorApi();
    renderExtractorPage();
    await waitFor(() => expect(selected('Username')).toBe('true'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Followers/ }), { button: 0 });
    await waitFor(() => expect(selected('Followers')).toBe('true'));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/instagram-info?source=followers');
    cleanup();
    // The sidebar's link has no ?source=: the tab chosen last is open.
    stubExtractorApi();
    renderExtractorPage();
    await waitFor(() => expect(selected('Followers')).toBe('true'));
    expect(screen.getByLabelText('Instagram username')).toBeTruthy();
  });
});
