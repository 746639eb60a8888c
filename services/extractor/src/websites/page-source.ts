/**
 * Where website pages come from: the network, behind every guard rail (http/http-page-source.ts), or
 * the sandbox's synthetic sites (sandbox/sandbox-sites.ts). The finder only ever asks for a page.
 */

/** Why a page was not read. Only `html` pages are read; every other answer is a skip, never an error. */
export type TPageSkipReason =
  /** Not http(s), credentials in it, or a host the source does not serve. */
  | 'refused_url'
  /** Its host resolved to a private, loopback, link-local… address (or a redirect led there). */
  | 'blocked_address'
  /** The site's robots.txt forbids our user agent this page. */
  | 'robots'
  | 'not_html'
  | 'too_large'
  /** The site answered an error status (404, 500…). */
  | 'http_status'
  | 'too_many_redirects'
  /** The page did not arrive in time, or the account's time ran out. */
  | 'timeout'
  /** The host's request rate is used up for longer than the account's remaining time. */
  | 'busy'
  /** DNS, connection or protocol failure. */
  | 'failed';

export type TFetchedPage =
  | {
      kind: 'html';
      /** The page as read: after redirects. */
      url: string;
      html: string;
      fetchedAt: Date;
    }
  | { kind: 'skipped'; url: string; reason: TPageSkipReason; detail?: string };

export interface TFetchPageOptions {
  /** The account's lookup is over: stop waiting. */
  signal: AbortSignal;
  /** When the account's time runs out (epoch ms): no wait for a host's turn may reach past it. */
  deadline: number;
}

export interface TPageSource {
  fetchPage(url: string, options: TFetchPageOptions): Promise<TFetchedPage>;
}
