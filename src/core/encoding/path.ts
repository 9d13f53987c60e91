/**
 * Path segments and path templates (`/users/{id}/orders/{orderId}`, spec §4.4 nested
 * collections). In a path `+` is a literal plus (spec §4.3); only RFC 3986 pchar stays
 * unencoded.
 */
import { fail, ok, type Result } from '../types';
import { PATH_SEGMENT_SET, percentEncodeKeepingEscapes } from './percentEncoding';
import { locateUrlParts } from './urlParts';
import { findVariables, splitAtVariables } from './variables';

/** Options of `encodePathSegment` and `expandPath`. */
export interface PathEncodeOptions {
  /**
   * `keep` (default): `{{name}}` variable placeholders in a value are copied verbatim so
   * they can be substituted later; `encode`: they are encoded like any other text.
   */
  placeholders?: 'keep' | 'encode';
}

/**
 * Percent-encodes text for use as one path segment: everything except RFC 3986 pchar
 * (letters, digits, `-._~`, `!$&'()*+,;=`, `:`, `@`) is UTF-8 percent-encoded, so `/`
 * becomes %2F, space %20, a stray `%` %25, `?` %3F, `#` %23, and `+` stays a literal plus.
 * A `%` that starts a valid `%XX` escape is kept as written (`a%2Fb` stays `a%2Fb`): the
 * value was already encoded there, as in the query (`buildQuery`; RFC 3986 §2.4). The
 * result is unchanged by a browser's URL parser. (`.` and `..` stay as they are; see
 * `expandPath`, which refuses them.)
 */
export function encodePathSegment(segment: string, options: PathEncodeOptions = {}): string {
  if ((options.placeholders ?? 'keep') === 'encode' || !segment.includes('{{')) {
    return percentEncodeKeepingEscapes(segment, PATH_SEGMENT_SET);
  }
  return splitAtVariables(segment)
    .map((piece, i) => (i % 2 === 1 ? piece : percentEncodeKeepingEscapes(piece, PATH_SEGMENT_SET)))
    .join('');
}

/** One `{name}` path parameter in a template, with its offsets. */
interface PathParamSite {
  name: string;
  from: number;
  to: number;
}

// A path parameter name: anything but braces, path delimiters and whitespace.
const PATH_PARAM_PATTERN = /\{([^{}/?#\s]+)\}/g;

/**
 * Finds `{name}` path parameters in the path portion of a template, skipping `{{name}}`
 * variables (and anything in the base, query or fragment).
 */
function findPathParams(template: string): PathParamSite[] {
  const layout = locateUrlParts(template);
  const path = template.slice(layout.pathStart, layout.pathEnd);
  const variables = findVariables(path);
  const sites: PathParamSite[] = [];
  let v = 0;
  for (const match of path.matchAll(PATH_PARAM_PATTERN)) {
    const from = match.index;
    const to = from + match[0].length;
    while (v < variables.length && variables[v]!.to <= from) v++;
    const variable = variables[v];
    if (variable && variable.from < to && from < variable.to) continue;
    sites.push({ name: match[1]!, from: layout.pathStart + from, to: layout.pathStart + to });
  }
  return sites;
}

/**
 * Names of the `{name}` path parameters of a template, unique, in order of appearance,
 * for the path-parameter table. `{{name}}` environment variables are not path parameters.
 */
export function pathParamNames(template: string): string[] {
  return [...new Set(findPathParams(template).map((site) => site.name))];
}

function segmentAround(template: string, from: number, to: number): string {
  const start = template.lastIndexOf('/', from) + 1;
  let end = template.indexOf('/', to);
  if (end < 0) end = template.length;
  return template.slice(start, end);
}

/**
 * Replaces each `{name}` path parameter in the path of `template` with its value, encoded
 * as a path segment (`encodePathSegment`), leaving base, query, fragment and `{{name}}`
 * variables alone. Fails with `missing-path-param` (field = the name) when a value is
 * absent or empty, since an empty segment addresses a different resource, and with
 * `dot-segment-path-param` when a whole segment would be `.` or `..`, which URL
 * normalization removes (RFC 3986 §5.2.4; `%2E` is treated the same by WHATWG parsers).
 */
export function expandPath(
  template: string,
  values: Readonly<Record<string, string>>,
  options: PathEncodeOptions = {},
): Result<string> {
  const sites = findPathParams(template);
  // Problems are listed in template order so the first one named is the first one seen.
  const problems: { name: string; what: string }[] = [];
  for (const site of sites) {
    if (problems.some((p) => p.name === site.name)) continue;
    const has = Object.prototype.hasOwnProperty.call(values, site.name) && typeof values[site.name] === 'string';
    if (!has) problems.push({ name: site.name, what: 'has no value' });
    else if (values[site.name] === '') problems.push({ name: site.name, what: 'is empty' });
  }
  const first = problems[0];
  if (first) {
    const others = problems.slice(1).map((p) => `"${p.name}"`);
    return fail({
      kind: 'missing-path-param',
      field: first.name,
      message:
        `Path parameter "${first.name}" ${first.what}` + (others.length > 0 ? ` (also without a value: ${others.join(', ')})` : ''),
    });
  }
  let out = '';
  let last = 0;
  for (const site of sites) {
    const value = values[site.name]!;
    const encoded = encodePathSegment(value, options);
    // `%2E` is a dot to WHATWG parsers, and a value's escapes are sent as written.
    const dots = encoded.replace(/%2e/gi, '.');
    if ((dots === '.' || dots === '..') && segmentAround(template, site.from, site.to) === template.slice(site.from, site.to)) {
      return fail({
        kind: 'dot-segment-path-param',
        field: site.name,
        message: `Path parameter "${site.name}" is "${value}", which URL normalization removes as a dot-segment, so the request would go to a different path`,
      });
    }
    out += template.slice(last, site.from) + encoded;
    last = site.to;
  }
  return ok(out + template.slice(last));
}
