/**
 * A decompression bomb to prove the limits on decoded bodies (issue 32): `/bomb` answers a
 * body of zeros compressed as it is read, Brotli by default (`?encoding=gzip` for gzip), so a
 * few kilobytes on the wire stand for `?gb=` gigabytes (default 8, at most 64) once decoded.
 * Zeros are compressed only as fast as the client reads (backpressure), so a client that
 * stops reading costs the sandbox nothing more. Never served to a client that has not asked.
 */
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { queryRows, type SandboxContext, type SandboxRoute } from './router';

const MB = 1024 * 1024;
const ZEROS = Buffer.alloc(MB);

function bomb(ctx: SandboxContext): void {
  ctx.req.resume();
  const query = queryRows(ctx.url.search);
  const gzip = query.find((p) => p.name === 'encoding')?.value === 'gzip';
  const gb = Math.min(64, Math.max(1, Number(query.find((p) => p.name === 'gb')?.value) || 8));
  const compressor = gzip
    ? createGzip({ level: 9 })
    : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24 } });
  ctx.res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Encoding': gzip ? 'gzip' : 'br', 'X-Decoded-Length': String(gb * 1024 * MB) });
  compressor.pipe(ctx.res);
  let written = 0;
  const total = gb * 1024;
  const pump = () => {
    while (written < total) {
      written++;
      // A flush every 8 MB of zeros puts a few bytes on the wire, so the client decodes as it goes.
      const more = compressor.write(ZEROS);
      if (written % 8 === 0) compressor.flush();
      if (!more) return void compressor.once('drain', pump);
    }
    compressor.end();
  };
  ctx.res.once('close', () => {
    written = total;
    compressor.destroy();
  });
  pump();
}

export const bombRoutes: SandboxRoute[] = [{ method: 'GET', pattern: '/bomb', handle: bomb }];
