import type { Plugin } from 'vite';

const PROPERTY_RULE = /@property\s+[\w-]+\s*\{[^}]*\}/g;

/**
 * Moves this remote's compiled stylesheet into the `mfe` cascade layer, which the shell declares
 * below its own layers. Inside the shell, the shell's Tailwind build already covers every class a
 * remote uses, in the right order; the remote's copy then only fills in classes added by a remote
 * redeployed after the shell was built, and can never override the shell. (Tailwind refuses
 * `@import … layer()` around the theme because the theme declares `@source`, hence this step.)
 * `@property` registrations stay global, outside the layer.
 */
export function cssLayerPlugin(layer: string): Plugin {
  return {
    name: 'prospector:css-layer',
    transform(code, id) {
      if (!/\.css(\?|$)/.test(id) || id.includes('?raw')) return null;
      const properties = code.match(PROPERTY_RULE) ?? [];
      const rest = code.replace(PROPERTY_RULE, '');
      return { code: `@layer ${layer} {\n${rest}\n}\n${properties.join('\n')}\n`, map: null };
    },
  };
}
