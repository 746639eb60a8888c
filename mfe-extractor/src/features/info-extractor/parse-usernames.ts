/**
 * Spec §5 "Extraction": a batch is split by line, each line trimmed, empty lines dropped. A leading
 * "@" is part of how people write handles, not of the username.
 */
export function parseUsernames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^@/, ''))
    .filter((line) => line !== '');
}
