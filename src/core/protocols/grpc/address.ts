/**
 * The address of a gRPC server as the draft's URL names it: `grpc://host:port` (plaintext,
 * HTTP/2 without TLS) or `grpcs://host:port` (TLS). `http://` and `https://` are read the same
 * way, since people paste them; a path is refused, because a gRPC call's path is
 * `/package.Service/Method` and comes from the method chosen.
 */

export interface GrpcAddress {
  tls: boolean;
  host: string;
  port: number;
  /** `host:port` as gRPC channels take it (IPv6 in brackets). */
  authority: string;
}

export function parseGrpcAddress(text: string): { ok: true; value: GrpcAddress } | { ok: false; message: string } {
  const t = text.trim();
  if (!t) return { ok: false, message: 'The server address is empty; write it as grpc://host:port (or grpcs://host:port for TLS).' };
  const m = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(t);
  if (!m) return { ok: false, message: `"${t}" has no scheme; write grpc://${t} (plaintext) or grpcs://${t} (TLS).` };
  const scheme = m[1]!.toLowerCase();
  const tls = scheme === 'grpcs' || scheme === 'https';
  if (!tls && scheme !== 'grpc' && scheme !== 'http') return { ok: false, message: `"${scheme}://" is not a gRPC address; use grpc:// (plaintext) or grpcs:// (TLS).` };
  let url: URL;
  try {
    url = new URL(`${tls ? 'https' : 'http'}://${m[2]}`);
  } catch {
    return { ok: false, message: `"${t}" is not a valid address; write it as grpc://host:port.` };
  }
  if (url.pathname !== '/' || url.search || url.hash) return { ok: false, message: `A gRPC address has no path or query ("${url.pathname}${url.search}" in ${t}); the method you pick makes the path. Write it as ${scheme}://${url.host}.` };
  if (url.username || url.password) return { ok: false, message: 'A gRPC address carries no user name or password; use Auth or metadata instead.' };
  const port = url.port ? Number(url.port) : tls ? 443 : 80;
  const host = url.hostname;
  return { ok: true, value: { tls, host: host.replace(/^\[|\]$/g, ''), port, authority: `${host}:${port}` } };
}
