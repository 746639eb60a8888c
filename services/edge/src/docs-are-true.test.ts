import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths.ts';

/**
 * The docs name files, exports and identifiers; each must exist. A renamed function or a moved file
 * leaves a doc saying something the code no longer does, and this test lists every such reference
 * with its doc and line. It reads inline code spans (`…`) for paths and names, fenced blocks for names
 * only (their lines are commands and trees, not paths from one place); a workspace import
 * specifier (`@prospector/db/testing`) must be a package's name or one of its `exports`.
 */

// The repo's files as git sees them: tracked, plus new files not yet added (so a doc can name a file
// written in the same change), minus files deleted in the work tree.
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '' && existsSync(join(REPO_ROOT, path)));

const DOCS = FILES.filter((path) => /^docs\/.+\.md$/.test(path) || basename(path) === 'README.md');

const THIS_FILE = posix.relative(REPO_ROOT.split('\\').join('/'), fileURLToPath(import.meta.url));
const SOURCE = FILES.filter(
  (path) =>
    path !== THIS_FILE &&
    path !== 'pnpm-lock.yaml' &&
    (/\.(ts|tsx|mts|mjs|sql|json|yml|yaml|html|css)$/.test(path) ||
      ['.env.example', '.ci/run'].includes(path) ||
      basename(path).startsWith('Dockerfile')),
);

/** Every folder that holds a file: folders count as existing paths too. */
const DIRS = new Set(
  FILES.flatMap((path) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const ENTRIES = new Set([...FILES, ...DIRS]);

/** The workspace's import specifiers: each package's name and name/subpath for each of its `exports`. */
const SPECIFIERS = new Set(
  FILES.filter((path) => basename(path) === 'package.json').flatMap((path) => {
    const { name, exports = {} } = JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as {
      name?: string;
      exports?: Record<string, unknown>;
    };
    return name === undefined ? [] : Object.keys(exports).map((subpath) => posix.join(name, subpath));
  }),
);

/** Every word of the source, for the identifier check. */
const WORDS = new Set(
  SOURCE.flatMap((path) => readFileSync(join(REPO_ROOT, path), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []),
);

/**
 * Names the docs rightly use that no source file spells. Each entry says why; keep it small — a name
 * the code dropped belongs in the doc's fix, not here.
 */
const NOT_IN_SOURCE: Record<string, string> = {
  enableCompileCache: "Node's `node:module` API; the edge README says why the build does not use it",
  AsyncLocalStorage: "Node's `node:async_hooks` class; the edge README says what it costs",
  TimeoutError2: 'a name the server bundle gets by a collision, quoted from its output',
  setActiveOrganization: "better-auth's organization plugin call the planned workspace switcher makes",
};

/** Paths the docs rightly name that are in no repo folder, each with why. */
const NOT_A_REPO_PATH: Record<string, string> = {
  'apify/instagram-hashtag-scraper': "an Apify actor's id, not a file",
  '<entry>.stamp.json': 'the stamp the server build writes beside each output',
};

/** Folders git ignores (.gitignore): what runs and builds write, never named as a source path. */
const IGNORED_DIRS = readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => /^[\w.-]+\/$/.test(line))
  .map((line) => line.slice(0, -1));

const FILE_EXTENSION = /\.(ts|tsx|mts|mjs|js|json|md|sql|yml|yaml|html|css|sh|svg|patch|example)$/;
const IDENTIFIER =
  /^(?:[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/** An inline code span, or a line of a fenced block (`fenced`: read for names only, never as a path). */
type TReference = { doc: string; line: number; span: string; fenced: boolean };

/** The inline code spans and fenced-block lines of a markdown text, with their line numbers. */
function codeSpans(doc: string): TReference[] {
  const spans: TReference[] = [];
  let fenced = false;
  readFileSync(join(REPO_ROOT, doc), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (/^\s*(```|~~~)/.test(text)) {
        fenced = !fenced;
        return;
      }
      if (fenced) {
        spans.push({ doc, line: index + 1, span: text, fenced: true });
        return;
      }
      for (const [, span] of text.matchAll(/`([^`]+)`/g))
        spans.push({ doc, line: index + 1, span: span as string, fenced: false });
    });
  return spans;
}

/** A glob or `<placeholder>` path as a regular expression over repo paths. */
function patternOf(path: string): RegExp {
  const source = path
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/<[^>]+>/g, '[^/]+')
    .replace(/\*\*\/?/g, '%GLOBSTAR%')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replace(/\{([^}]+)\}/g, (_, options: string) => `(?:${options.split(',').join('|')})`)
    .replace(/%GLOBSTAR%/g, '(?:.*/)?');
  return new RegExp(`^${source}$`);
}

/**
 * Whether a span is a path into the repo: a file name with an extension, a folder with a trailing
 * slash, or a path whose first part is a folder of the repo or of the doc's folder. Routes (`/api/…`),
 * URLs, package names (`@scope/name`), media types and commands are not.
 */
function asPath(span: string, docDir: string): string | undefined {
  if (/\s|:\/\/|^[/@~$-]|^\.\.?$|=/.test(span)) return undefined;
  // `file.ts:12`, `file.ts:12-30`, `doc.md#section`: the file is what must exist.
  const path = span.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '');
  if (!/^[\w.*?<>{},[\]/-]+$/.test(path)) return undefined;
  if (FILE_EXTENSION.test(path) && !/^\w+\.\w+\(/.test(span)) return path;
  if (!path.includes('/')) return undefined;
  if (path.endsWith('/')) return path;
  const first = path.split('/')[0] ?? '';
  return DIRS.has(first) || DIRS.has(posix.join(docDir, first)) ? path : undefined;
}

/**
 * Whether `path`, named in a doc in `docDir`, names something in the repo: from the repo root, from
 * the doc's folder, or as the end of a repo path (`composition/proxy.ts` in the edge's README,
 * `rpc-types.ts` for the contracts' file in the bus's).
 */
function exists(path: string, docDir: string): boolean {
  const bare = path.replace(/\/$/, '');
  const candidates = path.endsWith('/') ? DIRS : ENTRIES;
  if (bare.startsWith('.') && !bare.includes('/') && !candidates.has(bare)) {
    // `.handlers.ts`, `.example`: a file name's ending.
    return FILES.some((file) => basename(file).endsWith(bare));
  }
  const pattern = patternOf(bare);
  const inDoc = patternOf(posix.join(docDir, bare));
  const atEnd = new RegExp(`(^|/)${pattern.source.slice(1)}`);
  return [...candidates].some((entry) => pattern.test(entry) || inDoc.test(entry) || atEnd.test(entry));
}

/** Whether a path is one a build or a run writes: in an ignored folder, or a `.js` output (no source is `.js`). */
const isBuilt = (path: string) =>
  path.endsWith('.js') || path.split('/').some((part) => IGNORED_DIRS.includes(part));

/** Identifiers in a span: the camelCase, PascalCase and SCREAMING_CASE words of 6 or more characters. */
function identifiersIn(span: string): string[] {
  // Quoted strings and parts of paths or routes are not identifiers.
  const code = span.replace(/'[^']*'|"[^"]*"/g, ' ');
  return (code.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((word) => word.length >= 6 && IDENTIFIER.test(word));
}

function brokenReferences(): string[] {
  const broken: string[] = [];
  for (const doc of DOCS) {
    const docDir = dirname(doc);
    for (const { line, span, fenced } of codeSpans(doc)) {
      const where = `${doc}:${line}`;
      const path = fenced ? undefined : asPath(span, docDir);
      if (path !== undefined) {
        if (!isBuilt(path) && !(span in NOT_A_REPO_PATH) && !exists(path, docDir))
          broken.push(`${where}: \`${span}\` names no file or folder`);
        continue;
      }
      const specifier = /^@prospector\/[\w./-]+$/.exec(span)?.[0];
      if (specifier !== undefined) {
        if (!SPECIFIERS.has(specifier))
          broken.push(`${where}: \`${span}\` is no workspace package or export`);
        continue;
      }
      if (/:\/\/|^\/|^@[\w-]+\//.test(span)) continue;
      for (const name of identifiersIn(span)) {
        if (!WORDS.has(name) && !(name in NOT_IN_SOURCE))
          broken.push(`${where}: \`${name}\` is in no source file`);
      }
    }
  }
  return broken;
}

describe('the docs name what exists', () => {
  it('finds the docs and the source it checks', () => {
    expect(DOCS).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'services/edge/README.md']),
    );
    expect(WORDS.has('defineEndpoint')).toBe(true);
    expect(SPECIFIERS).toContain('@prospector/db/testing');
    expect(statSync(join(REPO_ROOT, 'docs')).isDirectory()).toBe(true);
  });

  it('every backticked path, export and identifier in docs/*.md and the READMEs exists', () => {
    const broken = brokenReferences();
    expect(broken, `Broken references in the docs:\n${broken.join('\n')}`).toEqual([]);
  });

  it('each allow-listed name is still absent from the source and still named in a doc', () => {
    const docText = DOCS.map((doc) => readFileSync(join(REPO_ROOT, doc), 'utf8')).join('\n');
    for (const name of Object.keys(NOT_IN_SOURCE)) {
      expect(WORDS.has(name), `${name} is in the source now: drop it from NOT_IN_SOURCE`).toBe(false);
      expect(docText.includes(name), `${name} is in no doc now: drop it from NOT_IN_SOURCE`).toBe(true);
    }
  });
});
