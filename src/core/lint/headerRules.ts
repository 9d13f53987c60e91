/**
 * Rules about header fields themselves (RFC 9110 §5.1, §5.5): names are tokens, values
 * carry no line breaks or other controls, and have no leading or trailing whitespace
 * (receivers strip it, so the server sees something else than what was typed).
 */
import { isAuthToken } from '../auth';
import { headerValues } from '../types';
import { headerFixFits } from './lintFix';
import { findingOf, type LintFinding, type LintRule } from './lintFinding';

/** A character named so that invisible ones are readable in a message: `a space`, `U+000A (LF)`, `'é'`. */
function shownChar(ch: string): string {
  if (ch === ' ') return 'a space';
  const code = ch.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0x0a) return `a line feed (${hex})`;
  if (code === 0x0d) return `a carriage return (${hex})`;
  if (code < 0x20 || code === 0x7f) return `control character ${hex}`;
  return `'${ch}' (${hex})`;
}

/** A header name that is not a token. */
export const headerNameRule: LintRule = {
  id: 'header-name-token',
  title: 'Header names are tokens',
  why: 'A field name is a token: letters, digits and !#$%&\'*+-.^_`|~, no spaces and no colon (RFC 9110 §5.1, §5.6.2); a client refuses to send anything else.',
  check(request) {
    const findings: LintFinding[] = [];
    for (const { name } of request.headers) {
      if (isAuthToken(name)) continue;
      const field = `header:${name}`;
      if (name === '') {
        findings.push(findingOf(this, 'error', 'A header has an empty name.', { field }));
        continue;
      }
      const chars = [...name];
      const bad = chars.findIndex((ch) => !isAuthToken(ch));
      const stripped = name.trim().replace(/:$/, '').trim();
      const hint = stripped !== name && isAuthToken(stripped) ? ` Did you mean "${stripped}"?` : '';
      findings.push(findingOf(this, 'error', `Header name "${name}" is not a token: ${shownChar(chars[bad] ?? '')} at position ${bad + 1} is not allowed.${hint}`, { field }));
    }
    return findings;
  },
};

/** Index of the first character a header value cannot carry, or -1. */
function forbiddenValueIndex(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return i;
  }
  return -1;
}

/** A header value with line breaks, other controls, or characters beyond Latin-1. */
export const headerValueRule: LintRule = {
  id: 'header-value-invalid',
  title: 'Header values are sendable',
  why: 'A field value is visible ASCII, spaces and tabs (and obsolete Latin-1 bytes); CR, LF and NUL would split or end the header and must never appear, and other characters have to be encoded first, e.g. as RFC 8187 ext-values (RFC 9110 §5.5).',
  check(request) {
    const findings: LintFinding[] = [];
    for (const { name, value } of request.headers) {
      const bad = forbiddenValueIndex(value);
      if (bad < 0) continue;
      const code = value.charCodeAt(bad);
      const what =
        code === 0x0d || code === 0x0a || code === 0
          ? 'which would split the header (a client refuses to send it; a server could read a second header from it)'
          : code > 0xff
            ? 'which is not a byte: header values are sent as bytes, so non-Latin-1 text has to be encoded (for example percent-encoded)'
            : 'a control character that servers reject';
      findings.push(findingOf(this, 'error', `Header ${name} has ${shownChar(String.fromCodePoint(value.codePointAt(bad) ?? 0))} at position ${bad + 1}, ${what}.`, { field: `header:${name}` }));
    }
    return findings;
  },
};

/** A header value with leading or trailing spaces or tabs. */
export const headerWhitespaceRule: LintRule = {
  id: 'header-value-whitespace',
  title: 'No whitespace around header values',
  why: 'Leading and trailing whitespace is not part of a field value and receivers strip it (RFC 9110 §5.5), so a key or token typed with a stray space arrives different from what you see.',
  check(request) {
    const findings: LintFinding[] = [];
    for (const { name, value } of request.headers) {
      const trimmed = value.replace(/^[ \t]+|[ \t]+$/g, '');
      if (trimmed === value) continue;
      const where = /^[ \t]/.test(value) ? (/[ \t]$/.test(value) ? 'starts and ends' : 'starts') : 'ends';
      const single = headerValues(request.headers, name).length === 1;
      findings.push(
        findingOf(this, 'warning', `Header ${name} ${where} with whitespace; the server strips it and sees a different value than the one typed.`, {
          field: `header:${name}`,
          fix: single && headerFixFits(name, trimmed) ? { label: 'Trim the value', kind: 'set-header', name, value: trimmed } : undefined,
        }),
      );
    }
    return findings;
  },
};

/** The header field rules in registry order. */
export const HEADER_RULES: readonly LintRule[] = [headerNameRule, headerValueRule, headerWhitespaceRule];
