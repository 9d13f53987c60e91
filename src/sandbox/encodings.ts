/**
 * Request encodings (spec §4.3), each endpoint taking exactly one and answering with what
 * arrived and how it was decoded: `/encodings/json`, `/encodings/form` (where `+` becomes
 * a space), `/encodings/multipart` (a JSON part plus a file part, base64 parts decoded and
 * their SHA-256 checked) and `/encodings/path/{segment}` (where `+` stays a plus).
 */
import { createHash } from 'node:crypto';
import { parseForm, parseJson, parseMultipart, type ParsedPart } from '../core';
import { readBody, requestContentType, sendTooLarge, sendUnsupportedType, isJsonEssence } from './requestBody';
import { queryRows, sendJson, sendProblem, type SandboxContext, type SandboxRoute } from './router';

const JSON_LIMIT = 256 * 1024;
const FORM_LIMIT = 256 * 1024;
/** Multipart bodies are parsed whole; bigger uploads belong on the streaming `/anything`. */
export const MULTIPART_LIMIT = 8 * 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function charsetNote(charset: string | undefined): string[] {
  if (charset === undefined) return ['No charset parameter: JSON is UTF-8 by definition (RFC 8259 §8.1).'];
  return charset.toLowerCase() === 'utf-8' ? [] : [`charset=${charset} was given, but JSON text exchanged between systems must be UTF-8 (RFC 8259 §8.1); it was read as UTF-8.`];
}

/** Numbers whose digits a JavaScript reader cannot keep exactly, found by walking the value. */
function unsafeNumbers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/-?\d{16,}(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    if (!Number.isSafeInteger(Number(m[0])) && found.length < 5) found.push(m[0]);
  }
  return found;
}

async function jsonOnly(ctx: SandboxContext): Promise<void> {
  const type = requestContentType(ctx.req);
  if (type.kind !== 'media' || !isJsonEssence(type.media.essence)) {
    ctx.req.resume();
    return sendUnsupportedType(ctx.res, type, ['application/json']);
  }
  const body = await readBody(ctx.req, JSON_LIMIT);
  if (!body.ok) return sendTooLarge(ctx.res, body);
  const text = body.bytes.toString('utf8');
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const at = parsed.error.position;
    return sendProblem(ctx.res, 400, {
      title: 'Malformed JSON',
      detail: `${parsed.error.message}${at ? ` at line ${at.line}, column ${at.column}` : ''}.`,
      ...(at ? { line: at.line, column: at.column, offset: at.offset } : {}),
    });
  }
  const notes = [...charsetNote(type.media.params.charset), 'Object members are unordered; array elements keep their order (spec §4.3).'];
  const lossy = unsafeNumbers(text);
  if (lossy.length) notes.push(`These numbers are beyond 2^53 and lose digits in JavaScript: ${lossy.join(', ')}. Send such ids as strings.`);
  sendJson(ctx.res, 200, {
    received: { contentType: type.value, bytes: body.bytes.length, sha256: sha256(body.bytes) },
    decodedAs: 'application/json',
    value: parsed.value,
    notes,
  });
}

/** What form decoding did to one raw piece, in words. */
function formNotes(raw: string): string[] {
  const notes: string[] = [];
  if (raw.includes('+')) notes.push('"+" became a space (this happens only in form encoding).');
  if (/%2B/i.test(raw)) notes.push('%2B became a literal "+".');
  if (/%20/i.test(raw)) notes.push('%20 became a space.');
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) notes.push('A "%" not followed by two hex digits was kept as it is.');
  return notes;
}

async function formOnly(ctx: SandboxContext): Promise<void> {
  const type = requestContentType(ctx.req);
  if (type.kind !== 'media' || type.media.essence !== 'application/x-www-form-urlencoded') {
    ctx.req.resume();
    return sendUnsupportedType(ctx.res, type, ['application/x-www-form-urlencoded']);
  }
  const body = await readBody(ctx.req, FORM_LIMIT);
  if (!body.ok) return sendTooLarge(ctx.res, body);
  const text = body.bytes.toString('utf8');
  const pairs = text
    .split('&')
    .filter((piece) => piece !== '')
    .map((raw) => {
      const [pair] = parseForm(raw);
      return { raw, name: pair?.name ?? '', value: pair?.value ?? '', notes: formNotes(raw) };
    });
  sendJson(ctx.res, 200, {
    received: { contentType: type.value, bytes: body.bytes.length, body: text },
    decodedAs: 'application/x-www-form-urlencoded',
    pairs,
  });
}

/** A part as the multipart endpoint reports it. */
interface PartReport {
  name: string | null;
  filename?: string;
  contentType: string | null;
  transferEncoding?: string;
  size: number;
  decodedSize?: number;
  sha256: string;
  json?: unknown;
  text?: string;
}

function reportPart(part: ParsedPart): PartReport {
  const content = part.decoded ?? part.body;
  const report: PartReport = { name: part.name ?? null, contentType: part.contentType ?? null, size: part.body.length, sha256: sha256(content) };
  if (part.filename !== undefined) report.filename = part.filename;
  if (part.transferEncoding !== undefined) report.transferEncoding = part.transferEncoding;
  if (part.decoded) report.decodedSize = part.decoded.length;
  if (part.filename === undefined && !isJsonEssence((part.contentType ?? '').split(';')[0]!.trim().toLowerCase()) && content.length <= 4096) {
    report.text = Buffer.from(content).toString('utf8');
  }
  return report;
}

async function multipart(ctx: SandboxContext): Promise<void> {
  const type = requestContentType(ctx.req);
  if (type.kind !== 'media' || type.media.essence !== 'multipart/form-data') {
    ctx.req.resume();
    return sendUnsupportedType(ctx.res, type, ['multipart/form-data']);
  }
  const body = await readBody(ctx.req, MULTIPART_LIMIT);
  if (!body.ok) return sendTooLarge(ctx.res, body);
  const parsed = parseMultipart(body.bytes, type.value);
  if (!parsed.ok) return sendProblem(ctx.res, 400, { title: 'Malformed multipart body', detail: parsed.error.message, kind: parsed.error.kind, position: parsed.error.position });
  const parts = parsed.value;
  const reports: PartReport[] = [];
  for (const part of parts) {
    if (part.decodeError) {
      return sendProblem(ctx.res, 400, { title: 'Bad base64 part', detail: `Part "${part.name ?? '?'}" says Content-Transfer-Encoding: base64, but ${part.decodeError.message}`, part: part.name, position: part.decodeError.position });
    }
    const report = reportPart(part);
    if (isJsonEssence((part.contentType ?? '').split(';')[0]!.trim().toLowerCase())) {
      const json = parseJson(Buffer.from(part.decoded ?? part.body).toString('utf8'));
      if (!json.ok) {
        const at = json.error.position;
        return sendProblem(ctx.res, 400, { title: 'Malformed JSON part', detail: `Part "${part.name ?? '?'}": ${json.error.message}${at ? ` at line ${at.line}, column ${at.column} of the part` : ''}.`, part: part.name });
      }
      report.json = json.value;
    }
    reports.push(report);
  }
  const jsonPart = reports.find((r) => r.json !== undefined);
  const filePart = reports.find((r) => r.filename !== undefined);
  if (!jsonPart || !filePart) {
    return sendProblem(ctx.res, 422, {
      title: 'Missing parts',
      detail: `Expected a part with Content-Type application/json and a file part (with a filename); got ${jsonPart ? '' : 'no JSON part'}${!jsonPart && !filePart ? ' and ' : ''}${filePart ? '' : 'no file part'}.`,
      parts: reports,
    });
  }
  // The expected hash may come as a `sha256` field, a `sha256` member of the JSON part, or ?sha256=.
  const fieldHash = reports.find((r) => r.name === 'sha256' && r.text !== undefined)?.text?.trim();
  const jsonHash = typeof (jsonPart.json as { sha256?: unknown } | null)?.sha256 === 'string' ? (jsonPart.json as { sha256: string }).sha256 : undefined;
  const expected = (fieldHash ?? jsonHash ?? queryRows(ctx.url.search).find((p) => p.name === 'sha256')?.value)?.toLowerCase();
  const verification = expected === undefined ? { checked: false } : { checked: true, expected, actual: filePart.sha256, matches: expected === filePart.sha256 };
  if (verification.checked && !verification.matches) {
    return sendProblem(ctx.res, 422, {
      title: 'Checksum mismatch',
      detail: `The file part "${filePart.name}" has SHA-256 ${filePart.sha256}${filePart.transferEncoding === 'base64' ? ' after base64 decoding' : ''}, but ${expected} was expected.`,
      verification,
      parts: reports,
    });
  }
  sendJson(ctx.res, 200, { received: { contentType: type.value, bytes: body.bytes.length, boundary: type.media.params.boundary }, decodedAs: 'multipart/form-data', parts: reports, verification });
}

/** Echoes a path segment raw and decoded, beside the query decoded as a form: `+` differs. */
function pathSegment(ctx: SandboxContext): void {
  ctx.req.resume();
  const raw = ctx.path.slice('/encodings/path/'.length);
  const notes: string[] = [];
  let decoded: string | null;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = null;
    notes.push('The segment has a "%" that does not start a valid UTF-8 escape, so it cannot be decoded.');
  }
  if (raw.includes('+')) notes.push('"+" stayed a plus: in a path segment it is a literal character, unlike in a form body or query.');
  if (/%20/i.test(raw)) notes.push('%20 became a space, as it does in any URL part.');
  if (/%2F/i.test(raw)) notes.push('%2F became "/" inside the segment; it did not split the path.');
  const query = queryRows(ctx.url.search).map((p) => ({ raw: p.raw, name: p.name, value: p.value }));
  if (query.some((p) => p.raw.includes('+'))) notes.push('In the query, "+" became a space: servers read queries with form decoding.');
  sendJson(ctx.res, 200, { segment: { raw, decoded }, query, notes });
}

/** The encodings router. */
export const encodingRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: '/encodings/json', handle: jsonOnly },
  { method: 'POST', pattern: '/encodings/form', handle: formOnly },
  { method: 'POST', pattern: '/encodings/multipart', handle: multipart },
  { method: 'GET', pattern: '/encodings/path/*', handle: pathSegment },
];
