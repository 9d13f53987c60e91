/**
 * Reading one part of an exchange — the status, a header, a cookie, a JSONPath or XPath
 * match, a regex group, the body, the time, the size — for captures and assertions alike.
 * A reading that finds nothing is a value with a reason, never a throw, so a run can say
 * "no header X-Request-Id in the response" next to the assertion that needed it.
 */
import { checkJsonSyntax, JSON_READ_DEPTH, jsonNestingBeyond } from '../encoding/jsonSyntax';
import { compileJsonPath, JsonPathTooDeep } from '../inspect/jsonPath';
import { parseSetCookie } from '../inspect/setCookie';
import { fail, headerValues, ok, positionAt, type Result } from '../types';
import { isSecretHeaderName } from '../workspace/redact';
import type { ExchangeView } from './exchangeView';
import { boundedRegexInput, regexInputCutNote, riskyRegexReason } from './regexBounds';
import type { ExchangeSubject } from './types';

/** What a subject read: a JSON-like value (string, number, boolean, null, array, object). */
export interface SubjectReading {
  value: unknown;
  /** How many nodes a JSONPath or XPath selected when it was more than one (the value is then their array). */
  count?: number;
  /** The value is a credential by where it came from (a cookie, an Authorization-like header). */
  secret: boolean;
}

/**
 * Why a subject read nothing. `missing`: the part is not there (no such header, the path
 * matched nothing); `invalid-expression`: the subject itself is wrong (a JSONPath syntax
 * error, a bad regex); `unreadable`: the body cannot be read that way (not JSON, not XML,
 * binary, not kept, the time not measured).
 */
export interface SubjectError {
  kind: 'missing' | 'invalid-expression' | 'unreadable';
  message: string;
}

/**
 * XPath 1.0 over an XML text: a number, string or boolean as the expression gives it, the
 * string-value of each selected node for a node-set (an empty array when none), or why
 * the text or the expression cannot be used — including a `missing` error that explains
 * an empty node-set when the document's default namespace is the likely reason. `xmlXPath.ts` has the one implementation;
 * it is passed in rather than imported here because its XML parser and XPath engine are
 * CommonJS packages no bundler can leave out, and most pages never evaluate XPath.
 */
export type XPathEngine = (xml: string, expression: string) => Result<string | number | boolean | string[], SubjectError>;

/** Options of {@link readSubject}. */
export interface ReadSubjectOptions {
  /** The moment a cookie's Expires is compared with (default: now). */
  now?: Date;
  /** Needed for `xpath` subjects: `xmlXPath` from `core/run/xmlXPath` (the CLI imports it; the page loads it with the runner). */
  xpath?: XPathEngine;
}

/** A short name of a subject for labels: `status`, `header Content-Type`, `$.items[0].id`, `xpath //ns:Id`. */
export function describeSubject(subject: ExchangeSubject): string {
  switch (subject.kind) {
    case 'status':
      return 'status';
    case 'header':
      return `header ${subject.name}`;
    case 'cookie':
      return `cookie ${subject.name}`;
    case 'jsonpath':
      return subject.path;
    case 'xpath':
      return `xpath ${subject.expression}`;
    case 'regex':
      return `regex /${subject.pattern}/${subject.flags ?? ''}${subject.group !== undefined ? ` group ${subject.group}` : ''}`;
    case 'body':
      return 'body';
    case 'duration':
      return 'duration';
    case 'size':
      return 'size';
  }
}

/** A value as one line of text: strings as they are, everything else as JSON. */
export function subjectText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

const missing = (message: string) => fail<SubjectError>({ kind: 'missing', message });
const invalid = (message: string) => fail<SubjectError>({ kind: 'invalid-expression', message });
const unreadable = (message: string) => fail<SubjectError>({ kind: 'unreadable', message });
const reading = (value: unknown, secret = false, count?: number): Result<SubjectReading, SubjectError> =>
  ok(count !== undefined && count > 1 ? { value, count, secret } : { value, secret });

const ABSENCE_WORDS: Record<string, string> = {
  binary: 'The body is binary, not text',
  'too-large': 'The body was too large to keep for reading',
  'not-kept': 'The body was not kept',
  empty: 'The body is empty',
};

/** The body text, or why there is none (for the subjects that need text). */
function bodyOf(view: ExchangeView): Result<string, SubjectError> {
  if (view.bodyText !== undefined) return ok(view.bodyText);
  return unreadable(`${ABSENCE_WORDS[view.bodyAbsence ?? 'not-kept']}.`);
}

/**
 * Reads `subject` from `view`. Never throws for any exchange or subject text; throws a
 * TypeError only for a subject of an unknown kind (a programmer error).
 */
export function readSubject(subject: ExchangeSubject, view: ExchangeView, options: ReadSubjectOptions = {}): Result<SubjectReading, SubjectError> {
  switch (subject.kind) {
    case 'status':
      return reading(view.status);
    case 'header':
      return readHeader(subject.name, view);
    case 'cookie':
      return readCookie(subject.name, view, options.now ?? new Date());
    case 'jsonpath':
      return readJsonPath(subject.path, view);
    case 'xpath':
      return readXPath(subject.expression, view, options.xpath);
    case 'regex':
      return readRegex(subject, view);
    case 'body': {
      const body = bodyOf(view);
      return body.ok ? reading(body.value) : view.bodyAbsence === 'empty' ? reading('') : body;
    }
    case 'duration':
      return view.durationMs === undefined ? missing('The duration of the exchange was not measured.') : reading(view.durationMs);
    case 'size':
      return view.sizeBytes === undefined ? missing('The size of the body is not known.') : reading(view.sizeBytes);
    default:
      throw new TypeError(`readSubject: unknown subject kind ${JSON.stringify((subject as { kind?: unknown }).kind)}`);
  }
}

/**
 * A header, case-insensitively. Repeated fields are combined with ", " (RFC 9110 §5.3),
 * except Set-Cookie, which cannot be combined (§5.3, note): its lines come as an array.
 */
function readHeader(name: string, view: ExchangeView): Result<SubjectReading, SubjectError> {
  const trimmed = name.trim();
  if (trimmed === '') return invalid('The header name is empty.');
  const values = headerValues(view.headers, trimmed);
  if (values.length === 0) return missing(`The response has no ${trimmed} header.`);
  const secret = isSecretHeaderName(trimmed);
  if (trimmed.toLowerCase() === 'set-cookie') return values.length === 1 ? reading(values[0], secret) : reading(values, secret, values.length);
  return reading(values.join(', '), secret);
}

/**
 * The value of the cookie the response sets under `name`, as a jar would keep it: the last
 * Set-Cookie line with that name wins; one that deletes the cookie (Max-Age ≤ 0, or an
 * Expires in the past) leaves nothing to read.
 */
function readCookie(name: string, view: ExchangeView, now: Date): Result<SubjectReading, SubjectError> {
  const wanted = name.trim();
  if (wanted === '') return invalid('The cookie name is empty.');
  let found: { line: string; value: string } | undefined;
  for (const line of headerValues(view.headers, 'Set-Cookie')) {
    const pair = line.split(';', 1)[0]!;
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== wanted) continue;
    found = { line, value: pair.slice(eq + 1).trim() };
  }
  if (!found) return missing(`The response sets no cookie named ${wanted}.`);
  const cookie = parseSetCookie(found.line, now);
  const deleted = cookie.maxAge !== undefined ? cookie.maxAge <= 0 : cookie.expires !== undefined && cookie.expires.getTime() <= now.getTime();
  if (deleted) return missing(`The response deletes the cookie ${wanted} (${cookie.maxAge !== undefined ? `Max-Age=${cookie.maxAge}` : 'Expires in the past'}).`);
  return reading(found.value, true);
}

/**
 * The body parsed as JSON, or why it is not JSON (with line and column). A body nested
 * more than `JSON_READ_DEPTH` levels deep is refused with the position where it gets too
 * deep: everything that reads it (JSONPath, comparisons, schemas) walks it recursively.
 */
export function bodyJson(view: ExchangeView): Result<unknown, SubjectError> {
  const body = bodyOf(view);
  if (!body.ok) return body;
  if (body.value.trim() === '') return unreadable('The body is empty, not JSON.');
  const deep = jsonNestingBeyond(body.value, JSON_READ_DEPTH);
  if (deep !== undefined) {
    const at = positionAt(body.value, deep);
    return unreadable(`The body is nested more than ${JSON_READ_DEPTH} levels deep (line ${at.line}, column ${at.column}), too deep to read as JSON; check it as text (body contains, matches) instead.`);
  }
  try {
    return ok(JSON.parse(body.value) as unknown);
  } catch {
    const fault = checkJsonSyntax(body.value);
    if (!fault) return unreadable('The body is not JSON.');
    const at = positionAt(body.value, Math.min(fault.offset, body.value.length));
    return unreadable(`The body is not JSON: ${fault.message} (line ${at.line}, column ${at.column}).`);
  }
}

/** One node's value when a path selects one, the array of values when it selects several. */
function readJsonPath(path: string, view: ExchangeView): Result<SubjectReading, SubjectError> {
  const compiled = compileJsonPath(path.trim());
  if (!compiled.ok) return invalid(`Not a valid JSONPath: ${compiled.error.message}`);
  const json = bodyJson(view);
  if (!json.ok) return json;
  let nodes;
  try {
    nodes = compiled.value.select(json.value);
  } catch (error) {
    if (error instanceof JsonPathTooDeep) return unreadable(error.message);
    throw error;
  }
  if (nodes.length === 0) return missing(`${path.trim()} matched nothing in the body.`);
  return nodes.length === 1 ? reading(nodes[0]!.value) : reading(nodes.map((n) => n.value), false, nodes.length);
}

/** XPath over the body through the engine given; a node-set of one node gives its string-value, of several their array. */
function readXPath(expression: string, view: ExchangeView, engine: XPathEngine | undefined): Result<SubjectReading, SubjectError> {
  if (!engine) throw new TypeError('readSubject: an xpath subject needs options.xpath (xmlXPath from core/run/xmlXPath)');
  const trimmed = expression.trim();
  if (trimmed === '') return invalid('The XPath expression is empty.');
  const body = bodyOf(view);
  if (!body.ok) return body;
  if (body.value.trim() === '') return unreadable('The body is empty, not XML.');
  const result = engine(body.value, trimmed);
  if (!result.ok) return result;
  const value = result.value;
  if (!Array.isArray(value)) return reading(value);
  if (value.length === 0) return missing(`${trimmed} matched nothing in the body.`);
  return value.length === 1 ? reading(value[0]) : reading(value, false, value.length);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim().split('\n')[0] ?? message;
}

/**
 * A regex over the body; the group given, else group 1 when the pattern has one, else the
 * whole match. Bounded (`regexBounds.ts`): a pattern with nested unbounded quantifiers is
 * refused, and only the body's first `REGEX_MAX_INPUT` characters are searched.
 */
function readRegex(subject: Extract<ExchangeSubject, { kind: 'regex' }>, view: ExchangeView): Result<SubjectReading, SubjectError> {
  const risky = riskyRegexReason(subject.pattern);
  if (risky) return invalid(`Refused: ${risky}`);
  let pattern: RegExp;
  try {
    pattern = new RegExp(subject.pattern, (subject.flags ?? '').replace(/[gy]/g, ''));
  } catch (error) {
    return invalid(`Not a valid regular expression: ${firstLine(error)}`);
  }
  if (subject.group !== undefined && (!Number.isInteger(subject.group) || subject.group < 0)) {
    return invalid(`The group must be a whole number of 0 or more, not ${subject.group}.`);
  }
  const body = bodyOf(view);
  if (!body.ok && view.bodyAbsence !== 'empty') return body;
  const full = body.ok ? body.value : '';
  const input = boundedRegexInput(full);
  const match = pattern.exec(input.text);
  if (!match) return missing(`/${subject.pattern}/ matched nothing in the body${input.cut ? ` (${regexInputCutNote(full.length)})` : ''}.`);
  const groups = match.length - 1;
  const group = subject.group ?? (groups >= 1 ? 1 : 0);
  if (group > groups) return invalid(`The pattern has ${groups} group${groups === 1 ? '' : 's'}; group ${group} does not exist.`);
  const value = match[group];
  if (value === undefined) return missing(`Group ${group} of /${subject.pattern}/ took no part in the match.`);
  return reading(value);
}
