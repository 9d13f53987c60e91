/**
 * Response headers explained one by one, for the inspector's header list: what this field
 * says about this response, parsed into its parts, with what is wrong with it. Each
 * explanation uses the core parsers for the field (challenges, media types, Allow,
 * Retry-After, HTTP-dates), so the rules live once.
 */
import { describeChallenge, parseChallenges } from '../auth/challenges';
import { challengeCarrier } from '../auth/challengeCarrier';
import { contentTypeParams, parseMediaType } from '../encoding/mediaType';
import type { Finding } from '../http/finding';
import type { Verdict } from '../http/verdict';
import { parseHttpDate } from '../http/httpDate';
import { parseAllow, parseRetryAfter } from '../http/responseHeaders';
import type { HeaderField, WireRequest } from '../types';
import { describeCacheDirective, parseCacheControl, summarizeCacheControl } from './cacheControl';
import { parseEntityTag } from './entityTag';
import { describeSetCookie, explainSetCookie, parseSetCookie } from './setCookie';
import { malformedSetCookie } from '../cookies/refusal';

/** One labelled part of a header, e.g. a cookie attribute or a cache directive. */
export interface HeaderDetail {
  label: string;
  value: string;
}

/** What one response header says, in parts. */
export interface HeaderExplanation {
  /** One sentence on what this header does in this response. */
  summary: string;
  /** The value taken apart (directives, attributes, challenges). */
  details: HeaderDetail[];
  /** Problems with this value (syntax, contradictions, things browsers reject). */
  findings: Finding[];
  /** Where the header is defined, e.g. `RFC 9111 §5.2`. */
  reference: string;
  /** What the header concludes about the exchange (Cache-Control: whether caches may store it). */
  verdict?: Verdict;
}

/** What an explanation may read besides the header itself. */
export interface HeaderExplanationContext {
  /** The request that caused the response (its URL resolves Location, its method meets Allow). */
  request?: WireRequest;
  /** The response status, for headers whose meaning depends on it (Location). */
  status?: number;
  /** The moment to count Retry-After and cookie expiry from; defaults to now. */
  now?: Date;
}

type Explainer = (value: string, context: Required<Pick<HeaderExplanationContext, 'now'>> & HeaderExplanationContext) => HeaderExplanation;

/**
 * A malformed Set-Cookie, said once in the words the cookie jar uses when it keeps the line
 * out (it replaces the gentler "without a name" note, which would say the same thing twice).
 */
function withJarFinding(findings: Finding[], value: string): Finding[] {
  const bad = malformedSetCookie(value);
  if (!bad) return findings;
  return [
    { id: 'cookie-malformed', severity: 'error', title: 'Malformed Set-Cookie: kept out of the cookie jar', message: bad.reason, reference: 'RFC 6265bis §4.1.1' },
    ...findings.filter((f) => f.id !== 'cookie-no-name'),
  ];
}

function syntaxFinding(id: string, header: string, message: string, reference: string): Finding {
  return { id, severity: 'warning', title: `Malformed ${header}`, message, reference };
}

const explainers: Readonly<Record<string, Explainer>> = {
  'cache-control': (value) => {
    const directives = parseCacheControl(value);
    const { summary, findings, cacheable } = summarizeCacheControl(directives);
    return {
      ...(cacheable === undefined ? {} : { verdict: { cacheable } }),
      summary,
      details: directives.map((d) => ({ label: d.value === undefined ? d.name : `${d.name}=${d.value}`, value: describeCacheDirective(d) })),
      findings,
      reference: 'RFC 9111 §5.2',
    };
  },
  'set-cookie': (value, { request, now }) => {
    const cookie = parseSetCookie(value, now);
    const flags = [cookie.secure ? 'Secure' : '', cookie.httpOnly ? 'HttpOnly' : '', cookie.sameSite ? `SameSite=${cookie.sameSite}` : '']
      .filter(Boolean)
      .join(', ');
    return {
      summary: `Sets the cookie "${cookie.name}"${cookie.domain ? ` for ${cookie.domain}` : ' for this host only'}${cookie.path ? `, path ${cookie.path}` : ''}${flags ? ` (${flags})` : ''}.`,
      details: describeSetCookie(cookie, now),
      findings: withJarFinding(explainSetCookie(cookie, request?.url), value),
      reference: 'RFC 6265 §4.1',
    };
  },
  'www-authenticate': (value) => explainChallengeHeader(value, 'WWW-Authenticate', 'Authorization'),
  'proxy-authenticate': (value) => explainChallengeHeader(value, 'Proxy-Authenticate', 'Proxy-Authorization'),
  'content-type': (value) => {
    const parsed = parseMediaType(value);
    const lenient = contentTypeParams(value);
    const essence = parsed.ok ? parsed.value.essence : lenient.type;
    const params = parsed.ok ? parsed.value.params : lenient.params;
    const charset = params['charset'];
    const details: HeaderDetail[] = [{ label: 'Media type', value: essence || '(none)' }];
    for (const [name, paramValue] of Object.entries(params)) details.push({ label: name, value: paramValue });
    const findings: Finding[] = [];
    if (!parsed.ok) {
      findings.push(syntaxFinding('content-type-syntax', 'Content-Type', `${parsed.error.message} (column ${parsed.error.position?.column ?? 1}).`, 'RFC 9110 §8.3.1'));
    }
    const isJson = essence === 'application/json' || essence.endsWith('+json');
    let charsetNote: string;
    if (isJson) {
      charsetNote = 'JSON is always UTF-8 (RFC 8259 §8.1)';
      if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
        findings.push({
          id: 'content-type-json-charset',
          severity: 'warning',
          title: `JSON declared as ${charset}`,
          message: `application/json defines no charset parameter and JSON exchanged between systems must be UTF-8 (RFC 8259 §8.1); "${charset}" is at best ignored.`,
          reference: 'RFC 8259 §8.1',
        });
      }
    } else if (charset !== undefined) charsetNote = `the text is decoded as ${charset}`;
    else if (essence.startsWith('text/') || essence.endsWith('xml')) {
      charsetNote = essence.endsWith('xml') ? 'no charset: the XML declaration or UTF-8 decides' : 'no charset: decoded as UTF-8 (the old ISO-8859-1 default no longer applies)';
    } else charsetNote = 'no charset (binary or self-describing content)';
    return {
      summary: `The body is ${essence || 'of an unnamed type'}; ${charsetNote}.`,
      details,
      findings,
      reference: 'RFC 9110 §8.3',
    };
  },
  location: (value, { request, status }) => {
    const trimmed = value.trim();
    const findings: Finding[] = [];
    let resolved: string | undefined;
    try {
      resolved = new URL(trimmed, request?.url).href;
    } catch {
      findings.push({
        id: 'location-invalid',
        severity: 'warning',
        title: 'Location is not a URL',
        message: `"${trimmed}" cannot be resolved${request ? ` against ${request.url}` : ''}, so a client cannot follow it.`,
        reference: 'RFC 9110 §10.2.2',
      });
    }
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(trimmed);
    const meaning =
      status === 201
        ? 'The created resource is at'
        : status !== undefined && status >= 300 && status < 400
          ? 'The redirect points to'
          : 'The response refers to';
    return {
      summary: `${meaning} ${resolved ?? trimmed}${relative && resolved ? ' (a relative reference, resolved against the request URL)' : ''}.`,
      details: resolved ? [{ label: 'Resolved', value: resolved }] : [],
      findings,
      reference: 'RFC 9110 §10.2.2',
    };
  },
  allow: (value, { request }) => {
    const methods = parseAllow(value);
    const findings: Finding[] = [];
    if (request && methods.length > 0 && !methods.includes(request.method)) {
      findings.push({
        id: 'allow-excludes-method',
        severity: 'info',
        title: `${request.method} is not listed`,
        message: `The resource lists ${methods.join(', ')}; the ${request.method} you sent is not among them.`,
        reference: 'RFC 9110 §10.2.1',
      });
    }
    return {
      summary: methods.length === 0 ? 'The resource currently allows no method at all.' : `The resource supports ${methods.join(', ')}.`,
      details: methods.map((m) => ({ label: m, value: 'allowed' })),
      findings,
      reference: 'RFC 9110 §10.2.1',
    };
  },
  'retry-after': (value, { now }) => {
    const parsed = parseRetryAfter(value, now);
    if (!parsed.ok) {
      return {
        summary: 'Says when to try again, but cannot be read.',
        details: [],
        findings: [syntaxFinding('retry-after-syntax', 'Retry-After', `${parsed.error.message}.`, 'RFC 9110 §10.2.3')],
        reference: 'RFC 9110 §10.2.3',
      };
    }
    return {
      summary: parsed.value.seconds === 0 ? 'You may retry now.' : `Wait ${parsed.value.seconds} seconds before retrying.`,
      details: [
        { label: 'Wait', value: `${parsed.value.seconds} s` },
        { label: 'Retry at', value: parsed.value.at.toISOString() },
      ],
      findings: [],
      reference: 'RFC 9110 §10.2.3',
    };
  },
  etag: (value) => {
    const parsed = parseEntityTag(value);
    if (!parsed.ok) {
      return {
        summary: 'A version tag of this representation, but malformed.',
        details: [],
        findings: [
          syntaxFinding(
            'etag-syntax',
            'ETag',
            `${parsed.error.message}. Clients echo the tag back in If-None-Match / If-Match, so an unquoted tag often breaks conditional requests.`,
            'RFC 9110 §8.8.3',
          ),
        ],
        reference: 'RFC 9110 §8.8.3',
      };
    }
    return {
      summary: parsed.value.weak
        ? 'A weak version tag: equal tags mean equivalent content, not identical bytes. Usable in If-None-Match (revalidation, 304), not for If-Match or ranges.'
        : 'A strong version tag: equal tags mean identical bytes. Send it in If-None-Match to revalidate (304 Not Modified) or in If-Match to update only this version (412 if it changed).',
      details: [
        { label: 'Strength', value: parsed.value.weak ? 'weak (W/)' : 'strong' },
        { label: 'Tag', value: parsed.value.opaque },
      ],
      findings: [],
      reference: 'RFC 9110 §8.8.3',
    };
  },
  'content-length': (value) => ({
    summary: /^\d+$/.test(value.trim()) ? `The body is ${Number(value.trim()).toLocaleString('en')} bytes on the wire.` : 'A body length that is not a number.',
    details: [],
    findings: /^\d+$/.test(value.trim())
      ? []
      : [syntaxFinding('content-length-syntax', 'Content-Length', `"${value}" is not a whole number of bytes.`, 'RFC 9110 §8.6')],
    reference: 'RFC 9110 §8.6',
  }),
  'content-encoding': (value) => ({
    summary: `The body was compressed with ${value.trim()} on the wire; the relay decoded it, so the views show the decoded bytes.`,
    details: [],
    findings: [],
    reference: 'RFC 9110 §8.4',
  }),
  'transfer-encoding': (value) => ({
    summary: `The body was framed with ${value.trim()} (e.g. chunked: sent in pieces without a length up front).`,
    details: [],
    findings: [],
    reference: 'RFC 9112 §6.1',
  }),
  vary: (value) => ({
    summary:
      value.trim() === '*'
        ? 'The response depends on things outside the request; caches cannot reuse it.'
        : `Caches must store separate copies per value of ${value.split(',').map((s) => s.trim()).filter(Boolean).join(', ')} in the request.`,
    details: [],
    findings: [],
    reference: 'RFC 9110 §12.5.5',
  }),
  date: (value, { now }) => dateHeader(value, now, 'When the server generated the response', 'RFC 9110 §6.6.1'),
  'last-modified': (value, { now }) => dateHeader(value, now, 'When the representation last changed; send it back in If-Modified-Since to revalidate', 'RFC 9110 §8.8.2'),
  expires: (value, { now }) => dateHeader(value, now, 'When the response becomes stale (ignored when Cache-Control has max-age)', 'RFC 9111 §5.3'),
  age: (value) => ({
    summary: `A cache has held this response for ${value.trim()} seconds.`,
    details: [],
    findings: [],
    reference: 'RFC 9111 §5.1',
  }),
  'strict-transport-security': (value) => {
    const directives = parseCacheControl(value);
    const maxAge = directives.find((d) => d.name === 'max-age')?.value;
    return {
      summary: `Browsers must use only HTTPS for this host${maxAge ? ` for ${maxAge} seconds` : ''}${directives.some((d) => d.name === 'includesubdomains') ? ', subdomains included' : ''}.`,
      details: directives.map((d) => ({ label: d.name, value: d.value ?? 'set' })),
      findings: [],
      reference: 'RFC 6797 §6.1',
    };
  },
  'x-content-type-options': (value) => ({
    summary: /^\s*nosniff\s*$/i.test(value)
      ? 'Browsers must trust Content-Type and not guess the type from the bytes.'
      : `"${value}" is not a known value (only nosniff is).`,
    details: [],
    findings: [],
    reference: 'Fetch §X-Content-Type-Options',
  }),
  'access-control-allow-origin': (value) => ({
    summary: value.trim() === '*' ? 'Any web page may read this response (without credentials).' : `Web pages from ${value.trim()} may read this response.`,
    details: [],
    findings: [],
    reference: 'Fetch §CORS protocol',
  }),
};

function explainChallengeHeader(value: string, header: string, answer: string): HeaderExplanation {
  const parsed = parseChallenges(value);
  if (!parsed.ok) {
    return {
      summary: `Asks for credentials, but the challenge cannot be read.`,
      details: [],
      findings: [syntaxFinding('challenge-syntax', header, `${parsed.error.message}.`, 'RFC 9110 §11.6.1')],
      reference: 'RFC 9110 §11.6.1',
    };
  }
  // A Cookie challenge is answered by a session cookie, not in Authorization (challengeCarrier).
  const inAnswer = parsed.value.filter((c) => challengeCarrier(c.scheme, answer).via === 'auth-scheme').map((c) => c.scheme);
  const byCookie = parsed.value.filter((c) => challengeCarrier(c.scheme, answer).via === 'cookie-jar').map((c) => c.scheme);
  const asks = [
    inAnswer.length ? `Asks for ${inAnswer.join(' or ')} credentials in ${answer}.` : '',
    byCookie.length ? `${inAnswer.length ? 'Or asks' : 'Asks'} for a session cookie (the ${byCookie.join(' or ')} scheme): a login sets it, and the Cookie header carries it back.` : '',
  ].filter(Boolean);
  return {
    summary: asks.length === 0 ? 'An empty challenge list.' : asks.join(' '),
    details: parsed.value.map((c) => ({ label: c.scheme, value: describeChallenge(c) })),
    findings: [],
    reference: 'RFC 9110 §11.6.1',
  };
}

function dateHeader(value: string, now: Date, meaning: string, reference: string): HeaderExplanation {
  const parsed = parseHttpDate(value, now);
  if (!parsed.ok) {
    return {
      summary: `${meaning}, but the date cannot be read.`,
      details: [],
      findings: [syntaxFinding('date-syntax', 'date', `${parsed.error.message}.`, 'RFC 9110 §5.6.7')],
      reference,
    };
  }
  const delta = Math.round((parsed.value.getTime() - now.getTime()) / 1000);
  const relative = delta === 0 ? 'now' : delta > 0 ? `in ${delta} s` : `${-delta} s ago`;
  return { summary: `${meaning}.`, details: [{ label: 'Date', value: `${parsed.value.toISOString()} (${relative})` }], findings: [], reference };
}

/** Lower-case names of the headers `explainResponseHeader` knows. */
export const EXPLAINED_RESPONSE_HEADERS: readonly string[] = Object.keys(explainers);

/**
 * Explains one response header field, or returns undefined for a header this inspector
 * has nothing to say about. Never throws for any string value.
 */
export function explainResponseHeader(field: HeaderField, context: HeaderExplanationContext = {}): HeaderExplanation | undefined {
  if (!field || typeof field.name !== 'string' || typeof field.value !== 'string') {
    throw new TypeError('explainResponseHeader expects a header field with a string name and value');
  }
  const name = field.name.toLowerCase();
  const explain = Object.hasOwn(explainers, name) ? explainers[name] : undefined;
  return explain?.(field.value, { ...context, now: context.now ?? new Date() });
}
