/**
 * HAR 1.2 (HTTP Archive) request objects: the shape browsers' network tabs export and
 * that snippet generators (httpsnippet) read. `toHarRequest` describes a wire request in
 * it, so the app can hand any request to the snippet library; the HAR importer and
 * exporter build on the same types.
 */
import { encodeForm, parseForm } from '../encoding';
import type { WireRequest } from '../types';
import { headerValue } from '../types';
import { SecretRedaction } from '../workspace';
import { redactWireExport, wireBodyView, wireMediaType, type WireBodyView } from './wireBody';

/** A name/value pair of HAR headers, query strings and cookies. */
export interface HarNameValue {
  name: string;
  value: string;
  comment?: string;
}

/** A posted parameter: a form field or a multipart part (with `fileName` for a file). */
export interface HarParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
  comment?: string;
}

/** The body of a HAR request. */
export interface HarPostData {
  mimeType: string;
  text?: string;
  params?: HarParam[];
  comment?: string;
}

/** A HAR 1.2 request, as httpsnippet-lite's `HarRequest` accepts it. */
export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  /** -1: not known (the relay writes the head). */
  headersSize: number;
  bodySize: number;
  comment?: string;
}

/** Options of `toHarRequest`. */
export interface HarRequestOptions {
  /** Keep secrets instead of replacing them with `{{variables}}`. */
  includeSecrets?: boolean;
  /** The HTTP version to state; default `HTTP/1.1`. */
  httpVersion?: string;
  /** Shared across the requests of one export, so one secret gets one variable name. */
  redaction?: SecretRedaction;
}

/** `HTTP/1.1` from `1.1`, `HTTP/1.1` or `h2`. */
export function harHttpVersion(version: string | undefined): string {
  if (!version) return 'HTTP/1.1';
  if (/^\d/.test(version)) return `HTTP/${version}`;
  if (version.toLowerCase() === 'h2') return 'HTTP/2';
  return version;
}

/** The cookies of a Cookie header value (`a=1; b=2`). */
export function harCookiesOf(cookieHeader: string | undefined): HarNameValue[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => {
      const eq = piece.indexOf('=');
      return eq < 0 ? { name: piece, value: '' } : { name: piece.slice(0, eq).trim(), value: piece.slice(eq + 1).trim() };
    });
}

/** The decoded query parameters of a URL, in order (`+` as space, as browsers report them). */
export function harQueryOf(url: string): HarNameValue[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  const hash = url.indexOf('#', q);
  return parseForm(url.slice(q + 1, hash < 0 ? undefined : hash));
}

function bodySizeOf(view: WireBodyView): number {
  switch (view.kind) {
    case 'none':
      return 0;
    case 'text':
      return new TextEncoder().encode(view.text).length;
    case 'bytes':
      return view.bytes.length;
    case 'file':
      return view.file.size;
    case 'multipart':
      return -1;
  }
}

/** The HAR postData for a body view sent with media type `contentType` (`mediaType` is its lower-cased essence). */
export function harPostDataOf(view: WireBodyView, contentType: string | undefined, mediaType: string): HarPostData | undefined {
  switch (view.kind) {
    case 'none':
      return undefined;
    case 'text': {
      const postData: HarPostData = { mimeType: contentType ?? '', text: view.text };
      if (mediaType === 'application/x-www-form-urlencoded') {
        const pairs = parseForm(view.text);
        if (encodeForm(pairs) === view.text) postData.params = pairs;
      }
      return postData;
    }
    case 'bytes':
      return { mimeType: contentType ?? 'application/octet-stream', text: new TextDecoder().decode(view.bytes), comment: 'The body is binary; invalid UTF-8 sequences are shown as U+FFFD.' };
    case 'file':
      return { mimeType: contentType ?? view.file.type ?? 'application/octet-stream', text: '', comment: `The body is the file "${view.file.name}" (${view.file.size} bytes).` };
    case 'multipart':
      return {
        mimeType: contentType ?? 'multipart/form-data',
        params: view.parts.map((part) => {
          const param: HarParam = { name: part.name };
          if (part.file) param.fileName = part.filename ?? part.file.name;
          else {
            param.value = part.value ?? '';
            if (part.filename !== undefined) param.fileName = part.filename;
          }
          const type = part.contentType ?? part.file?.type;
          if (type) param.contentType = type;
          return param;
        }),
      };
  }
}

/**
 * `wire` as a HAR 1.2 request: headers in order, cookies and query parameters decoded
 * from the Cookie header and the URL, the body as `postData` whose `mimeType` is the
 * bare media type (text; form bodies also as `params`; multipart as `params` with
 * `fileName` for files). Secrets are replaced by
 * `{{variables}}` unless `includeSecrets` is set. This is what httpsnippet-lite reads.
 */
export function toHarRequest(wire: WireRequest, options: HarRequestOptions = {}): HarRequest {
  let view = wireBodyView(wire);
  let request = wire;
  if (!options.includeSecrets) ({ wire: request, view } = redactWireExport(wire, view, options.redaction ?? new SecretRedaction()));
  const har: HarRequest = {
    method: request.method,
    url: request.url,
    httpVersion: harHttpVersion(options.httpVersion),
    cookies: harCookiesOf(headerValue(request.headers, 'cookie')),
    headers: request.headers.map((h) => ({ name: h.name, value: h.value })),
    queryString: harQueryOf(request.url),
    headersSize: -1,
    bodySize: bodySizeOf(view),
  };
  // HAR's mimeType is the media type; snippet generators match it exactly, so parameters (boundary, charset) stay in the header.
  const media = wireMediaType(request.headers);
  const postData = harPostDataOf(view, media || undefined, media);
  if (postData) har.postData = postData;
  return har;
}
