/**
 * Landing-page LCP on a running app, each load in a fresh browser context (a cold cache):
 * `node --import tsx shell/bench/landing-lcp.ts [url] [loads]` (default http://127.0.0.1:3000/, 7).
 * Prints each load's LCP element and time and the median; it asserts nothing.
 */
import { chromium } from '@playwright/test';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/';
const loads = Number(process.argv[3] ?? 7);

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
const times: number[] = [];
for (let load = 1; load <= loads; load += 1) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const lcp = await page.evaluate(
    () =>
      new Promise<{ time: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          resolve({ time: entry.startTime, element: entry.element?.tagName ?? '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  times.push(lcp.time);
  console.info(`load ${load}: LCP ${lcp.time.toFixed(0)} ms (${lcp.element})`);
  await context.close();
}
await browser.close();
times.sort((a, b) => a - b);
console.info(
  `median LCP ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms over ${loads} cold loads of ${url}`,
);
