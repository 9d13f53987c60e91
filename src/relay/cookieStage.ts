/**
 * The relay's cookie stage: with the page's jar in the request description, each hop of a
 * chain (redirects and Digest rounds alike) carries the jar's matching cookies merged with
 * a typed Cookie header, and each hop's Set-Cookie lines are stored in this request's copy
 * of the jar at once, so the next hop already sends them. The relay keeps nothing after
 * the request: the page stores the same lines in its own jar from the hop reports. Cookie
 * values are never logged nor put in a report.
 */
import type { HeaderField, RelayCookieReport } from '../core';
import { cookiesFor, mergeCookies, openJar, sameSiteContextFor, siteOfUrl, storeSetCookies, withJarCookies, type CookieJarState, type SameSiteContext } from '../core/cookies';

export class HopCookies {
  private readonly jar;
  private readonly chain: string[] = [];
  private sent: string[] = [];
  private context: SameSiteContext = 'strict';

  constructor(state: CookieJarState) {
    this.jar = openJar(state);
  }

  /** The headers of the next hop to `url`: the jar's cookies for it merged with any typed Cookie header. */
  headersFor(url: URL, method: string, headers: readonly HeaderField[]): HeaderField[] {
    this.chain.push(url.href);
    this.context = sameSiteContextFor(this.chain, method, siteOfUrl);
    const pairs = cookiesFor(this.jar, url.href, this.context);
    const typed = headers.filter((h) => /^cookie$/i.test(h.name)).map((h) => h.value);
    this.sent = mergeCookies(typed, pairs).fromJar.map((p) => p.name);
    return withJarCookies(headers, pairs);
  }

  /** Stores the Set-Cookie lines of the response to `url` (raw header pairs) and reports the hop. */
  afterHop(url: URL, rawHeaders: readonly string[]): RelayCookieReport {
    const lines: string[] = [];
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (/^set-cookie$/i.test(rawHeaders[i]!)) lines.push(rawHeaders[i + 1]!);
    return { sent: this.sent, sameSite: this.context, outcomes: storeSetCookies(this.jar, url.href, lines) };
  }
}
