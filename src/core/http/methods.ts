/**
 * HTTP request methods and what they promise (RFC 9110 §9, RFC 5789 for PATCH, spec §4.2):
 * which are safe, which are idempotent, which responses may be cached, and whether a body
 * means anything. The composer, the lint rules and the response explanations all ask here,
 * so the rule for "may this be repeated?" exists once.
 */
import { isHttpToken } from '../grammar';
import type { WireRequest } from '../types';

/** How a method treats request content. */
export type RequestBodySemantics = 'defined' | 'no-defined-semantics' | 'none';

/** What a method promises, in the terms of RFC 9110 §9.2 and spec §4.2. */
export interface MethodSemantics {
  /** The method as it goes on the wire: surrounding whitespace removed, case kept (methods are case-sensitive). */
  method: string;
  /** Read-only by contract: no side effect is requested (RFC 9110 §9.2.1). */
  safe: boolean;
  /** Sending it N times leaves the same server state as sending it once (RFC 9110 §9.2.2). */
  idempotent: boolean;
  /** A response to it may be stored and reused by a cache under some conditions (RFC 9110 §9.2.3). */
  cacheable: boolean;
  /** Whether request content has meaning: defined, allowed without meaning, or not to be sent. */
  requestBody: RequestBodySemantics;
  /** Plain-language points worth knowing before sending it. */
  notes: string[];
  /** Where the method is defined, e.g. `RFC 9110 §9.3.1`. */
  reference: string;
  /** One plain line for a badge next to the method selector. */
  summary: string;
}

/** The methods defined by RFC 9110 §9.3 plus PATCH (RFC 5789), in the order a selector shows them. */
export const STANDARD_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
] as const;

/** One of {@link STANDARD_METHODS}. */
export type StandardMethod = (typeof STANDARD_METHODS)[number];

/** The header a POST carries to name the method it stands in for (spec §4.2). */
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';

type MethodDefinition = Omit<MethodSemantics, 'method'>;

const STANDARD_DEFINITIONS: Record<StandardMethod, MethodDefinition> = {
  GET: {
    safe: true,
    idempotent: true,
    cacheable: true,
    requestBody: 'no-defined-semantics',
    notes: [
      'Safe: it causes no side effects, so it may be bookmarked, cached, linked, prefetched and passed through proxies.',
      'A GET may technically carry a body, but no semantics are defined for it and many servers and proxies drop or reject it; use POST when structured input is needed.',
      'Filtering, sorting and searching belong in the query string.',
    ],
    reference: 'RFC 9110 §9.3.1',
    summary: 'Safe, idempotent, cacheable read of the target resource',
  },
  HEAD: {
    safe: true,
    idempotent: true,
    cacheable: true,
    requestBody: 'no-defined-semantics',
    notes: [
      'Same as GET, but the server sends no response body: only the status and headers GET would produce.',
      'Useful to check existence, size (Content-Length) or freshness (ETag, Last-Modified) without downloading.',
      'Content in a HEAD request has no defined semantics.',
    ],
    reference: 'RFC 9110 §9.3.2',
    summary: 'Like GET without a response body: headers only',
  },
  POST: {
    safe: false,
    idempotent: false,
    cacheable: true,
    requestBody: 'defined',
    notes: [
      'May do anything the resource defines: create, append, start a process, submit a form.',
      'Not idempotent: repeating it may repeat its effect (a second order, a second payment), so a client must not repeat it without the user\u2019s consent.',
      'Cacheable only in theory: a POST response is reusable only with explicit freshness information and a Content-Location equal to the target URI, and almost no cache stores it.',
      'A new resource it creates is announced by 201 Created with a Location header.',
    ],
    reference: 'RFC 9110 §9.3.3',
    summary: 'Unsafe, not idempotent: may do anything; do not repeat without consent',
  },
  PUT: {
    safe: false,
    idempotent: true,
    cacheable: false,
    requestBody: 'defined',
    notes: [
      'Creates or replaces the whole state of the target resource with the enclosed representation.',
      'Idempotent: sending the same PUT several times leaves the same state as sending it once; this is judged by the resulting state, not by the responses (the first may say 201, the next 200).',
      'Fields left out of the body are, by contract, removed; use PATCH for a partial update.',
    ],
    reference: 'RFC 9110 §9.3.4',
    summary: 'Idempotent replace (or create) of the target resource',
  },
  DELETE: {
    safe: false,
    idempotent: true,
    cacheable: false,
    requestBody: 'no-defined-semantics',
    notes: [
      'Removes the association between the target URI and its resource.',
      'Idempotent like PUT, judged by the resulting state: a second DELETE may answer 404, yet the state is the same — the resource is gone.',
      'Content in a DELETE request has no defined semantics and some servers reject it.',
    ],
    reference: 'RFC 9110 §9.3.5',
    summary: 'Idempotent removal of the target resource',
  },
  PATCH: {
    safe: false,
    idempotent: false,
    cacheable: false,
    requestBody: 'defined',
    notes: [
      'A partial update: the body is a set of changes (for example a JSON Merge Patch or JSON Patch document) rather than a whole new representation.',
      'Not idempotent in general (an "append" or "increment" patch changes the state each time), so a client must not repeat it without the user\u2019s consent; a conditional request (If-Match) makes a repeat safe to detect.',
      'The Content-Type names the patch format; a server that does not support it answers 415 and may list supported formats in Accept-Patch.',
    ],
    reference: 'RFC 5789 §2',
    summary: 'Partial update; not idempotent in general',
  },
  OPTIONS: {
    safe: true,
    idempotent: true,
    cacheable: false,
    requestBody: 'no-defined-semantics',
    notes: [
      'Asks which communication options the target supports; the Allow header of the answer lists its methods.',
      'Browsers send it on their own as the CORS preflight before a non-simple cross-origin request.',
      'Content is allowed only with a Content-Type, and no use for it is defined.',
    ],
    reference: 'RFC 9110 §9.3.7',
    summary: 'Safe query of the options (allowed methods) of the target',
  },
  TRACE: {
    safe: true,
    idempotent: true,
    cacheable: false,
    requestBody: 'none',
    notes: [
      'Asks the final recipient to echo the request it received, to see what intermediaries changed.',
      'A client must not send content in a TRACE request, nor credentials or cookies it does not want echoed.',
      'Most servers disable it; expect 405 or 501.',
    ],
    reference: 'RFC 9110 §9.3.8',
    summary: 'Safe loop-back of the request as received; no body allowed',
  },
  CONNECT: {
    safe: false,
    idempotent: false,
    cacheable: false,
    requestBody: 'none',
    notes: [
      'Asks a proxy to open a tunnel to the host:port given as the request target (authority-form), typically for TLS through a proxy.',
      'A CONNECT request has no content; what follows the header section belongs to the tunnel.',
      'Not something to send to an API endpoint.',
    ],
    reference: 'RFC 9110 §9.3.6',
    summary: 'Opens a tunnel through a proxy; not for API calls',
  },
};


/**
 * Whether `method` is a valid RFC 9110 token (§5.6.2) and so can appear as a method on
 * the wire. Spaces, separators such as `(` or `:`, and non-ASCII letters are not allowed.
 */
export function isValidMethodToken(method: string): boolean {
  if (typeof method !== 'string') {
    throw new TypeError(`isValidMethodToken expects a string, got ${typeof method}`);
  }
  return isHttpToken(method);
}

function isStandardMethod(method: string): method is StandardMethod {
  return (STANDARD_METHODS as readonly string[]).includes(method);
}

/**
 * What `method` promises: safety, idempotency, cacheability, body semantics, plain notes
 * and its defining reference. Methods are case-sensitive (RFC 9110 §9.1), so `get` is not
 * GET: it is answered as an unknown extension method, with a note saying so. Unknown
 * methods are unsafe and not idempotent, because nothing promises otherwise.
 */
export function methodSemantics(method: string): MethodSemantics {
  if (typeof method !== 'string') {
    throw new TypeError(`methodSemantics expects a string, got ${typeof method}`);
  }
  const normalised = method.trim();
  if (isStandardMethod(normalised)) {
    const def = STANDARD_DEFINITIONS[normalised];
    return { method: normalised, ...def, notes: [...def.notes] };
  }
  return extensionSemantics(method, normalised);
}

function extensionSemantics(original: string, normalised: string): MethodSemantics {
  const notes: string[] = [];
  if (normalised !== original) {
    notes.push('Surrounding whitespace was removed: it is not part of a method.');
  }
  if (normalised === '') {
    notes.push('No method given: a request line needs a method token such as GET or POST.');
  } else if (!isValidMethodToken(normalised)) {
    notes.push(
      `"${normalised}" is not a valid method token (RFC 9110 §5.6.2): only letters, digits and !#$%&'*+-.^_\`|~ are allowed, without spaces.`,
    );
  }
  const upper = normalised.toUpperCase();
  if (upper !== normalised && isStandardMethod(upper)) {
    notes.push(
      `Methods are case-sensitive (RFC 9110 §9.1): "${normalised}" is not ${upper}. It is sent as an unknown extension method, which most servers reject with 405 or 501. Did you mean ${upper}?`,
    );
  }
  notes.push(
    'Unknown extension method: nothing promises it is safe or idempotent, so it is treated as neither and must not be repeated without the user\u2019s consent.',
    'Whether it takes content, and what that content means, is up to the specification that defines it.',
  );
  return {
    method: normalised,
    safe: false,
    idempotent: false,
    cacheable: false,
    requestBody: 'defined',
    notes,
    reference: 'RFC 9110 §9.1',
    summary: 'Extension method: treated as unsafe and not idempotent',
  };
}

/**
 * Whether a client must ask the person before sending `method` again (spec §4.2): true for
 * every method that is not idempotent — POST, PATCH, CONNECT and unknown extension methods —
 * because a repeat may repeat the effect.
 */
export function needsRepeatConsent(method: string): boolean {
  return !methodSemantics(method).idempotent;
}

/**
 * The request as a client that cannot send its method would send it (spec §4.2): as POST
 * with `X-HTTP-Method-Override` naming the intended method. A POST is returned unchanged.
 * An override header already present is replaced in place rather than duplicated, so the
 * server never sees two conflicting answers. The input is not modified.
 */
export function applyMethodOverride(request: WireRequest): WireRequest {
  if (request === null || typeof request !== 'object' || typeof request.method !== 'string') {
    throw new TypeError('applyMethodOverride expects a WireRequest with a string method');
  }
  if (request.method === 'POST') return request;
  const override = { name: METHOD_OVERRIDE_HEADER, value: request.method };
  const lower = METHOD_OVERRIDE_HEADER.toLowerCase();
  const headers: WireRequest['headers'] = [];
  let placed = false;
  for (const header of request.headers) {
    if (header.name.toLowerCase() !== lower) {
      headers.push(header);
    } else if (!placed) {
      headers.push(override);
      placed = true;
    }
  }
  if (!placed) headers.push(override);
  return { ...request, method: 'POST', headers };
}
