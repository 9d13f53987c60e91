/**
 * `/sandbox/anything[/any/path]`: answers every method with what arrived, in the shape of
 * httpbin's `/anything` (args, data, files, form, headers, json, method, origin, url) plus
 * what httpbin loses: headers in wire order with duplicates, and for multipart each part's
 * headers, size and SHA-256. Bodies stream through hashes; only the first MiB is kept.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import busboy from 'busboy';
import { headerValue, parseForm, parseMediaType, type HeaderField } from '../core';
import { sendJson, sendProblem, type SandboxContext, type SandboxRoute } from './router';

const KEEP_BYTES = 1024 * 1024;

/** One multipart part as the echo reports it. */
export interface EchoPart {
  name: string;
  filename?: string;
  headers: HeaderField[];
  contentType?: string;
  transferEncoding?: string;
  size: number;
  sha256: string;
  /** The part's text when it is small and not a file. */
  value?: string;
}

/** Groups name/value pairs the way httpbin does: a repeated key becomes a list. */
export function groupPairs(pairs: { name: string; value: string }[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const { name, value } of pairs) {
    const existing = out[name];
    if (existing === undefined) out[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[name] = [existing, value];
  }
  return out;
}

function headerList(req: http.IncomingMessage): HeaderField[] {
  const out: HeaderField[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) out.push({ name: req.rawHeaders[i]!, value: req.rawHeaders[i + 1]! });
  return out;
}

function headerObject(list: HeaderField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of list) {
    const key = h.name.replace(/(^|-)([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());
    out[key] = out[key] === undefined ? h.value : `${out[key]},${h.value}`;
  }
  return out;
}

/** Reads a body while hashing it; keeps at most `KEEP_BYTES`. */
async function readHashed(req: http.IncomingMessage): Promise<{ kept: Buffer; size: number; sha256: string }> {
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let keptSize = 0;
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    if (keptSize < KEEP_BYTES) {
      const slice = chunk.subarray(0, KEEP_BYTES - keptSize);
      kept.push(slice);
      keptSize += slice.length;
    }
  }
  return { kept: Buffer.concat(kept), size, sha256: hash.digest('hex') };
}

/** Streams a multipart body through busboy, hashing each part. */
export function readMultipart(req: http.IncomingMessage): Promise<{ parts: EchoPart[]; size: number }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, preservePath: true, limits: { fieldSize: KEEP_BYTES, parts: 10_000 } });
    } catch (err) {
      reject(err);
      return;
    }
    const parts: EchoPart[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    parser.on('file', (name, stream, info) => {
      const hash = createHash('sha256');
      const part: EchoPart = { name, filename: info.filename, headers: [], contentType: info.mimeType, size: 0, sha256: '' };
      if (info.encoding && info.encoding !== '7bit') part.transferEncoding = info.encoding;
      parts.push(part);
      stream.on('data', (c: Buffer) => {
        hash.update(c);
        part.size += c.length;
      });
      stream.on('end', () => (part.sha256 = hash.digest('hex')));
    });
    parser.on('field', (name, value, info) => {
      const bytes = Buffer.from(value, 'utf8');
      const part: EchoPart = {
        name,
        headers: [],
        contentType: info.mimeType,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        value,
      };
      if (info.encoding && info.encoding !== '7bit') part.transferEncoding = info.encoding;
      parts.push(part);
    });
    parser.on('error', reject);
    parser.on('close', () => resolve({ parts, size }));
    req.pipe(parser);
  });
}

async function echo(ctx: SandboxContext): Promise<void> {
  const { req, res, url } = ctx;
  const headers = headerList(req);
  const contentType = headerValue(headers, 'content-type') ?? '';
  const media = contentType ? parseMediaType(contentType) : null;
  const essence = media && media.ok ? media.value.essence : '';
  const result: Record<string, unknown> = {
    args: groupPairs(parseForm(url.search.slice(1))),
    data: '',
    files: {},
    form: {},
    headers: headerObject(headers),
    headerList: headers,
    json: null,
    method: req.method,
    origin: req.socket.remoteAddress ?? '',
    url: ctx.base + ctx.path + url.search,
  };
  if (essence === 'multipart/form-data') {
    let multipart: { parts: EchoPart[]; size: number };
    try {
      multipart = await readMultipart(req);
    } catch (err) {
      sendProblem(res, 400, { title: 'Malformed multipart body', detail: (err as Error).message });
      return;
    }
    const files: Record<string, string | string[]> = {};
    const form: Record<string, string | string[]> = {};
    for (const p of multipart.parts) {
      const target = p.filename !== undefined ? files : form;
      const shown = p.value ?? `<${p.size} bytes sha256:${p.sha256}>`;
      const existing = target[p.name];
      target[p.name] = existing === undefined ? shown : Array.isArray(existing) ? [...existing, shown] : [existing, shown];
    }
    Object.assign(result, { files, form, parts: multipart.parts, bodySize: multipart.size });
  } else {
    const body = await readHashed(req);
    const text = body.kept.toString('utf8');
    result.data = text;
    result.bodySize = body.size;
    result.bodySha256 = body.sha256;
    if (body.size > body.kept.length) result.dataTruncated = true;
    if (essence === 'application/x-www-form-urlencoded') result.form = groupPairs(parseForm(text));
    if (text && (essence === 'application/json' || essence.endsWith('+json') || !essence)) {
      try {
        result.json = JSON.parse(text);
        // Nesting past the engine's stack cannot be written back out: echo it as `data` only.
        JSON.stringify(result.json);
      } catch (error) {
        result.json = null;
        if (error instanceof RangeError) result.jsonNote = 'The JSON is nested too deeply to echo as a value; it is in "data" as sent.';
      }
    }
  }
  sendJson(res, 200, result);
}

/** The echo router. */
export const echoRoutes: SandboxRoute[] = [
  { method: '*', pattern: '/anything', handle: echo },
  { method: '*', pattern: '/anything/*', handle: echo },
];
