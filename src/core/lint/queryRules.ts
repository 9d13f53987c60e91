/**
 * The query string rule (spec §4.3): a `+` in a query is read as a space by form
 * decoders, which is what nearly every server uses for the query. When the value around a
 * `+` looks like something that holds a real plus — a phone number, a tagged email
 * address, a UTC offset, base64, C++ — it was most likely meant literally. And a quiet
 * note when a parameter's text already held `%XX` escapes, which are sent as written.
 */
import { formatUrlParts, parseQuery, parseUrlParts } from '../encoding';
import { findingOf, LINT_KEY_QUERY_PARAMS, type LintFinding, type LintRule } from './lintFinding';

/** What a value holding a literal plus looks like, and whether the value may be shown. */
interface LiteralPlusShape {
  description: string;
  /** False for values that may be secrets (base64), which are then not echoed. */
  showable: boolean;
}

const SHAPES: readonly { test: RegExp | ((value: string) => boolean); shape: LiteralPlusShape }[] = [
  { test: /^\+\d[\d ().\-/]{5,}$/, shape: { description: 'a phone number in international format', showable: true } },
  { test: /^[^@\s+]+\+[^@\s]*@[^@\s]+\.[A-Za-z]{2,}$/, shape: { description: 'an email address with a +tag', showable: true } },
  { test: /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\+\d{2}(?::?\d{2})?$/, shape: { description: 'a time with a UTC offset', showable: true } },
  { test: /[A-Za-z]\+\+/, shape: { description: 'a name with "++" such as C++', showable: true } },
  {
    test: (value) => value.length >= 16 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
    shape: { description: 'a base64 string', showable: false },
  },
];

function literalPlusShape(value: string): LiteralPlusShape | undefined {
  for (const { test, shape } of SHAPES) {
    if (typeof test === 'function' ? test(value) : test.test(value)) return shape;
  }
  return undefined;
}

/** A `+` in a query value that was probably meant as a plus, not a space. */
export const queryLiteralPlusRule: LintRule = {
  id: 'query-literal-plus',
  title: 'Literal "+" in the query',
  why: 'In the query string a "+" means a space (form encoding); a literal plus is sent as %2B, while %20 is a space in any URL part (spec §4.3).',
  check(request) {
    const parts = parseUrlParts(request.url);
    const findings: LintFinding[] = [];
    parts.query.forEach((param, index) => {
      const raw = param.raw;
      const eq = raw === undefined ? -1 : raw.indexOf('=');
      if (raw === undefined || eq < 0) return;
      const rawValue = raw.slice(eq + 1);
      if (!rawValue.includes('+')) return;
      const literal = parseQuery(`v=${rawValue.replace(/\+/g, '%2B')}`, { literalPercent: 'escape' })[0]?.value;
      if (typeof literal !== 'string') return;
      const shape = literalPlusShape(literal);
      if (!shape) return;
      const fixedRaw = `${raw.slice(0, eq)}=${rawValue.replace(/\+/g, '%2B')}`;
      const query = parts.query.map((p, i) => (i === index ? { ...p, value: literal, raw: fixedRaw } : p));
      const shown = shape.showable ? `"${literal}"` : 'a value';
      findings.push(
        findingOf(
          this,
          'warning',
          `Query parameter "${param.name}" holds ${shown} with a bare "+", which looks like ${shape.description}. The server reads "+" in a query as a space, so it receives a space where you meant a plus. Send the plus as %2B.`,
          {
            field: `query:${param.name}`,
            fix: { label: 'Encode "+" as %2B', kind: 'set-url', url: formatUrlParts({ ...parts, query }) },
          },
        ),
      );
    });
    return findings;
  },
};

const quoted = (escape: string) => `"${escape}"`;

/**
 * An info note for each parameter whose text (typed in the table, or a `{{variable}}` a
 * script filled with `encodeURIComponent`) already held `%XX` escapes: they are sent as
 * written, not encoded again, so the person learns how to send a literal "%20". Parameters
 * that carry keys are left out: even an escape says something about a secret.
 */
export const queryEscapeKeptRule: LintRule = {
  id: 'query-escape-kept',
  title: 'Escapes sent as written',
  why: 'A "%" followed by two hex digits is already an escape (RFC 3986 §2.1) and text is never encoded twice (RFC 3986 §2.4): it is sent as written, as browsers, Postman and Insomnia send it; %20 is a space in any URL part (spec §4.3). A literal "%" before two hex digits is typed %25.',
  check(_request, context) {
    const keys = (context.keyParams ?? LINT_KEY_QUERY_PARAMS).map((name) => name.toLowerCase());
    return (context.keptEscapes ?? [])
      .filter((kept) => kept.escapes.length > 0 && !keys.includes(kept.name.toLowerCase()))
      .map((kept) => {
        const [first, second, ...more] = kept.escapes.map(quoted);
        const listed = second === undefined ? first! : more.length === 0 ? `${first} and ${second}` : `${first}, ${second} and ${more.length} more`;
        const one = kept.escapes.length === 1;
        const where = `${kept.kind === 'query' ? 'query' : 'path'} parameter "${kept.name}"`;
        const example = kept.escapes[0]!;
        return findingOf(
          this,
          'info',
          `${listed} in ${where} ${one ? 'is already an escape and is' : 'are already escapes and are'} sent as written; type %25${example.slice(1)} to send a literal "${example}".`,
          { field: `${kept.kind}:${kept.name}` },
        );
      });
  },
};
