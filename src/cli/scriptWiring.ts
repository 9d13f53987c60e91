/**
 * What a CLI run gives a script besides the request and response, as the app gives it:
 * the run's cookie jar (`pm.cookies` lists the jar's cookies for the URL, `pm.cookies.jar()`
 * reads and changes them), the request body with its mode (`pm.request.body` for urlencoded
 * and form-data bodies, legacy `request.data`), and the request as it was sent for a
 * post-response script (variables resolved, auth headers added), as newman shows it.
 */
import { cookiesFor, jarState, openJar, storeSetCookies } from '../core/cookies';
import type { RequestDraft } from '../core';
import type { HeaderField } from '../core/types';
import type { ScriptCookie, ScriptCookieJar, ScriptRequest, ScriptRequestBody } from '../scripting/types';

type CookieJar = ReturnType<typeof openJar>;

/** The jar's cookies that apply to `url`, with their attributes, as Postman's cookie list gives them. */
export function jarCookiesFor(jar: CookieJar, url: string): ScriptCookie[] {
  let sent: Set<string>;
  try {
    sent = new Set(cookiesFor(jar, url, 'strict').map((c) => c.name));
  } catch {
    return [];
  }
  const host = safeHost(url);
  return jarState(jar)
    .cookies.filter((c) => sent.has(c.key) && (host === undefined || host === c.domain || host.endsWith(`.${c.domain}`)))
    .map((c) => ({
      name: c.key,
      value: c.value,
      domain: c.domain,
      path: c.path,
      ...(c.expires ? { expires: c.expires } : { session: true }),
      ...(c.httpOnly ? { httpOnly: true } : {}),
      ...(c.secure ? { secure: true } : {}),
      ...(c.hostOnly ? { hostOnly: true } : {}),
      ...(c.sameSite ? { sameSite: c.sameSite } : {}),
    }));
}

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** A cookie as a `Set-Cookie` line for `url` (the jar then decides what a Set-Cookie from there would). */
function setCookieLine(cookie: ScriptCookie): string {
  const parts = [`${cookie.name}=${cookie.value ?? ''}`];
  if (cookie.domain) parts.push(`Domain=${cookie.domain}`);
  parts.push(`Path=${cookie.path ?? '/'}`);
  if (cookie.expires) parts.push(`Expires=${new Date(cookie.expires).toUTCString()}`);
  if (cookie.maxAge !== undefined) parts.push(`Max-Age=${cookie.maxAge}`);
  if (cookie.httpOnly) parts.push('HttpOnly');
  if (cookie.secure) parts.push('Secure');
  if (cookie.sameSite) parts.push(`SameSite=${cookie.sameSite}`);
  return parts.join('; ');
}

/** `pm.cookies.jar()` over the run's jar: what a script sets is sent with the run's later requests. */
export function scriptCookieJar(jar: CookieJar): ScriptCookieJar {
  const expire = (url: string, names: readonly string[]) =>
    storeSetCookies(
      jar,
      url,
      jarCookiesFor(jar, url)
        .filter((c) => names.includes(c.name))
        .map((c) => `${c.name}=; Path=${c.path ?? '/'}${c.hostOnly || !c.domain ? '' : `; Domain=${c.domain}`}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`),
    );
  return {
    getAll: async (url) => jarCookiesFor(jar, url),
    set: async (url, cookie) => {
      const [outcome] = storeSetCookies(jar, url, [setCookieLine(cookie)]);
      if (outcome?.result === 'rejected') throw new Error(`the cookie "${cookie.name}" was not stored for ${url}: ${outcome.reason ?? 'the jar refused it'}`);
    },
    unset: async (url, name) => void expire(url, [name]),
    clear: async (url) => void expire(url, jarCookiesFor(jar, url).map((c) => c.name)),
  };
}

/** The draft's body with its mode, as Postman's RequestBody holds it; absent for no body. */
export function bodyDetailOf(draft: RequestDraft): ScriptRequestBody | undefined {
  const body = draft.body;
  switch (body.kind) {
    case 'json':
      return { mode: 'raw', raw: body.texts.json, options: { raw: { language: 'json' } } };
    case 'xml':
      return { mode: 'raw', raw: body.texts.xml, options: { raw: { language: 'xml' } } };
    case 'text':
      return { mode: 'raw', raw: body.texts.text };
    case 'form':
      return { mode: 'urlencoded', urlencoded: body.form.map((f) => ({ key: f.name, value: f.value, ...(f.enabled ? {} : { disabled: true }) })) };
    case 'multipart':
      return {
        mode: 'formdata',
        formdata: body.multipart.map((p) => ({
          key: p.name,
          ...(p.kind === 'file' ? { type: 'file' as const, src: p.file?.name ?? '' } : { type: 'text' as const, value: p.value }),
          ...(p.contentType ? { contentType: p.contentType } : {}),
          ...(p.enabled ? {} : { disabled: true }),
        })),
      };
    case 'binary':
      return { mode: 'file', file: { src: body.binary?.name ?? '' } };
    case 'graphql':
      return { mode: 'graphql', graphql: { query: body.graphql?.query ?? '', variables: body.graphql?.variables ?? '' } };
    default:
      return undefined;
  }
}

/**
 * The request a post-response script reads: as sent (method, URL and headers from the wire,
 * auth headers included), the body's text and mode from the draft with its variables
 * resolved by `resolve`.
 */
export function sentScriptRequest(sent: { method: string; url: string; headers: readonly HeaderField[] }, draft: RequestDraft, resolve: (text: string) => string): ScriptRequest {
  const detail = bodyDetailOf(draft);
  const resolved: ScriptRequestBody | undefined = detail && resolveBody(detail, resolve);
  return {
    method: sent.method,
    url: sent.url,
    headers: sent.headers.map((h) => ({ name: h.name, value: h.value })),
    ...(resolved?.mode === 'raw' ? { body: resolved.raw ?? '' } : {}),
    ...(resolved ? { bodyDetail: resolved } : {}),
  };
}

function resolveBody(body: ScriptRequestBody, resolve: (text: string) => string): ScriptRequestBody {
  const fields = (list: ScriptRequestBody['urlencoded']) => list?.map((f) => ({ ...f, key: resolve(f.key), ...(f.value !== undefined ? { value: resolve(f.value) } : {}) }));
  return {
    ...body,
    ...(body.raw !== undefined ? { raw: resolve(body.raw) } : {}),
    ...(body.urlencoded ? { urlencoded: fields(body.urlencoded) } : {}),
    ...(body.formdata ? { formdata: fields(body.formdata) } : {}),
  };
}
