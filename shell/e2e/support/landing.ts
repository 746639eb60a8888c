import type { Page } from '@playwright/test';

/** Holds the marketing remote's entry back until the returned function is called. */
export async function holdMarketingEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/remotes/marketing/remoteEntry.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Sums the page's layout shifts from its start, as CLS counts them; returns a reader of the sum. */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);
}
