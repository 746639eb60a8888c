import type { Page } from '@playwright/test';

/** What a page did wrong on the screen it was shown on; empty when nothing. */
export type TLayoutProblems = {
  horizontalScroll: string | null;
  overlapped: string[];
  clippedText: string[];
};

/**
 * Looks at the page as a person would on this viewport:
 * - the document scrolls sideways;
 * - an interactive element's centre is covered by something that is not the element (hit-tested
 *   with elementFromPoint, page scrolled one screen at a time; a disabled control that ignores the
 *   pointer is tested as if it took it). Covered by sticky or fixed chrome that does not contain it
 *   (a sticky header scrolled over it), or out of sight in a box with its own scroll area (a long
 *   list, a wide table), is scrolling, not overlap;
 * - text cut off by its box: overflow hidden/clip, no ellipsis, and wider content than the box.
 */
export async function findLayoutProblems(page: Page): Promise<TLayoutProblems> {
  return page.evaluate(async () => {
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ||
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) ||
        element.getAttribute('name') ||
        '';
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}> "${name}"`;
    };
    const isHiddenForEveryone = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [hidden], [inert]')) return true;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return true;
      // Screen-reader-only text (clipped away, or 1×1 px) is meant to be invisible.
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      const rect = element.getBoundingClientRect();
      return rect.width < 2 || rect.height < 2;
    };
    const pinnedAncestor = (element: Element | null): Element | null => {
      for (let node = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };

    // The point lies outside the visible part of a box that scrolls (a list or table with its own
    // scroll area): the element is scrolled out of sight there, reached by scrolling that box.
    const scrolledOutOfItsBox = (element: Element, x: number, y: number) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(node);
        if (![overflowX, overflowY].some((overflow) => overflow === 'auto' || overflow === 'scroll'))
          continue;
        const box = node.getBoundingClientRect();
        const left = box.left + node.clientLeft;
        const top = box.top + node.clientTop;
        if (x < left || x >= left + node.clientWidth || y < top || y >= top + node.clientHeight) return true;
      }
      return false;
    };

    const root = document.scrollingElement as HTMLElement;
    const horizontalScroll =
      root.scrollWidth > root.clientWidth
        ? `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}`
        : null;

    const overlapped = new Set<string>();
    const interactive = [
      ...document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="combobox"]',
      ),
    ].filter((element) => !isHiddenForEveryone(element));
    const viewportHeight = window.innerHeight;
    const startY = window.scrollY;
    for (let y = 0; y < root.scrollHeight; y += viewportHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      for (const element of interactive) {
        const rect = element.getBoundingClientRect();
        const x = rect.left + rect.width / 2;
        const centreY = rect.top + rect.height / 2;
        if (centreY < 0 || centreY >= viewportHeight || x < 0 || x >= window.innerWidth) continue;
        if (scrolledOutOfItsBox(element, x, centreY)) continue;
        // A control that ignores the pointer (a disabled button) is hit-tested as if it did not:
        // the question is whether something covers it, not whether it takes clicks now.
        const { style } = element as HTMLElement;
        const inline = style.getPropertyValue('pointer-events');
        const ignoresPointer = getComputedStyle(element).pointerEvents === 'none';
        if (ignoresPointer) style.setProperty('pointer-events', 'auto', 'important');
        const hit = document.elementFromPoint(x, centreY);
        if (ignoresPointer) style.setProperty('pointer-events', inline);
        if (!hit || hit === element || element.contains(hit)) continue;
        // A label for this control, or the control's own visible box drawn by a sibling, is the control.
        if (hit instanceof HTMLLabelElement && hit.control === element) continue;
        const pinned = pinnedAncestor(hit);
        if (pinned && !pinned.contains(element)) continue;
        overlapped.add(`${describe(element)} is covered by ${describe(hit)}`);
      }
    }
    window.scrollTo(0, startY);

    const clippedText: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || isHiddenForEveryone(element)) continue;
      const style = getComputedStyle(element);
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (!clipsX || style.textOverflow === 'ellipsis') continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      if (!(element.textContent ?? '').trim()) continue;
      // Only text that is itself wider than the box: a child with its own scroll area is fine.
      clippedText.push(`${describe(element)} (${element.scrollWidth}px of text in ${element.clientWidth}px)`);
    }
    return { horizontalScroll, overlapped: [...overlapped], clippedText };
  });
}

/**
 * The widths (of those tried, phone to small tablet) at which a hyphenated word in the element
 * breaks across two lines ("e-" / "mail"). Each occurrence is measured with a Range: its boxes
 * must share one line.
 */
export async function widthsBreakingWord(
  page: Page,
  selector: string,
  word: string,
  widths: readonly number[] = Array.from({ length: 31 }, (_, index) => 320 + index * 4),
): Promise<number[]> {
  const original = page.viewportSize();
  const broken: number[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: original?.height ?? 844 });
    const breaks = await page.locator(selector).evaluate((element, searched) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let at = text.indexOf(searched); at >= 0; at = text.indexOf(searched, at + 1)) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + searched.length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) return true;
        }
      }
      return false;
    }, word);
    if (breaks) broken.push(width);
  }
  if (original) await page.setViewportSize(original);
  return broken;
}

/**
 * How the shown e-mail addresses (`[data-slot="email-address"]` in `selector`) wrap: the characters a
 * line ends after, measured one character at a time with a Range. An address is to wrap only after its
 * @ or a dot; any other character is a break mid-word (or at a hyphen), reported in `problems`, as is
 * a piece cut short or an address wider than its box. `wrapped`: how many addresses took two lines or
 * more, so a test knows the rule was put to work.
 */
export async function emailWraps(
  page: Page,
  selector: string,
): Promise<{ problems: string[]; wrapped: number }> {
  return page.locator(selector).evaluateAll((containers) => {
    const problems: string[] = [];
    let wrapped = 0;
    for (const container of containers) {
      for (const address of container.querySelectorAll('[data-slot="email-address"]')) {
        const text = address.textContent ?? '';
        const walker = document.createTreeWalker(address, NodeFilter.SHOW_TEXT);
        const tops: number[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let at = 0; at < (node.textContent ?? '').length; at += 1) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            tops.push(Math.round(range.getBoundingClientRect().top));
          }
        }
        let lines = 1;
        for (let index = 1; index < tops.length; index += 1) {
          if (Math.abs((tops[index] ?? 0) - (tops[index - 1] ?? 0)) < 4) continue;
          lines += 1;
          const before = text[index - 1];
          if (before !== '@' && before !== '.')
            problems.push(`${text} breaks after "${text.slice(0, index)}"`);
        }
        if (lines > 1) wrapped += 1;
        for (const piece of address.querySelectorAll('span')) {
          if (piece.scrollWidth > piece.clientWidth + 1)
            problems.push(`${text}: "${piece.textContent}" is cut`);
        }
        const box = address.getBoundingClientRect();
        const parent = (address.parentElement as HTMLElement).getBoundingClientRect();
        if (box.right > parent.right + 1) problems.push(`${text} is wider than its box`);
      }
    }
    return { problems, wrapped };
  });
}
