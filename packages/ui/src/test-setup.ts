// The setup of every jsdom test (the root vitest config's browser-ui project loads it).
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// Test files run in parallel on few cores; a render that takes over a second is slow, not wrong.
configure({ asyncUtilTimeout: 5_000 });

// Without vitest globals, Testing Library cannot register its own cleanup. Sonner keeps its toasts
// in module state and replays them to the next Toaster, so they are dismissed too.
afterEach(() => {
  cleanup();
  toast.dismiss();
});

// jsdom lacks layout and pointer APIs that Radix primitives and sonner call; these inert
// versions let the components mount. Behaviour that depends on real layout is covered end to end.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

const elementProto = Element.prototype as Partial<Element>;
elementProto.hasPointerCapture ??= () => false;
elementProto.setPointerCapture ??= () => {};
elementProto.releasePointerCapture ??= () => {};
elementProto.scrollIntoView ??= () => {};

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
