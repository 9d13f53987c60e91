/**
 * Fixed representations for the inspector: content-encoded JSON (`/gzip`, `/brotli`), an
 * HTML page carrying script (to prove the preview runs none), an XML document and a small
 * generated PNG.
 */
import { brotliCompressSync, crc32, deflateSync, gzipSync } from 'node:zlib';
import type { SandboxContext, SandboxRoute } from './router';

function send(ctx: SandboxContext, type: string, body: Buffer, headers: Record<string, string> = {}): void {
  ctx.req.resume();
  ctx.res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length, ...headers });
  ctx.res.end(body);
}

function encoded(encoding: 'gzip' | 'br'): (ctx: SandboxContext) => void {
  return (ctx) => {
    const json = Buffer.from(
      JSON.stringify(
        {
          encoding,
          explanation: `This body was sent with Content-Encoding: ${encoding}; the client decoded it before you saw it. Content-Length counts the encoded bytes.`,
          acceptEncodingSent: ctx.req.headers['accept-encoding'] ?? null,
          sample: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, word: 'repetition compresses well' })),
        },
        null,
        2,
      ),
    );
    const body = encoding === 'gzip' ? gzipSync(json) : brotliCompressSync(json);
    send(ctx, 'application/json; charset=utf-8', body, { 'Content-Encoding': encoding, Vary: 'Accept-Encoding', 'X-Decoded-Length': String(json.length) });
  };
}

/** Script that would change the page if it ran; the preview must show it did not. */
const HTML_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sandbox HTML with script</title></head>
<body>
<h1 id="status">Script did not run</h1>
<p>This page carries a &lt;script&gt; element and an onerror handler. A safe preview shows the heading above unchanged.</p>
<script>document.getElementById('status').textContent = 'Script ran';</script>
<img src="/sandbox/missing-image.png" alt="a broken image" onerror="document.body.dataset.onerror = 'ran'; document.title = 'onerror ran'">
</body>
</html>
`;

const XML_DOCUMENT = `<?xml version="1.0" encoding="utf-8"?>
<orders xmlns="urn:wirebench:sandbox:orders" count="2">
  <order id="1" status="shipped">
    <item>Analytical engine punch cards</item>
    <quantity>200</quantity>
    <unitPrice currency="EUR">0.25</unitPrice>
    <placedAt>2024-01-15T09:30:00Z</placedAt>
  </order>
  <order id="2" status="open">
    <item>Brass gear set</item>
    <quantity>3</quantity>
    <unitPrice currency="EUR">42.50</unitPrice>
    <placedAt>2024-03-02T14:05:00Z</placedAt>
    <note><![CDATA[gift wrap & bow]]></note>
  </order>
</orders>
`;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A 16×16 RGB PNG with a diagonal gradient, built by hand (signature, IHDR, IDAT, IEND). */
function makePng(size = 16): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter method, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter type None
    for (let x = 0; x < size; x++) rows.push(40 + x * 12, 90 + y * 9, 200 - (x + y) * 5);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.from(rows))), pngChunk('IEND', Buffer.alloc(0))]);
}

const PNG = makePng();

/** The representations router. */
export const representationRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/gzip', handle: encoded('gzip') },
  { method: 'GET', pattern: '/brotli', handle: encoded('br') },
  // The CSP sandbox keeps the script inert even when the page is opened directly, same-origin with the app.
  { method: 'GET', pattern: '/html', handle: (ctx) => send(ctx, 'text/html; charset=utf-8', Buffer.from(HTML_PAGE), { 'Content-Security-Policy': 'sandbox' }) },
  { method: 'GET', pattern: '/xml', handle: (ctx) => send(ctx, 'application/xml; charset=utf-8', Buffer.from(XML_DOCUMENT)) },
  { method: 'GET', pattern: '/image.png', handle: (ctx) => send(ctx, 'image/png', PNG, { 'Cache-Control': 'public, max-age=3600' }) },
];
