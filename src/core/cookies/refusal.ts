/**
 * Why a `Set-Cookie` line is kept out of the jar, in plain words with the rule behind it.
 * Two sources: the checks made before the jar sees the line (what RFC 6265bis refuses and
 * tough-cookie lets through, and a malformed line diagnosed by its first fault), and
 * tough-cookie's own refusals, translated. Never repeats the cookie's value.
 */

/** A refused line: the cookie's name (empty when unreadable) and the reason. */
export interface JarRefusal {
  name: string;
  reason: string;
}

/** A cookie name must be an RFC 9110 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// cookie-octet (RFC 6265bis §4.1.1): visible ASCII except DQUOTE, comma, semicolon and backslash, optionally in quotes.
const COOKIE_VALUE = /^("?)[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*\1$/;
/** RFC 6265bis §5.6 step 3: a name and value together longer than this are ignored. */
const MAX_NAME_VALUE = 4096;

/** The first fault of a malformed `Set-Cookie` line (RFC 6265bis §4.1.1, §5.6), or undefined when it reads well. */
export function malformedSetCookie(line: string): JarRefusal | undefined {
  const pair = (line.split(';', 1)[0] ?? '').trim();
  const eq = pair.indexOf('=');
  if (/[\x00-\x08\x0a-\x1f\x7f]/.test(line)) {
    return { name: eq < 0 ? '' : pair.slice(0, eq).trim(), reason: 'Malformed: it holds a control character, which RFC 6265bis §5.6 makes browsers ignore the whole line for.' };
  }
  if (eq < 0) return { name: '', reason: 'Malformed: the first part has no "=". A server must send name=value (RFC 6265bis §4.1.1); browsers would keep it as a cookie with an empty name, but Wirebench\u2019s jar parses strictly and keeps it out.' };
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (name === '') return { name, reason: 'Malformed: the cookie has no name (the line starts with "="), which RFC 6265bis §4.1.1 does not allow a server to send.' };
  if (!TOKEN.test(name)) return { name, reason: `Malformed: the name "${name}" has a character a cookie name cannot carry (it must be a token, RFC 6265bis §4.1.1).` };
  if (!COOKIE_VALUE.test(value)) return { name, reason: 'Malformed: the value has a space, quote, comma, semicolon, backslash or non-ASCII character; a server must encode such a value (RFC 6265bis §4.1.1).' };
  if (name.length + value.length > MAX_NAME_VALUE) return { name, reason: `Too long: name and value together are over ${MAX_NAME_VALUE} characters, which RFC 6265bis §5.6 makes browsers ignore.` };
  return undefined;
}

function attribute(line: string, name: string): string | undefined {
  let found: string | undefined;
  for (const part of line.split(';').slice(1)) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    if (key === name) found = eq < 0 ? '' : part.slice(eq + 1).trim();
  }
  return found;
}

/** Translations of tough-cookie's refusals, first match wins. */
const TRANSLATIONS: readonly [RegExp, (name: string, host: string) => string][] = [
  [/__Host prefix/, () => 'A __Host- cookie must be Secure, have Path=/ and no Domain attribute (RFC 6265bis §4.1.3.2); this one breaks that, so it is refused.'],
  [/__Secure prefix/, () => 'A __Secure- cookie must carry the Secure attribute (RFC 6265bis §4.1.3.1); this one does not, so it is refused.'],
  [/public suffix/, () => 'Its Domain is a public suffix (such as com or co.uk), which would share it with every site under it; refused (RFC 6265bis §5.7).'],
  [/not in this host's domain/, (_n, host) => `Its Domain does not cover ${host}, the host that set it, so it is refused (RFC 6265bis §5.7).`],
  [/not a secure connection/, () => 'It is Secure but came over plain HTTP from a host that is not loopback; a Secure cookie may only be set from a secure origin (RFC 6265bis §5.7).'],
  [/HttpOnly/, () => 'It is HttpOnly, which only an HTTP response may set.'],
  [/failed to parse/, () => 'Malformed: the line could not be read as a cookie (RFC 6265bis §5.6).'],
];

/**
 * The reason `line` (received from `url`) is refused, or undefined when nothing is wrong.
 * Without `jarMessage`, only the checks made before the jar: malformed lines and
 * SameSite=None without Secure. With tough-cookie's message, that message translated.
 */
export function explainJarRefusal(line: string, url: string, jarMessage?: string): JarRefusal | undefined {
  const bad = malformedSetCookie(line);
  if (bad) return bad;
  const pair = line.split(';', 1)[0] ?? '';
  const name = pair.slice(0, pair.indexOf('=')).trim();
  let host = '';
  try {
    host = new URL(url).hostname;
  } catch {
    host = url;
  }
  if (jarMessage === undefined) {
    const sameSite = attribute(line, 'samesite');
    if (sameSite !== undefined && sameSite.toLowerCase() === 'none' && attribute(line, 'secure') === undefined) {
      return { name, reason: 'SameSite=None without Secure: RFC 6265bis §5.7 makes browsers ignore such a cookie, and the jar does too.' };
    }
    return undefined;
  }
  const translated = TRANSLATIONS.find(([pattern]) => pattern.test(jarMessage));
  return { name, reason: translated ? translated[1](name, host) : `The jar refused it: ${jarMessage.replace(/=[^;\s]*/g, '=…')}` };
}
