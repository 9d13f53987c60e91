/**
 * Completions for the headers table: common request header names and, per name, values
 * people often send. Suggestions only — any token is a valid name and any value may be typed.
 */

/** Request headers worth suggesting, in the order they are listed. */
export const COMMON_REQUEST_HEADERS: readonly string[] = [
  'Accept',
  'Accept-Encoding',
  'Accept-Language',
  'Authorization',
  'Cache-Control',
  'Content-Type',
  'Cookie',
  'If-Match',
  'If-None-Match',
  'If-Modified-Since',
  'If-Unmodified-Since',
  'Idempotency-Key',
  'Ocp-Apim-Subscription-Key',
  'Origin',
  'Prefer',
  'Range',
  'Referer',
  'SOAPAction',
  'User-Agent',
  'X-HTTP-Method-Override',
  'X-Request-ID',
];

/** Typical values by lower-cased header name. */
export const COMMON_HEADER_VALUES: Readonly<Record<string, readonly string[]>> = {
  accept: ['application/json', 'application/xml', 'text/html', 'application/problem+json', '*/*'],
  'accept-encoding': ['gzip, deflate, br', 'identity'],
  'accept-language': ['en', 'en-US,en;q=0.9', 'de'],
  authorization: ['Bearer ', 'Basic ', 'JWT '],
  'cache-control': ['no-cache', 'no-store', 'max-age=0'],
  'content-type': [
    'application/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/xml; charset=utf-8',
    'text/xml; charset=utf-8',
    'text/plain; charset=utf-8',
    'application/merge-patch+json',
    'application/octet-stream',
  ],
  prefer: ['return=minimal', 'return=representation', 'respond-async'],
  'x-http-method-override': ['PUT', 'PATCH', 'DELETE', 'GET'],
  'if-none-match': ['*'],
};
