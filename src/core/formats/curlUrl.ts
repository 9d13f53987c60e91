/**
 * What curl makes of a URL word beyond the scheme it guesses: the URLs its parser refuses
 * (it skips them and sends the others; checked against curl 7.88's `urlapi.c` and the
 * real curl), and the user and password written in the URL, which curl sends as Basic
 * credentials (`http://user:pass@host/`, even `http://@host/`, an empty pair) unless
 * `-u` or a typed Authorization header gives others.
 */
import type { DraftAuth } from '../request';

/** Characters curl refuses in a host name (after percent-decoding): `hostname_check` in urlapi.c. */
const HOST_REFUSED = /[ \r\n\t/:#?!@{}[\]\\$'"^`*<>=;,+&()%]/;

/** The pieces of an http(s) URL's authority, or undefined for other URLs and `{{variable}}` templates. */
function authorityOf(url: string): { scheme: string; userinfo?: string; hostPort: string; rest: string } | undefined {
  if (url.includes('{{')) return undefined;
  const match = /^(https?):\/\/([^/?#]*)(.*)$/is.exec(url);
  if (!match) return undefined;
  const authority = match[2]!;
  // curl takes the login up to the first "@"; a later "@" is then part of the host, which it refuses.
  const at = authority.indexOf('@');
  return at < 0 ? { scheme: match[1]!, hostPort: authority, rest: match[3]! } : { scheme: match[1]!, userinfo: authority.slice(0, at), hostPort: authority.slice(at + 1), rest: match[3]! };
}

function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Why curl refuses `url` (already given its scheme, `http://` when typed without), or
 * undefined when curl accepts it or it is not an http(s) URL curl's parser is known for here.
 * Refused: an empty host, a host holding a character of `HOST_REFUSED` (percent-decoded
 * first), a port that is not a number up to 65535 (an empty port is no port).
 */
export function curlUrlRefusal(url: string): string | undefined {
  const parts = authorityOf(url);
  if (!parts) return undefined;
  let host = parts.hostPort;
  let port = '';
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0) return 'its IPv6 address has no closing "]"';
    port = host.slice(close + 1);
    host = host.slice(0, close + 1);
    if (port !== '' && !port.startsWith(':')) return `"${port}" follows its IPv6 address`;
    port = port.slice(1);
  } else {
    const colon = host.indexOf(':');
    if (colon >= 0) {
      port = host.slice(colon + 1);
      host = host.slice(0, colon);
    }
    if (host === '') return 'it has no host';
    const decoded = percentDecoded(host) ?? host;
    const bad = HOST_REFUSED.exec(decoded);
    if (bad) return `its host "${decoded}" holds ${JSON.stringify(bad[0])}, which curl refuses in a host name`;
  }
  if (port !== '' && (!/^\d+$/.test(port) || Number(port) > 65535)) return `its port "${port}" is not a number from 0 to 65535`;
  return undefined;
}

/** `url` without the user and password written in it, and the Basic auth they give (percent-decoded), if any. */
export function curlUrlCredentials(url: string): { url: string; auth?: DraftAuth } {
  const parts = authorityOf(url);
  if (!parts || parts.userinfo === undefined) return { url };
  const colon = parts.userinfo.indexOf(':');
  const [user, pass] = colon < 0 ? [parts.userinfo, ''] : [parts.userinfo.slice(0, colon), parts.userinfo.slice(colon + 1)];
  const username = percentDecoded(user) ?? user;
  const password = percentDecoded(pass) ?? pass;
  return { url: `${parts.scheme}://${parts.hostPort}${parts.rest}`, auth: { scheme: 'basic', values: { username, password } } };
}
