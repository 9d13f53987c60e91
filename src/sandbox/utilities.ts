/**
 * Utility endpoints in the manner of httpbin: byte streams of any size for transfer tests.
 */
import { randomBytes } from 'node:crypto';
import { sendProblem, type SandboxContext, type SandboxRoute } from './router';

const BLOCK = randomBytes(64 * 1024);
/** Upper bound of `/bytes/{n}`: large enough for 1 GB transfer tests, small enough to refuse nonsense. */
const MAX_BYTES = 8 * 1024 * 1024 * 1024;

function streamBytes(ctx: SandboxContext): void {
  const raw = ctx.params.n ?? '';
  const n = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n > MAX_BYTES) {
    sendProblem(ctx.res, 400, { title: 'Bad byte count', detail: `"${raw}" is not a whole number of bytes from 0 to ${MAX_BYTES}.` });
    return;
  }
  const { res } = ctx;
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': n });
  if (ctx.req.method === 'HEAD') return void res.end();
  let sent = 0;
  const pump = () => {
    while (sent < n) {
      const size = Math.min(BLOCK.length, n - sent);
      sent += size;
      if (!res.write(size === BLOCK.length ? BLOCK : BLOCK.subarray(0, size))) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => (sent = n));
  pump();
}

/** The utilities router. */
export const utilityRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/bytes/:n', handle: streamBytes },
  { method: 'HEAD', pattern: '/bytes/:n', handle: streamBytes },
];
