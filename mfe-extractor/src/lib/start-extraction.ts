import type { TRunSource } from '@prospector/contracts';

/**
 * Starts one extraction run (the info extractor's run-start hook, passed in where the page is
 * mounted); it reports its own failures (credits, limits), so the page only waits on it.
 */
export type TStartExtraction = (
  usernames: string[],
  source: Exclude<TRunSource, 'single' | 'batch'>,
  /** What the list came from (the keyword, account or hashtag), which Recent runs shows. */
  sourceDetail: string,
) => Promise<unknown>;
