/**
 * Whether an element is kept from a visitor's eyes by its own attributes: the `hidden` attribute, an
 * inline style that hides it or gives it no size, or a class that only ever hides (Bootstrap's
 * `d-none`, Tailwind's `hidden`, `sr-only`…). Spam traps hide `mailto:` links this way; no style sheet
 * is fetched and no script run, so a class hides only when it is one of these names, and a class that
 * shows the element again at some screen width (`d-none d-md-block`, `hidden md:flex`) wins. The
 * document and its body are never hidden this way: pages hide them only until their script has run.
 */

const HIDING_CLASSES = new Set([
  'hidden',
  'hide',
  'd-none',
  'is-hidden',
  'display-none',
  'invisible',
  'honeypot',
  'sr-only',
  'visually-hidden',
  'visuallyhidden',
  'screen-reader-only',
]);
/** A class that shows the element from some width on: Bootstrap `d-md-block`, Tailwind `md:flex`. */
const DISPLAYS =
  'block|flex|inline|inline-block|inline-flex|grid|inline-grid|table|table-cell|table-row|flow-root';
const SHOWING_CLASS = new RegExp(
  `^(?:d-(?:sm|md|lg|xl|xxl)-(?:${DISPLAYS})|(?:sm|md|lg|xl|2xl):(?:${DISPLAYS}|contents|visible))$`,
);

const ZERO = /^-?0(?:\.0+)?(?:[a-z%]+)?$/;
/** Far off screen: `left:-9999px`, `text-indent:-10000em`. */
const OFF_SCREEN = /^-\d{3,}(?:\.\d+)?(?:px|em|rem|pt|vw|vh)?$/;

/** Inline CSS as property → value, lower case, without `!important`. */
function readStyle(style: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim()
      .toLowerCase();
    if (name) properties.set(name, value);
  }
  return properties;
}

function styleHides(style: string): boolean {
  const css = readStyle(style);
  const is = (name: string, test: RegExp) => test.test(css.get(name) ?? '');
  // Not `opacity:0` (site builders write it on content their scripts fade in) nor `font-size:0` (a
  // layout trick whose children set their own size).
  if (is('display', /^none$/) || is('visibility', /^(?:hidden|collapse)$/)) return true;
  const clipped = is('overflow', /^(?:hidden|clip)$/);
  const narrow = is('width', ZERO) || is('max-width', ZERO);
  const flat = is('height', ZERO) || is('max-height', ZERO);
  if ((narrow && flat) || ((narrow || flat) && clipped)) return true;
  if (
    ['left', 'top', 'right', 'text-indent', 'margin-left', 'margin-top'].some((name) => is(name, OFF_SCREEN))
  )
    return true;
  return is('clip', /^rect\(\s*0/) || is('clip-path', /^inset\(\s*50%/);
}

export function isConcealed(attributes: ReadonlyArray<{ name: string; value: string }>): boolean {
  const value = (name: string) => attributes.find((attribute) => attribute.name === name)?.value;
  if (value('hidden') !== undefined) return true;
  const style = value('style');
  if (style && styleHides(style)) return true;
  const classes = (value('class') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return (
    classes.some((name) => HIDING_CLASSES.has(name)) && !classes.some((name) => SHOWING_CLASS.test(name))
  );
}

/** A link whose click is cancelled (`onclick="return false"`, `preventDefault()`): it opens nothing. */
export const isDeadLink = (attributes: ReadonlyArray<{ name: string; value: string }>): boolean =>
  /\breturn\s+false\b|\.preventDefault\s*\(/i.test(
    attributes.find((attribute) => attribute.name === 'onclick')?.value ?? '',
  );
