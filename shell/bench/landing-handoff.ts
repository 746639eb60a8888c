/**
 * How the landing's prerendered first screen hands over to the live page, on a running app:
 * `node --import tsx shell/bench/landing-handoff.ts [url] [screenshot dir]` (default
 * http://127.0.0.1:3000/, a temporary folder). For a desktop (1280×800) and a phone (390×844) it
 * holds the marketing remote's entry back, screenshots the prerendered screen while the app runs
 * hidden behind it, lets the entry through, screenshots the live page once the copy is gone, and
 * prints how many pixels of the first screen differ (the cookie banner, which only the live page
 * has, hidden), the cumulative layout shift of the whole load, and whether anything was on screen
 * twice. It asserts nothing.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { holdMarketingEntry, recordLayoutShifts } from '../e2e/support/landing.ts';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/';
const outDir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'landing-handoff-'));
mkdirSync(outDir, { recursive: true });

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});

/** Pixels that differ between two PNG screenshots of one size, counted in a canvas, and the rows they are in. */
async function differingPixels(
  page: Page,
  before: Buffer,
  after: Buffer,
): Promise<{ count: number; rows: [number, number] | null }> {
  return page.evaluate(
    async ([a, b]) => {
      const load = async (data: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(image, 0, 0);
        return { data: context.getImageData(0, 0, image.width, image.height).data, width: image.width };
      };
      const [{ data: first, width }, { data: second }] = await Promise.all([load(a), load(b)]);
      let differing = 0;
      let rows: [number, number] | null = null;
      for (let at = 0; at < first.length; at += 4) {
        if (
          first[at] !== second[at] ||
          first[at + 1] !== second[at + 1] ||
          first[at + 2] !== second[at + 2]
        ) {
          differing += 1;
          const row = Math.floor(at / 4 / width);
          rows = rows ? [rows[0], row] : [row, row];
        }
      }
      return { count: differing, rows };
    },
    [before.toString('base64'), after.toString('base64')] as const,
  );
}

for (const { name, viewport, isMobile } of VIEWPORTS) {
  const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile });
  // tsx names functions with a helper of its own; the page needs it too for the functions sent there.
  await context.addInitScript({ content: 'window.__name = (target) => target;' });
  await context.addInitScript(() => {
    const record = { hiddenRootShown: false };
    (window as unknown as { handoff: typeof record }).handoff = record;
    // Checked on every frame while the copy is there: the app's root must stay hidden until then.
    const watch = () => {
      const root = document.getElementById('root');
      if (!document.getElementById('landing-prerender')) return;
      if (root && getComputedStyle(root).display !== 'none') record.hiddenRootShown = true;
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  const page = await context.newPage();
  const layoutShift = await recordLayoutShifts(page);
  const release = await holdMarketingEntry(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('#landing-prerender h1').waitFor();
  await page.waitForTimeout(500);
  const hide = await page.addStyleTag({ content: '[data-testid="cookie-banner"] { visibility: hidden; }' });
  // The first screen: the header and the hero, as far as the viewport shows them.
  const heroBottom = await page
    .locator('#landing-prerender main > section')
    .first()
    .evaluate((hero) => hero.getBoundingClientRect().bottom);
  const clip = {
    x: 0,
    y: 0,
    width: viewport.width,
    height: Math.min(viewport.height, Math.ceil(heroBottom)),
  };
  const before = await page.screenshot({ path: join(outDir, `${name}-prerendered.png`), clip });
  release();
  await page.locator('#landing-prerender').waitFor({ state: 'detached' });
  await page.locator('#root h1').waitFor();
  await page.waitForTimeout(500);
  const after = await page.screenshot({ path: join(outDir, `${name}-live.png`), clip });
  await hide.evaluate((element) => (element as Element).remove());
  await page.screenshot({ path: join(outDir, `${name}-live-with-banner.png`) });
  const record = await page.evaluate(
    () => (window as unknown as { handoff: { hiddenRootShown: boolean } }).handoff,
  );
  const shift = await layoutShift();
  const headings = await page.locator('h1').count();
  const differing = await differingPixels(page, before, after);
  console.info(
    `${name} ${viewport.width}×${viewport.height}: ${differing.count} of ${clip.width * clip.height} pixels of the ` +
      `first screen (${clip.height} px high) differ (banner hidden)` +
      `${differing.rows ? `, in rows ${differing.rows[0]}–${differing.rows[1]}` : ''}; ` +
      `CLS ${shift.toFixed(4)}; app root shown under the copy: ${record.hiddenRootShown}; ` +
      `h1 elements after load: ${headings}`,
  );
  await context.close();
}
await browser.close();
console.info(`screenshots in ${outDir}`);
