/**
 * The page holds no relay token: its session is an HttpOnly, SameSite=Strict cookie the
 * server set when the one-time launch URL was opened, sent by the browser with every
 * same-origin `/api` call (workers included). An empty header token makes the server use
 * the cookie. Kept as a function so callers that are given a token (tests, tools) can pass it.
 */
export function relayToken(): string {
  return '';
}
