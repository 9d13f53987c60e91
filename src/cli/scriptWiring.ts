/**
 * What a CLI run gives a script besides the request and response, as the app gives it:
 * the run's cookie jar (`pm.cookies` lists the jar's cookies for the URL, `pm.cookies.jar()`
 * reads and changes them), the request body with its mode (`pm.request.body` for urlencoded
 * and form-data bodies, legacy `request.data`), and the request as it was sent for a
 * post-response script (variables resolved, auth headers added), as newman shows it.
 */
import type { RequestDraft } from '../core';
import type { HeaderField } from '../core/types';
import type { ScriptRequest, ScriptRequestBody } from '../scripting/types';

// pm.cookies and pm.cookies.jar() over a core cookie jar: shared with the page (src/scripting/cookieJarBridge.ts).
export { jarCookiesFor, scriptCookieJar } from '../scripting/cookieJarBridge';

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
