/**
 * Rules about the method (spec §4.2, RFC 9110 §9): a body where the method gives it no
 * meaning, a method that is not a token or is written in the wrong case, the
 * X-HTTP-Method-Override convention, and repeating a request that is not idempotent.
 * What each method promises comes from `methodSemantics`; nothing is restated here.
 */
import { METHOD_OVERRIDE_HEADER, STANDARD_METHODS, isValidMethodToken, methodSemantics, needsRepeatConsent } from '../http';
import { headerValues } from '../types';
import { findingOf, type LintFinding, type LintRule } from './lintFinding';
import { bytesPhrase, requestFacts } from './requestFacts';

/** Body on GET/HEAD (warning, fix: POST), DELETE/OPTIONS (info), TRACE/CONNECT (error). */
export const bodyWithoutSemanticsRule: LintRule = {
  id: 'body-without-semantics',
  title: 'Body on a method that gives it no meaning',
  why: 'A GET may technically carry a body, but no semantics are defined for it; POST is used when structured input is needed (spec §4.2, RFC 9110 §9.3.1). HEAD is addressed like GET, and TRACE and CONNECT must not carry content (RFC 9110 §9.3.2, §9.3.6, §9.3.8).',
  check(request) {
    const facts = requestFacts(request);
    if (!facts.hasBody) return [];
    const semantics = methodSemantics(request.method);
    const size = bytesPhrase(facts.body.bytes);
    if (semantics.requestBody === 'none') {
      return [
        findingOf(this, 'error', `${semantics.method} must not carry content, but this request has a body of ${size}. Remove the body (${semantics.reference}).`, {
          field: 'body',
        }),
      ];
    }
    if (semantics.requestBody !== 'no-defined-semantics') return [];
    if (semantics.method === 'GET' || semantics.method === 'HEAD') {
      return [
        findingOf(
          this,
          'warning',
          `This ${semantics.method} carries a body of ${size}. No semantics are defined for it: many servers and proxies drop or reject it, and caches ignore it. Send structured input with POST (${semantics.reference}).`,
          { field: 'body', fix: { label: 'Use POST', kind: 'set-method', method: 'POST' } },
        ),
      ];
    }
    return [
      findingOf(
        this,
        'info',
        `This ${semantics.method} carries a body of ${size}, which has no generally defined semantics; some servers reject it. Make sure the API documents a body here (${semantics.reference}).`,
        { field: 'body' },
      ),
    ];
  },
};

/** A method that is not a token (error) or a standard method in the wrong case (warning). */
export const methodTokenRule: LintRule = {
  id: 'method-token',
  title: 'Method spelled as it goes on the wire',
  why: 'A method is a case-sensitive token: letters, digits and !#$%&\'*+-.^_`|~, no spaces; `get` is not GET (RFC 9110 §9.1, §5.6.2).',
  check(request) {
    const method = request.method;
    if (method === '') return [findingOf(this, 'error', 'The method is empty; a request line needs a method such as GET or POST.', { field: 'method' })];
    const trimmed = method.trim();
    if (!isValidMethodToken(method)) {
      const fix = trimmed !== method && isValidMethodToken(trimmed) ? { label: `Use ${trimmed}`, kind: 'set-method' as const, method: trimmed } : undefined;
      const bad = [...method].findIndex((ch) => !isValidMethodToken(ch));
      const shown = bad >= 0 && method[bad] === ' ' ? 'a space' : `"${method[bad] ?? ''}"`;
      return [
        findingOf(this, 'error', `The method "${method}" is not a token: ${shown} at position ${bad + 1} is not allowed, so it cannot be sent.`, {
          field: 'method',
          fix,
        }),
      ];
    }
    const upper = method.toUpperCase();
    if (upper !== method && (STANDARD_METHODS as readonly string[]).includes(upper)) {
      return [
        findingOf(this, 'warning', `Methods are case-sensitive: "${method}" is not ${upper}, and most servers answer an unknown method with 405 or 501.`, {
          field: 'method',
          fix: { label: `Use ${upper}`, kind: 'set-method', method: upper },
        }),
      ];
    }
    return [];
  },
};

/** X-HTTP-Method-Override on a method other than POST, or naming something that is not a method. */
export const methodOverrideRule: LintRule = {
  id: 'method-override',
  title: 'X-HTTP-Method-Override on POST only',
  why: 'A client that cannot send a method sends POST with X-HTTP-Method-Override naming the intended method (spec §4.2); on any other method the header contradicts the request line, and its value must be a method token (RFC 9110 §9.1).',
  check(request) {
    const values = headerValues(request.headers, METHOD_OVERRIDE_HEADER);
    if (values.length === 0) return [];
    const findings: LintFinding[] = [];
    const field = `header:${METHOD_OVERRIDE_HEADER}`;
    if (request.method !== 'POST') {
      findings.push(
        findingOf(
          this,
          'warning',
          `${METHOD_OVERRIDE_HEADER}: ${values[0]} is sent on ${request.method || 'an empty method'}. The override convention is for POST; servers that honour it usually ignore it on other methods, so the request may not do what you expect.`,
          { field, fix: { label: 'Send as POST', kind: 'set-method', method: 'POST' } },
        ),
      );
    }
    if (values.length > 1 && new Set(values.map((v) => v.trim())).size > 1) {
      findings.push(findingOf(this, 'error', `${METHOD_OVERRIDE_HEADER} is sent ${values.length} times with different methods (${values.join(', ')}); the server cannot tell which one you mean.`, { field }));
    }
    for (const value of values) {
      if (!isValidMethodToken(value.trim())) {
        findings.push(findingOf(this, 'error', `${METHOD_OVERRIDE_HEADER}: "${value}" does not name a method: a method is a single token such as PUT or DELETE.`, { field }));
      }
    }
    return findings;
  },
};

/** About to repeat a request whose method is not idempotent. */
export const repeatNeedsConsentRule: LintRule = {
  id: 'repeat-needs-consent',
  title: 'Repeating a non-idempotent request',
  why: 'POST may do anything and is not idempotent: repeating it may repeat its effect, so a client must not repeat it without the user\u2019s consent (spec §4.2, RFC 9110 §9.2.2).',
  check(request, context) {
    if (!context.repeating || !needsRepeatConsent(request.method)) return [];
    const semantics = methodSemantics(request.method);
    return [
      findingOf(
        this,
        'error',
        `${semantics.method || 'This request'} is not idempotent and was already sent: sending it again may repeat its effect (a second order, a second payment). Confirm that you want it to happen again.`,
        { field: 'method' },
      ),
    ];
  },
};

/** The method rules in registry order. */
export const METHOD_RULES: readonly LintRule[] = [methodTokenRule, bodyWithoutSemanticsRule, methodOverrideRule, repeatNeedsConsentRule];
