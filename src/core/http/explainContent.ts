/**
 * Explanations for answers about the request content (spec §7): 415 (media type), 400
 * (syntax or value) and 422 (semantics) told apart by naming what the request actually
 * sent — its Content-Type and size — and, for JSON and XML bodies, whether and where the
 * syntax breaks. Also reads an RFC 9457 problem-details body when the server sends one.
 */
import { XMLValidator } from 'fast-xml-parser';
import type { WireRequest, WireResponse } from '../types';
import { headerValue } from '../types';
import type { Finding } from './finding';
import type { StatusInfo } from './status';
import { parseJson } from '../encoding/json';
import { describeRequestBody, isJsonMediaType, isXmlMediaType, mediaTypeEssence, type RequestBodyDescription } from './requestBody';

/** A syntax verdict on the request body, when its media type is one we can check. */
type SyntaxVerdict =
  | { checked: false }
  | { checked: true; format: 'JSON' | 'XML'; valid: true }
  | { checked: true; format: 'JSON' | 'XML'; valid: false; where: string };

function checkSyntax(body: RequestBodyDescription): SyntaxVerdict {
  if (body.text === undefined || body.mediaType === undefined) return { checked: false };
  if (isJsonMediaType(body.mediaType)) {
    const parsed = parseJson(body.text);
    if (parsed.ok) return { checked: true, format: 'JSON', valid: true };
    const at = parsed.error.position;
    const message = parsed.error.message.replace(/\.$/, '');
    const where = at ? `${message} at line ${at.line}, column ${at.column} (offset ${at.offset})` : message;
    return { checked: true, format: 'JSON', valid: false, where };
  }
  if (isXmlMediaType(body.mediaType)) {
    const result = XMLValidator.validate(body.text);
    if (result === true) return { checked: true, format: 'XML', valid: true };
    const { msg, line, col } = result.err;
    return { checked: true, format: 'XML', valid: false, where: `${msg.replace(/\.$/, '')} at line ${line}, column ${col}` };
  }
  return { checked: false };
}

function sentence(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

function contentTypeClause(body: RequestBodyDescription): string {
  return body.contentType === undefined ? 'no Content-Type header' : `Content-Type: ${body.contentType}`;
}

/** Explanations for a 415: which media type was refused, and which the server accepts. */
export function explainUnsupportedMediaType(request: WireRequest, response: WireResponse): Finding[] {
  const body = describeRequestBody(request);
  const accepted = ['Accept', 'Accept-Post', 'Accept-Patch']
    .map((name) => ({ name, value: headerValue(response.headers, name) }))
    .filter((h): h is { name: string; value: string } => h.value !== undefined && h.value.trim() !== '');
  const encoding = headerValue(request.headers, 'Content-Encoding');
  const acceptEncoding = headerValue(response.headers, 'Accept-Encoding');

  let message = `${sentence(body.phrase)} (${contentTypeClause(body)}), and the server does not accept that format for ${request.method} here. A 415 is about the media type (or content coding), not the syntax (that would be 400) or the meaning of the content (422).`;
  if (body.contentType === undefined && body.bytes > 0) {
    message += ' Your body has no Content-Type, so the server cannot know how to read it: add one.';
  }
  if (encoding !== undefined) {
    message += ` Your body is also content-coded (Content-Encoding: ${encoding})${acceptEncoding !== undefined ? `; the server accepts the codings "${acceptEncoding}"` : ''}.`;
  }
  if (accepted.length > 0) {
    message += ` The server says it accepts: ${accepted.map((h) => `${h.value} (${h.name})`).join('; ')}.`;
  } else {
    message += ' The response does not list accepted types (an Accept or Accept-Patch header would); check the API documentation.';
  }
  return [
    {
      id: 'media-type-unsupported',
      severity: 'error',
      title: body.mediaType ? `${body.mediaType} not accepted` : 'Body format not accepted',
      message,
      reference: 'RFC 9110 §15.5.16',
    },
  ];
}

/** Explanations for a 400: whether the body's syntax is the problem, and where. */
export function explainBadRequest(request: WireRequest): Finding[] {
  const body = describeRequestBody(request);
  if (body.bytes === 0 && body.files.length === 0) {
    return [
      {
        id: 'bad-request-no-body',
        severity: 'info',
        title: 'No body: look at the URL and headers',
        message: 'Your request had no body, so the 400 concerns the URL (path, query parameters and their values) or a header. Check each value\u2019s format, for example a date or an identifier.',
        reference: 'RFC 9110 §15.5.1',
      },
    ];
  }
  const verdict = checkSyntax(body);
  if (verdict.checked && !verdict.valid) {
    return [
      {
        id: 'bad-request-syntax',
        severity: 'error',
        title: `Request body is not valid ${verdict.format}`,
        message: `${sentence(body.phrase)}, and it does not parse as ${verdict.format}: ${verdict.where}. Fix the syntax and send it again; this is the malformed-syntax case of 400.`,
        reference: 'RFC 9110 §15.5.1',
      },
    ];
  }
  if (verdict.checked) {
    return [
      {
        id: 'bad-request-value',
        severity: 'warning',
        title: `Valid ${verdict.format}, rejected anyway`,
        message: `${sentence(body.phrase)} and it parses as ${verdict.format}, so the syntax is fine. The 400 is then about an input value (for example a badly formatted date), a missing or unexpected field, or a header; the response body should say which.`,
        reference: 'RFC 9110 §15.5.1',
      },
    ];
  }
  return [
    {
      id: 'bad-request-body',
      severity: 'warning',
      title: 'Check the body and its values',
      message: `${sentence(body.phrase)} (${contentTypeClause(body)}). The server found it malformed or an input value invalid; compare the body with what the API expects${body.contentType === undefined ? ', and add a Content-Type so the server knows how to read it' : ''}.`,
      reference: 'RFC 9110 §15.5.1',
    },
  ];
}

/** Explanations for a 422: the format was understood; the contents are refused. */
export function explainUnprocessableContent(request: WireRequest): Finding[] {
  const body = describeRequestBody(request);
  const verdict = checkSyntax(body);
  if (verdict.checked && !verdict.valid) {
    return [
      {
        id: 'unprocessable-but-malformed',
        severity: 'warning',
        title: `422 for a body that is not valid ${verdict.format}`,
        message: `${sentence(body.phrase)}, which does not parse as ${verdict.format} (${verdict.where}). 422 means the syntax was fine and the meaning was wrong; for broken syntax a 400 would be expected. Fix the syntax first.`,
        reference: 'RFC 9110 §15.5.21',
      },
    ];
  }
  return [
    {
      id: 'unprocessable-content',
      severity: 'error',
      title: 'Well-formed, but the contents are refused',
      message: `${sentence(body.phrase)}${verdict.checked ? `, which parses as ${verdict.format}` : ''}. The server understood the content type and the syntax, but cannot process the contents because of semantic errors (a value out of range, a reference to something that does not exist, rules that contradict each other). This differs from 400, where the syntax is wrong: fix the values the response names.`,
      reference: 'RFC 9110 §15.5.21',
    },
  ];
}

/** Text compared for repetition: case, spacing and closing punctuation aside. */
const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').replace(/[.!]+$/, '').toLowerCase();

/**
 * The server's own explanation when it sends RFC 9457 problem details
 * (`application/problem+json`) with a title or detail. Whatever only restates what the
 * status registry already says for this code (`info`: its reason phrase as the title, its
 * explanation as the detail) is not said twice; problem details that add nothing give no finding.
 */
export function explainProblemDetails(response: WireResponse, info?: Pick<StatusInfo, 'reason' | 'explanation'>): Finding[] {
  const contentType = headerValue(response.headers, 'Content-Type');
  if (contentType === undefined || mediaTypeEssence(contentType) !== 'application/problem+json') return [];
  if (response.bodyText === undefined) return [];
  let problem: unknown;
  try {
    problem = JSON.parse(response.bodyText);
  } catch {
    return [
      {
        id: 'problem-details-malformed',
        severity: 'warning',
        title: 'Problem details are not valid JSON',
        message: 'The response says it is application/problem+json, but its body does not parse as JSON.',
        reference: 'RFC 9457 §3',
      },
    ];
  }
  if (problem === null || typeof problem !== 'object' || Array.isArray(problem)) return [];
  const record = problem as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  const type = text('type');
  const repeats = (value: string | undefined, registry: string | undefined) => value !== undefined && registry !== undefined && normalized(value) === normalized(registry);
  const title = repeats(text('title'), info?.reason) ? undefined : text('title');
  const detail = repeats(text('detail'), info?.explanation) ? undefined : text('detail');
  if (title === undefined && detail === undefined) return [];
  return [
    {
      id: 'problem-details',
      severity: 'info',
      title: `The server explains: ${title ?? 'problem details'}`,
      message: [detail, type && type !== 'about:blank' ? `Problem type: ${type}.` : undefined]
        .filter((p): p is string => p !== undefined)
        .join(' ') || (title ?? ''),
      reference: 'RFC 9457 §3',
    },
  ];
}
