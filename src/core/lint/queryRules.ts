/**
 * The query string rule (spec §4.3): a `+` in a query is read as a space by form
 * decoders, which is what nearly every server uses for the query. When the value around a
 * `+` looks like something that holds a real plus — a phone number, a tagged email
 * address, a UTC offset, base64, C++ — it was most likely meant literally.
 */
import { formatUrlParts, parseQuery, parseUrlParts } from '../encoding';
import { findingOf, type LintFinding, type LintRule } from './lintFinding';

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
      const literal = parseQuery(`v=${rawValue.replace(/\+/g, '%2B')}`)[0]?.value;
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
