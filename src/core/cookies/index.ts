export {
  cookiesFor,
  EMPTY_COOKIE_JAR,
  isStoredCookie,
  jarState,
  openJar,
  siteOfUrl,
  storeSetCookies,
  type CookieJarState,
  type CookiePair,
  type SameSiteContext,
  type SetCookieOutcome,
  type StoredCookie,
} from './jar';
export { cookieHeaderValue, cookiePairsOf, mergeCookies, sameSiteContextFor, siteOf, withJarCookies, type MergedCookies } from './cookieHeader';
export { explainJarRefusal, malformedSetCookie, type JarRefusal } from './refusal';
export { enforceJarLimits, JAR_LIMITS, type EvictedCookie } from './jarLimits';
export { describeStoredCookie, previewCookies, type CookieAttributeLine, type CookieLeftOut, type CookiePreview } from './explainCookie';
