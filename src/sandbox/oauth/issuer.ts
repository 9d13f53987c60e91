/**
 * The issuer of the sandbox authorization server, `<origin>/sandbox/oauth`, with the
 * origin taken from the request (loopback only), and the URLs of its endpoints.
 */
import { sendProblem, type SandboxContext } from '../router';

/** The server's endpoint URLs for one issuer. */
export interface OAuthEndpoints {
  issuer: string;
  authorization: string;
  token: string;
  deviceAuthorization: string;
  deviceVerification: string;
  jwks: string;
  userinfo: string;
  introspection: string;
  revocation: string;
  rotateKeys: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The endpoints under `issuer`. */
export function endpointsOf(issuer: string): OAuthEndpoints {
  return {
    issuer,
    authorization: `${issuer}/authorize`,
    token: `${issuer}/token`,
    deviceAuthorization: `${issuer}/device_authorization`,
    deviceVerification: `${issuer}/device`,
    jwks: `${issuer}/jwks`,
    userinfo: `${issuer}/userinfo`,
    introspection: `${issuer}/introspect`,
    revocation: `${issuer}/revoke`,
    rotateKeys: `${issuer}/rotate-keys`,
  };
}

/**
 * The endpoints as seen by this request, or why there are none: the issuer names the
 * origin the client used, which must be a loopback one.
 */
export function endpointsFor(ctx: SandboxContext): OAuthEndpoints | { refused: string } {
  let host: string;
  try {
    host = new URL(ctx.base).hostname;
  } catch {
    return { refused: `The sandbox base ${ctx.base} is not a URL.` };
  }
  if (!LOOPBACK.has(host)) return { refused: `The sandbox authorization server answers only on loopback (127.0.0.1, localhost, [::1]), not on ${host}.` };
  return endpointsOf(`${ctx.base}/oauth`);
}

/** A handler that needs the endpoints; requests on a non-loopback origin are refused with 400. */
export function withEndpoints(handle: (ctx: SandboxContext, endpoints: OAuthEndpoints) => Promise<void> | void): (ctx: SandboxContext) => Promise<void> | void {
  return (ctx) => {
    const endpoints = endpointsFor(ctx);
    if (!('refused' in endpoints)) return handle(ctx, endpoints);
    ctx.req.resume();
    sendProblem(ctx.res, 400, { title: 'Not a loopback origin', detail: endpoints.refused });
  };
}
