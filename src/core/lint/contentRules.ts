/**
 * Rules about what the body is and what the headers say it is (spec §4.3, §7; RFC 9110
 * §8.3, §8.6): a body without Content-Type, a Content-Type that does not parse or
 * contradicts the body, and a hand-written Content-Length that is wrong. JSON and media
 * type grammar come from the encoding area, XML well-formedness from the SOAP area.
 */
import { formatMediaType, parseJson, parseMediaType } from '../encoding';
import { positionAt, headerValues, type WireRequest } from '../types';
import { headerFixFits } from './lintFix';
import { findingOf, type LintFinding, type LintFix, type LintRule } from './lintFinding';
import { bytesPhrase, requestFacts, type RequestFacts } from './requestFacts';

const FORM_BODY = /^[^=&\s{}<>[\]"]+=[^&\s]*(?:&[^=&\s]+=[^&\s]*)*$/;

function parsesAsJson(text: string): boolean {
  const trimmed = text.trimStart();
  return (trimmed.startsWith('{') || trimmed.startsWith('[')) && parseJson(text).ok;
}

/** The multipart boundary a body opens with (`--boundary` CRLF), if it does. */
export function openingBoundary(text: string): string | undefined {
  const match = /^--([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])\r\n/.exec(text);
  return match?.[1];
}

function multipartType(boundary: string): string | undefined {
  try {
    return formatMediaType({ type: 'multipart', subtype: 'form-data', params: { boundary } });
  } catch {
    return undefined;
  }
}

/**
 * The Content-Type a body most likely needs, judged from its content, or undefined when
 * nothing can be said (binary bytes behind files, a body too large to read).
 */
export function guessContentType(request: WireRequest, facts: RequestFacts = requestFacts(request)): string | undefined {
  const chunks = request.body ?? [];
  const only = chunks.length === 1 ? chunks[0] : undefined;
  if (only !== undefined && typeof only === 'object' && !(only instanceof Uint8Array)) return only.type || undefined;
  const text = facts.body.text ?? (typeof chunks[0] === 'string' ? chunks[0] : undefined);
  if (text === undefined) return undefined;
  const boundary = openingBoundary(text);
  if (boundary !== undefined) return multipartType(boundary);
  if (facts.body.text === undefined) return undefined;
  const envelope = facts.envelopeVersion();
  if (envelope === '1.1') return 'text/xml; charset=utf-8';
  if (envelope === '1.2') return 'application/soap+xml; charset=utf-8';
  if (facts.looksLikeXml) return facts.xml()?.ok ? 'application/xml' : undefined;
  // A body opening like JSON is JSON, valid or not: the syntax error is then reported against that type.
  if (/^[{[]/.test(text.trimStart())) return 'application/json';
  if (FORM_BODY.test(text.trim())) return 'application/x-www-form-urlencoded';
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/.test(text)) return 'application/octet-stream';
  return 'text/plain; charset=utf-8';
}

/**
 * `contentType` with parameters `changes` set (other parameters kept), written canonically;
 * undefined when the result could not be written (e.g. a value no header can carry).
 */
export function contentTypeWithParams(contentType: string, changes: Record<string, string>, fallback = 'application/octet-stream'): string | undefined {
  const parsed = parseMediaType(contentType);
  const essence = parsed.ok ? parsed.value.essence : contentType.split(';')[0]!.trim() || fallback;
  const [type, subtype] = essence.split('/');
  try {
    return formatMediaType({ type: type ?? '', subtype: subtype ?? '', params: { ...(parsed.ok ? parsed.value.params : {}), ...changes } });
  } catch {
    return undefined;
  }
}

function setContentType(value: string | undefined, label = `Set Content-Type: ${value}`): LintFix | undefined {
  return value === undefined ? undefined : { label, kind: 'set-header', name: 'Content-Type', value };
}

/** A body sent without Content-Type. */
export const contentTypeMissingRule: LintRule = {
  id: 'content-type-missing',
  title: 'Body without Content-Type',
  why: 'Content-Type tells the server how to read the body; without it the server has to guess, and an unsupported or unknown media type is answered with 415 (spec §7, RFC 9110 §8.3).',
  check(request) {
    const facts = requestFacts(request);
    if (!facts.hasBody || headerValues(request.headers, 'Content-Type').length > 0) return [];
    const guess = guessContentType(request, facts);
    const hint = guess === undefined ? '' : ` It looks like ${guess.split(';')[0]}.`;
    return [
      findingOf(this, 'warning', `The request has a body of ${bytesPhrase(facts.body.bytes)} but no Content-Type header, so the server has to guess how to read it.${hint}`, {
        field: 'header:Content-Type',
        fix: setContentType(guess),
      }),
    ];
  },
};

/** A Content-Type value that is not a media type, or more than one Content-Type. */
export const contentTypeSyntaxRule: LintRule = {
  id: 'content-type-syntax',
  title: 'Content-Type is one valid media type',
  why: 'Content-Type is a single media type: type "/" subtype followed by ";" name=value parameters whose values are tokens or quoted strings (RFC 9110 §8.3, §8.3.1).',
  check(request) {
    const values = headerValues(request.headers, 'Content-Type');
    const findings: LintFinding[] = [];
    const field = 'header:Content-Type';
    if (values.length > 1) {
      findings.push(
        findingOf(this, 'error', `The request has ${values.length} Content-Type headers (${values.join(' | ')}); the body has one type, and servers disagree on which header wins.`, {
          field,
          fix: headerFixFits('Content-Type', values[0]!) ? { label: 'Keep only the first', kind: 'set-header', name: 'Content-Type', value: values[0]! } : undefined,
        }),
      );
    }
    for (const value of values) {
      const parsed = parseMediaType(value);
      if (parsed.ok) continue;
      const column = parsed.error.position?.column;
      findings.push(
        findingOf(this, 'error', `Content-Type "${value}" is not a valid media type: ${parsed.error.message}${column === undefined ? '' : ` (column ${column})`}.`, { field }),
      );
    }
    return findings;
  },
};

function contradiction(rule: LintRule, request: WireRequest, facts: RequestFacts): LintFinding | undefined {
  const text = facts.body.text;
  if (text === undefined || !facts.hasBody) return undefined;
  const field = 'body';
  const declared = facts.essence;
  const guess = guessContentType(request, facts);
  const guessed = guess?.split(';')[0];
  const relabel = guess !== undefined && guessed !== declared && guessed !== 'text/plain' && guessed !== 'application/octet-stream' ? setContentType(guess) : undefined;
  if (facts.isJson) {
    const parsed = parseJson(text);
    if (parsed.ok) return undefined;
    const at = parsed.error.position ?? positionAt(text, 0);
    return findingOf(
      rule,
      'error',
      `Content-Type says ${declared}, but the body is not JSON: ${parsed.error.message} at line ${at.line}, column ${at.column}. The server will answer 400.`,
      { field, fix: relabel },
    );
  }
  if (declared === 'application/x-www-form-urlencoded') {
    if (parsesAsJson(text) || (facts.looksLikeXml && facts.xml()?.ok)) {
      return findingOf(rule, 'error', `Content-Type says ${declared}, but the body is ${guess?.split(';')[0] ?? 'not name=value pairs'}; a form decoder would read it as one garbled field.`, {
        field,
        fix: relabel,
      });
    }
    return undefined;
  }
  if (facts.isXml) {
    if (!facts.looksLikeXml) {
      const start = JSON.stringify(text.trimStart().slice(0, 1) || '');
      return findingOf(rule, 'error', `Content-Type says ${declared}, but the body does not start with "<" (it starts with ${start}), so it is not XML.`, {
        field,
        fix: relabel,
      });
    }
    const xml = facts.xml();
    if (xml && !xml.ok) {
      return findingOf(rule, 'error', `Content-Type says ${declared}, but the body is not well-formed XML: ${xml.error.message} The server will answer 400.`, { field });
    }
  }
  return undefined;
}

/** A body that is not what its Content-Type says. */
export const bodyMatchesContentTypeRule: LintRule = {
  id: 'body-matches-content-type',
  title: 'Body matches its Content-Type',
  why: 'An application/json body is a JSON document, a form body is name=value pairs joined by "&", an XML body is well-formed XML (spec §4.3, §4.5); a body in the right format with bad syntax is answered with 400, a wrong format with 415 (spec §7).',
  check(request) {
    const finding = contradiction(this, request, requestFacts(request));
    return finding ? [finding] : [];
  },
};

/** A Content-Length given by hand that is not the body's length. */
export const contentLengthRule: LintRule = {
  id: 'content-length-mismatch',
  title: 'Content-Length matches the body',
  why: 'Content-Length is the body size in bytes; a wrong value makes the server wait for bytes that never come or read the next request into this one (RFC 9110 §8.6, RFC 9112 §6.3). Leave it out and let the client compute it.',
  check(request) {
    const values = headerValues(request.headers, 'Content-Length');
    if (values.length === 0) return [];
    const facts = requestFacts(request);
    const actual = facts.body.bytes;
    const fix: LintFix = { label: 'Remove it (computed when sent)', kind: 'remove-header', name: 'Content-Length' };
    const field = 'header:Content-Length';
    const distinct = [...new Set(values.map((v) => v.trim()))];
    if (distinct.length > 1) {
      return [findingOf(this, 'error', `Content-Length is sent ${values.length} times with different values (${distinct.join(', ')}); the body has ${bytesPhrase(actual)}.`, { field, fix })];
    }
    const given = distinct[0]!;
    if (!/^\d+$/.test(given)) {
      return [findingOf(this, 'error', `Content-Length "${given}" is not a number of bytes (digits only); the body has ${bytesPhrase(actual)}.`, { field, fix })];
    }
    if (Number(given) !== actual) {
      return [findingOf(this, 'error', `Content-Length says ${given} but the body has ${bytesPhrase(actual)}.`, { field, fix })];
    }
    if (headerValues(request.headers, 'Transfer-Encoding').length > 0) {
      return [findingOf(this, 'error', 'The request has both Content-Length and Transfer-Encoding; a sender must not send both (RFC 9112 §6.2).', { field, fix })];
    }
    return [];
  },
};

/** The content rules in registry order (multipart has its own module). */
export const CONTENT_RULES: readonly LintRule[] = [contentTypeMissingRule, contentTypeSyntaxRule, bodyMatchesContentTypeRule, contentLengthRule];
