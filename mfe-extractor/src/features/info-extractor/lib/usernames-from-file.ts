/**
 * A usernames file is small: 1,000 profile URLs take about 60 KB. Anything much larger is not a list
 * of usernames, and reading it would only freeze the page.
 */
export const MAX_USERNAME_FILE_BYTES = 256 * 1024;
export const USERNAME_FILE_ACCEPT = '.txt,.csv,text/plain,text/csv';

const HEADER_NAMES = new Set(['username', 'usernames', 'instagram_username', 'handle', 'instagram']);
const CELL_SEPARATOR = /[;,\t]/;
const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * The lines a `.txt` or `.csv` file adds to the batch box. A CSV whose header names a username column
 * (like this app's own export) gives that column only, so names, numbers and bios are not read as
 * usernames; any other file is taken as it is (the batch parser splits lines and cells).
 */
export function usernamesFromFile(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(CELL_SEPARATOR).map((cell) => unquote(cell).toLowerCase());
  const column = header.findIndex((cell) => HEADER_NAMES.has(cell));
  if (column === -1) return lines.join('\n').trim();
  return lines
    .slice(1)
    .map((line) => unquote(line.split(CELL_SEPARATOR)[column] ?? ''))
    .filter((cell) => cell !== '')
    .join('\n');
}
