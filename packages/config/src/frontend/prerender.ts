import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type Plugin, runnerImport } from 'vite';

export interface TPrerenderOptions {
  /** The module to run, from the frontend's folder, e.g. `src/prerender/landing-prerender.tsx`. */
  module: string;
  /** Its export that returns the HTML: a function taking nothing. */
  render: string;
  /** Where the HTML goes, inside the build folder. */
  file: string;
}

/**
 * Ends a build by rendering HTML from the frontend's own components (react-dom/server in the
 * module) into a file of the build, so what is prerendered always comes from the sources that
 * build was made from. The module goes through Vite's transform, as the bundle's code does.
 */
export function prerenderPlugin(options: TPrerenderOptions): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prospector:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { module } = await runnerImport<Record<string, unknown>>(resolve(root, options.module), {
        root,
        configFile: false,
        logLevel: 'warn',
      });
      const render = module[options.render];
      if (typeof render !== 'function') {
        throw new Error(`${options.module} has no function ${options.render} to prerender with.`);
      }
      const html: unknown = await render();
      if (typeof html !== 'string')
        throw new Error(`${options.module}'s ${options.render} returned no HTML.`);
      const target = resolve(outDir, options.file);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, `${html}\n`);
      this.environment.logger.info(`prerendered ${options.file} from ${options.module}`);
    },
  };
}
