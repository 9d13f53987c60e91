/**
 * Applying a lint fix: the UI hands back the {@link LintFix} value a finding offered and
 * gets the corrected request, so what "Use POST" or "Move the key to a header" does is
 * decided here once. The input request is never modified.
 */
import { isAuthToken } from '../auth';
import { formatUrlParts, parseUrlParts } from '../encoding';
import { isValidMethodToken } from '../http';
import type { HeaderField, WireRequest } from '../types';
import type { LintFix } from './lintFinding';
import { withXmlEncoding } from './xmlDeclaration';

/**
 * `headers` with exactly one header `name: value`: it takes the place of the first header
 * of that name (case-insensitive, the name written as given) and the others are dropped;
 * without one it is appended.
 */
export function withHeader(headers: readonly HeaderField[], name: string, value: string): HeaderField[] {
  const lower = name.toLowerCase();
  const out: HeaderField[] = [];
  let placed = false;
  for (const header of headers) {
    if (header.name.toLowerCase() !== lower) out.push(header);
    else if (!placed) {
      out.push({ name, value });
      placed = true;
    }
  }
  if (!placed) out.push({ name, value });
  return out;
}

/** Whether a set-header fix with this name and value can be applied (rules check before offering one). */
export function headerFixFits(name: string, value: string): boolean {
  return isAuthToken(name) && !/[\r\n\0]/.test(value);
}

function checkHeader(name: string, value: string): void {
  if (!isAuthToken(name)) throw new RangeError(`Lint fix header name "${name}" is not an RFC 9110 token`);
  const bad = value.search(/[\r\n\0]/);
  if (bad >= 0) throw new RangeError(`Lint fix value for header "${name}" contains CR, LF or NUL at index ${bad}`);
}

function moveQueryToHeader(request: WireRequest, fix: Extract<LintFix, { kind: 'move-query-to-header' }>): WireRequest {
  const parts = parseUrlParts(request.url);
  const moved = parts.query.find((p) => p.name === fix.param);
  if (!moved) throw new RangeError(`Lint fix: the URL has no query parameter "${fix.param}" to move`);
  const raw = typeof moved.value === 'string' ? moved.value : moved.value.join(',');
  const value = fix.scheme ? `${fix.scheme} ${raw}` : raw;
  checkHeader(fix.header, value);
  const url = formatUrlParts({ ...parts, query: parts.query.filter((p) => p.name !== fix.param) });
  return { ...request, url, headers: withHeader(request.headers, fix.header, value) };
}

function setXmlEncoding(request: WireRequest, encoding: string): WireRequest {
  const chunks = request.body ?? [];
  if (!chunks.every((chunk): chunk is string => typeof chunk === 'string')) {
    throw new RangeError('Lint fix set-xml-encoding needs a body made of text only; this body has bytes or files');
  }
  return { ...request, body: [withXmlEncoding(chunks.join(''), encoding)] };
}

/**
 * Returns `request` with `fix` applied. Throws a RangeError when the fix does not fit the
 * request (a parameter that is not in the URL, a header name that is not a token, a text
 * edit on a body with files): fixes come from linting this same request, so a mismatch is
 * a programming error, not user input.
 */
export function applyLintFix(request: WireRequest, fix: LintFix): WireRequest {
  switch (fix.kind) {
    case 'set-method':
      if (!isValidMethodToken(fix.method)) throw new RangeError(`Lint fix method "${fix.method}" is not an RFC 9110 token`);
      return { ...request, method: fix.method };
    case 'set-header':
      checkHeader(fix.name, fix.value);
      return { ...request, headers: withHeader(request.headers, fix.name, fix.value) };
    case 'remove-header': {
      const lower = fix.name.toLowerCase();
      return { ...request, headers: request.headers.filter((h) => h.name.toLowerCase() !== lower) };
    }
    case 'set-url':
      return { ...request, url: fix.url };
    case 'move-query-to-header':
      return moveQueryToHeader(request, fix);
    case 'set-xml-encoding':
      return setXmlEncoding(request, fix.encoding);
    default: {
      const unknown: never = fix;
      throw new TypeError(`Unknown lint fix kind "${(unknown as { kind?: unknown }).kind}"`);
    }
  }
}
