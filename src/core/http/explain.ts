/**
 * `explainResponse`: what a response means for the request that caused it. The first
 * finding always summarises the status; the rest read the response's headers against the
 * request — challenges against credentials, Allow against the method, Retry-After against
 * the clock, Location against the method's fate — in the words of spec §4.2 and §7.
 */
import type { WireRequest, WireResponse } from '../types';
import { headerValue } from '../types';
import type { Finding } from './finding';
import type { Verdict } from './verdict';
import { STANDARD_METHODS, methodSemantics } from './methods';
import { statusInfo, type StatusClass } from './status';
import { parseAllow, parseRetryAfter } from './responseHeaders';
import { authenticationFailureSummary, explainForbidden, explainProxyAuthentication, explainUnauthorized, forbiddenAuthenticationError, type AuthContext } from './explainAuth';
import {
  explainBadRequest,
  explainProblemDetails,
  explainUnprocessableContent,
  explainUnsupportedMediaType,
} from './explainContent';
import { explainRedirect } from './explainRedirect';
import { describeRequestBody } from './requestBody';
import { soapFaultOfResponse, soapFaultSummary } from './explainSoapStatus';
import type { SoapFault } from '../soap/soapFault';
import { explainStreamedResponse } from '../stream/explainStream';
import { graphQlStatusSummary } from '../protocols/graphql/explainStatus';

/**
 * Options of {@link explainResponse}. The auth context (`composedAuth`, `cookieJar`) says what
 * the composer had set, so an action offers only what would change the request.
 */
export interface ExplainOptions extends AuthContext {
  /** The moment to count Retry-After from; defaults to the current time. */
  now?: Date;
  /**
   * The SOAP fault the body carries, when the caller has already read it (null: none).
   * By default it is read from `response.bodyText` when the response is XML.
   */
  soapFault?: SoapFault | null;
}

/** What a status class alone says about an exchange (RFC 9110 §15: 4xx the request, 5xx the server). */
const CLASS_VERDICT: Record<StatusClass, Verdict | undefined> = {
  informational: undefined,
  success: { outcome: 'succeeded' },
  redirection: undefined,
  'client-error': { blame: 'request', outcome: 'failed' },
  'server-error': { blame: 'server', outcome: 'failed' },
  unknown: { outcome: 'failed' },
};

const SUMMARY_SEVERITY: Record<StatusClass, Finding['severity']> = {
  informational: 'info',
  success: 'success',
  redirection: 'info',
  'client-error': 'error',
  'server-error': 'error',
  unknown: 'error',
};

/**
 * Explains `response` as the answer to `request`. The first finding is always the status
 * summary (from `statusInfo`); the others are specific to this exchange. Never includes a
 * credential value. Never throws for a well-formed request/response pair, whatever the
 * status code or header contents.
 */
export function explainResponse(request: WireRequest, response: WireResponse, options: ExplainOptions = {}): Finding[] {
  if (request === null || typeof request !== 'object' || !Array.isArray(request.headers)) {
    throw new TypeError('explainResponse expects a WireRequest with a headers array');
  }
  if (response === null || typeof response !== 'object' || !Array.isArray(response.headers)) {
    throw new TypeError('explainResponse expects a WireResponse with a headers array');
  }
  if (typeof response.status !== 'number') {
    throw new TypeError(`explainResponse expects a numeric status, got ${typeof response.status}`);
  }
  const now = options.now ?? new Date();
  const status = response.status;
  const info = statusInfo(status);
  const fault = options.soapFault === undefined ? soapFaultOfResponse(response) : options.soapFault;
  // With a SOAP fault the fault code says who is at fault; every finding then speaks in its voice.
  // A 403 whose body names an authentication failure (a signature that does not match) is summarised as that.
  const authenticationError = fault ? undefined : forbiddenAuthenticationError(response);
  // A GraphQL body's errors govern likewise: a 200 with errors is no success, a 400 for a parse error the request's fault.
  const graphQl = fault ? undefined : graphQlStatusSummary(request, response, info);
  const context: AuthContext = { ...(options.composedAuth !== undefined ? { composedAuth: options.composedAuth } : {}), ...(options.cookieJar !== undefined ? { cookieJar: options.cookieJar } : {}) };
  const summary: Finding = fault
    ? soapFaultSummary(fault, status, info).finding
    : graphQl
      ? graphQl
      : authenticationError
      ? authenticationFailureSummary(authenticationError, status, info)
      : {
          id: 'status',
          severity: SUMMARY_SEVERITY[info.class],
          title: `${status} ${info.reason}`,
          message: info.explanation,
          next: info.nextStep,
          reference: info.reference,
          ...(CLASS_VERDICT[info.class] ? { verdict: CLASS_VERDICT[info.class] } : {}),
        };
  const findings: Finding[] = [];

  switch (status) {
    case 400:
      findings.push(...explainBadRequest(request));
      break;
    case 401:
      findings.push(...explainUnauthorized(request, response, context));
      break;
    case 403:
      findings.push(...explainForbidden(request, response, context));
      break;
    case 405:
      findings.push(...explainMethodNotAllowed(request, response));
      break;
    case 407:
      findings.push(...explainProxyAuthentication(request, response));
      break;
    case 415:
      findings.push(...explainUnsupportedMediaType(request, response));
      break;
    case 422:
      findings.push(...explainUnprocessableContent(request));
      break;
    case 501:
      findings.push(...explainNotImplemented(request));
      break;
    case 507:
      findings.push(explainInsufficientStorage(request));
      break;
  }
  if (info.class === 'redirection') findings.push(...explainRedirect(request, response));
  if (info.class === 'success' && !fault) findings.push(...explainSuccess(request, response));
  findings.push(...explainRetryAfter(response, now));
  if (info.class === 'client-error' || info.class === 'server-error') {
    findings.push(...explainProblemDetails(response, info));
  }
  if (info.class === 'server-error') findings.push(explainServerFault(request, response));
  return [summary, ...(fault || graphQl ? findings.filter((f) => agrees(f.verdict, summary.verdict)) : findings)];
}

/**
 * Whether a finding's verdict agrees with the summary's: a finding written for the status
 * class (a 5xx is the server's fault) is left out when the summary, following a SOAP fault
 * code, concludes otherwise.
 */
function agrees(verdict: Verdict | undefined, governing: Verdict | undefined): boolean {
  if (!verdict || !governing) return true;
  return (Object.keys(verdict) as (keyof Verdict)[]).every((q) => verdict[q] === undefined || governing[q] === undefined || verdict[q] === governing[q]);
}

/** 405: the methods the resource allows, or the missing Allow header. */
function explainMethodNotAllowed(request: WireRequest, response: WireResponse): Finding[] {
  const allowHeader = headerValue(response.headers, 'Allow');
  if (allowHeader === undefined) {
    return [
      {
        id: 'method-not-allowed-no-allow',
        severity: 'error',
        title: '405 without Allow',
        message: `Server convention violation: a 405 must list the methods the resource supports in an Allow header (RFC 9110 §15.5.6). Without it you cannot tell which method to use instead of ${request.method}; try OPTIONS or the API documentation.`,
        reference: 'RFC 9110 §15.5.6',
      },
    ];
  }
  const allowed = parseAllow(allowHeader);
  const findings: Finding[] = [];
  if (allowed.length === 0) {
    findings.push({
      id: 'method-not-allowed',
      severity: 'error',
      title: `${request.method} not allowed; nothing is`,
      message: 'The Allow header is empty: the resource currently allows no method at all (RFC 9110 §10.2.1), for example because it is disabled.',
      reference: 'RFC 9110 §10.2.1',
    });
  } else if (allowed.includes(request.method)) {
    findings.push({
      id: 'method-not-allowed-contradiction',
      severity: 'warning',
      title: `Allow lists ${request.method} itself`,
      message: `The server refused ${request.method} but lists it in Allow (${allowed.join(', ')}). The server contradicts itself; the refusal may depend on something else, such as a header or the resource\u2019s state.`,
      reference: 'RFC 9110 §15.5.6',
    });
  } else {
    const caseTwin = allowed.find((m) => m !== request.method && m.toUpperCase() === request.method.toUpperCase());
    findings.push({
      id: 'method-not-allowed',
      severity: 'error',
      title: `${request.method} not allowed here`,
      message: `This resource does not support ${request.method}. Allowed: ${allowed.join(', ')}.${caseTwin ? ` Methods are case-sensitive (RFC 9110 §9.1): you sent "${request.method}", the server allows "${caseTwin}".` : ''}`,
      reference: 'RFC 9110 §15.5.6',
    });
  }
  const override = headerValue(request.headers, 'X-HTTP-Method-Override');
  if (request.method === 'POST' && override !== undefined) {
    findings.push({
      id: 'method-override-ignored',
      severity: 'info',
      title: 'Method override possibly not honoured',
      message: `Your POST carried X-HTTP-Method-Override: ${override}. The 405 suggests the server judged the request as POST, i.e. it does not support the override header (spec §4.2).`,
      reference: 'spec §4.2',
    });
  }
  return findings;
}

/** 501 for a method the server does not know, with the case-sensitivity hint. */
function explainNotImplemented(request: WireRequest): Finding[] {
  const semantics = methodSemantics(request.method);
  if ((STANDARD_METHODS as readonly string[]).includes(semantics.method)) return [];
  return [
    {
      id: 'method-not-implemented',
      severity: 'warning',
      title: `Unknown method ${semantics.method}`,
      message: `The server does not implement the method ${semantics.method || '(empty)'}. ${semantics.notes.filter((n) => /case-sensitive|not a valid method token/.test(n)).join(' ')}`.trim(),
      reference: 'RFC 9110 §15.6.2',
    },
  ];
}

function explainInsufficientStorage(request: WireRequest): Finding {
  const body = describeRequestBody(request);
  return {
    id: 'insufficient-storage',
    severity: 'error',
    title: 'The server cannot store this',
    message: `The server cannot store what your request needs (${body.phrase}). It is out of space rather than objecting to the request\u2019s form: retry later, or send less data; report it if it persists.`,
    reference: 'RFC 4918 §11.5',
  };
}

/** Every 5xx: the server's fault, never hidden; whether a retry is safe depends on the method. */
function explainServerFault(request: WireRequest, response: WireResponse): Finding {
  const semantics = methodSemantics(request.method);
  const method = semantics.method || '(empty method)';
  let retry: string;
  const verdict: Verdict = { blame: 'server', outcome: 'failed' };
  if (response.status === 501 || response.status === 505) {
    retry = 'Retrying the same request will not help; it needs to change.';
    verdict.retry = 'will-fail';
  } else if (semantics.idempotent) {
    verdict.retry = 'may-succeed';
    retry = `Your ${method} is idempotent, so it is safe to retry${headerValue(response.headers, 'Retry-After') !== undefined ? ' after the Retry-After time' : ', preferably after a short, growing wait'}.`;
  } else {
    retry = `Your ${method} is not idempotent: the server may have acted before failing, so retrying may repeat its effect. Check whether it took effect, and do not retry without the user\u2019s consent.`;
  }
  return {
    id: 'server-fault',
    severity: 'error',
    title: 'Server fault, not yours',
    message: `A ${response.status} is a server-side error, returned to you rather than hidden (spec §7); it does not mean your request was wrong. ${retry}`,
    reference: 'RFC 9110 §15.6',
    verdict,
  };
}

/** Retry-After on any response (429, 503, 3xx, 413): a countdown, or why it cannot be read. */
function explainRetryAfter(response: WireResponse, now: Date): Finding[] {
  const value = headerValue(response.headers, 'Retry-After');
  if (value === undefined) {
    if (response.status === 429 || response.status === 503) {
      return [
        {
          id: 'retry-after-absent',
          severity: 'info',
          title: 'No Retry-After given',
          message: `The server did not say when to retry. Wait before retrying and double the wait after each further ${response.status} (exponential backoff), rather than retrying at once.`,
          reference: 'RFC 9110 §10.2.3',
        },
      ];
    }
    return [];
  }
  const parsed = parseRetryAfter(value, now);
  if (!parsed.ok) {
    return [
      {
        id: 'retry-after-invalid',
        severity: 'warning',
        title: 'Unreadable Retry-After',
        message: `${parsed.error.message}. It should be a number of seconds (e.g. 120) or an HTTP-date (e.g. Sun, 06 Nov 1994 08:49:37 GMT).`,
        reference: 'RFC 9110 §10.2.3',
      },
    ];
  }
  const { seconds, at } = parsed.value;
  const when = Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  return [
    {
      id: 'retry-after',
      severity: 'info',
      title: seconds === 0 ? 'You may retry now' : `Retry after ${formatWait(seconds)}`,
      message: `The server asks you to wait ${formatWait(seconds)}${when ? `, until ${when},` : ''} before ${response.status >= 300 && response.status < 400 ? 'following the redirect' : 'sending the request again'}.${/^\s*\d+\s*$/.test(value) ? '' : ' The value is an HTTP-date; the wait is counted from now.'}`,
      reference: 'RFC 9110 §10.2.3',
      action: when ? { kind: 'retry-after', seconds, at: when } : { kind: 'retry-after', seconds },
    },
  ];
}

function formatWait(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes (${seconds} seconds)`;
  return `${Math.round(seconds / 3600)} hours (${seconds} seconds)`;
}

/** 2xx notes: what a POST created, a 202 still pending, a 204 that carries a body, a streamed body. */
function explainSuccess(request: WireRequest, response: WireResponse): Finding[] {
  const findings: Finding[] = [];
  if (response.status === 201) {
    const location = headerValue(response.headers, 'Location')?.trim();
    let href = location;
    if (location) {
      try {
        href = new URL(location, request.url).href;
      } catch {
        href = location;
      }
    }
    const repeat = methodSemantics(request.method).idempotent
      ? ''
      : ` Do not send this ${request.method} again, or you may create a second one.`;
    findings.push(
      href
        ? {
            id: 'created-location',
            severity: 'success',
            title: `Created at ${href}`,
            message: `Your ${request.method} created a resource, at ${href} (Location).${repeat}`,
            reference: 'RFC 9110 §15.3.2',
            action: { kind: 'follow', location: href },
          }
        : {
            id: 'created-no-location',
            severity: 'info',
            title: 'Created, without Location',
            message: `Your ${request.method} created a resource, but the response has no Location header, which means the primary resource created is the request URI itself (RFC 9110 §15.3.2).${repeat}`,
            reference: 'RFC 9110 §15.3.2',
          },
    );
  }
  if (response.status === 202) {
    findings.push({
      id: 'accepted-pending',
      severity: 'info',
      title: 'Accepted, not done',
      message: `Your ${request.method} was accepted, but processing has not finished and may still fail. Check the status the server points to instead of sending it again.`,
      reference: 'RFC 9110 §15.3.3',
    });
  }
  if ((response.status === 204 || response.status === 205) && response.bodyText !== undefined && response.bodyText !== '') {
    findings.push({
      id: 'no-content-with-body',
      severity: 'warning',
      title: `${response.status} with a body`,
      message: `A ${response.status} response cannot have content (RFC 9110 §15.3.${response.status === 204 ? 5 : 6}), yet this one carries some. Clients will ignore it or misread the next response on the connection.`,
      reference: `RFC 9110 §15.3.${response.status === 204 ? 5 : 6}`,
    });
  }
  findings.push(...explainStreamedResponse(request, response));
  return findings;
}
