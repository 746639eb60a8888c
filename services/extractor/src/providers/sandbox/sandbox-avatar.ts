import { seededRandom } from './seeded-random.ts';

const PALETTE = [
  '#6366f1',
  '#0ea5e9',
  '#14b8a6',
  '#22c55e',
  '#eab308',
  '#f97316',
  '#ef4444',
  '#ec4899',
  '#8b5cf6',
];

/** Up to two letters from the handle ("travel.with.anna" → "TA"); "?" when it has no letter. */
export function initialsOf(username: string): string {
  const parts = username.split(/[._\d]+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]?.[0]}${parts[1]?.[0]}` : (parts[0] ?? '').slice(0, 2);
  return letters.toUpperCase().replace(/[^A-Z]/g, '') || '?';
}

/**
 * A sandbox profile picture: a coloured circle with the handle's initials. Built only from the
 * initials (A–Z) and a fixed palette, so nothing a caller sends can put markup or script in it.
 */
export function renderSandboxAvatar(username: string): string {
  const random = seededRandom(`avatar:${username}`);
  const background = random.pick(PALETTE);
  const initials = initialsOf(username);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150" viewBox="0 0 150 150">',
    `<circle cx="75" cy="75" r="75" fill="${background}"/>`,
    '<text x="75" y="75" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="60"',
    ` font-weight="600" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
}
