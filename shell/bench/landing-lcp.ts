/**
 * Landing-page LCP on a running app, each load in a fresh browser context (a cold cache):
 * `node --import tsx shell/bench/landing-lcp.ts [url] [loads] [--plain]` (default
 * http://127.0.0.1:3000/, 7). With `--plain` every load also takes the other page in turn: the plain
 * HTML, without the prerendered first screen, which the edge sends to a request carrying a session
 * cookie (here one no session has, so the app still shows the signed-out landing). That compares
 * both on one build under the same load. Prints each load's LCP element and time and the medians
 * with their ranges; it asserts nothing.
 */
import { chromium } from '@playwright/test';

const [url = 'http://127.0.0.1:3000/', loadsArg = '7'] = process.argv
  .slice(2)
  .filter((arg) => arg !== '--plain');
const loads = Number(loadsArg);
const variants = process.argv.includes('--plain')
  ? (['prerendered', 'plain'] as const)
  : (['prerendered'] as const);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
const times: Record<string, number[]> = { prerendered: [], plain: [] };
for (let load = 1; load <= loads; load += 1) {
  for (const variant of variants) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (variant === 'plain') {
      await context.addCookies([{ name: 'prospector.session_token', value: 'none', url }]);
    }
    // Observed from the start, so the element is named while it is there: the prerendered copy of
    // the hero is gone from the page by the time it is read.
    await context.addInitScript({
      content: `new PerformanceObserver((list) => {
        const entry = list.getEntries().at(-1);
        const element = entry.element;
        window.lcp = {
          time: entry.startTime,
          element: element ? element.tagName + (element.closest('#landing-prerender') ? ', prerendered' : '') : '?',
        };
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // Until the live page has rendered, so the LCP cannot still change.
    await page.locator('#root h1').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(
      () => (window as unknown as { lcp?: { time: number; element: string } }).lcp,
    );
    if (lcp) times[variant]?.push(lcp.time);
    console.info(
      `load ${load} ${variant}: LCP ${lcp ? `${lcp.time.toFixed(0)} ms (${lcp.element})` : 'none'}`,
    );
    await context.close();
  }
}
await browser.close();
for (const variant of variants) {
  const sorted = [...(times[variant] ?? [])].sort((a, b) => a - b);
  const ms = (value: number | undefined) => `${value?.toFixed(0)} ms`;
  console.info(
    `${variant}: median LCP ${ms(sorted[Math.floor(sorted.length / 2)])} (${ms(sorted[0])}–${ms(sorted.at(-1))}) ` +
      `over ${sorted.length} cold loads of ${url}`,
  );
}
