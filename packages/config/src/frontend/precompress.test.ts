import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prospector-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip beside every compressible file, in nested folders, and nothing else', async () => {
    const script = `export default ${JSON.stringify('x'.repeat(4000))};\n`;
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(dir, 'index.html'), `<html>${'<p>a</p>'.repeat(200)}</html>`);
    writeFileSync(join(dir, 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4000));

    const done = await precompressDir(dir);

    expect(done).toEqual([join(dir, 'assets', 'index-Ab12Cd34.js'), join(dir, 'index.html')]);
    const path = join(dir, 'assets', 'index-Ab12Cd34.js');
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
    expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
  });

  it('compresses at the fast effort too, to the same content, a little larger than at max', async () => {
    const fastDir = join(dir, 'fast');
    const maxDir = join(dir, 'max');
    // Varied text, so the two brotli qualities have something to disagree about.
    const words = Array.from({ length: 3000 }, (_, index) => `word${(index * 7919) % 1013}`);
    const script = `export const words = ${JSON.stringify(words)};\n`;
    for (const folder of [fastDir, maxDir]) {
      mkdirSync(folder);
      writeFileSync(join(folder, 'words.js'), script);
    }

    await precompressDir(fastDir, 'fast');
    await precompressDir(maxDir, 'max');

    const fast = readFileSync(join(fastDir, 'words.js.br'));
    const max = readFileSync(join(maxDir, 'words.js.br'));
    expect(brotliDecompressSync(fast).toString()).toBe(script);
    expect(max.length).toBeLessThan(fast.length);
  });
});
