import type { TTool } from './navigation.ts';

/**
 * Tools whose title, description or keywords contain every word of the query (case-insensitive),
 * title matches first. An empty query matches nothing, so the result list only opens on typing.
 */
export function filterTools(tools: readonly TTool[], query: string): TTool[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const haystack = (tool: TTool) => [tool.title, tool.description, ...tool.keywords].join(' ').toLowerCase();
  const matches = tools.filter((tool) => words.every((word) => haystack(tool).includes(word)));
  const inTitle = (tool: TTool) => words.every((word) => tool.title.toLowerCase().includes(word));
  return [...matches.filter(inTitle), ...matches.filter((tool) => !inTitle(tool))];
}
