/**
 * Where the sandbox gRPC server runs, for the page (`GET /sandbox/grpc/info`), and its
 * .proto (`GET /sandbox/grpc/proto`) for loading the services without reflection.
 */
import { sendJson, type SandboxRoute } from '../router';
import { SANDBOX_PROTO, SANDBOX_PROTO_NAME } from './sandboxProto';

let running: { address: string; port: number } | undefined;

/** Records the started gRPC sandbox; `undefined` clears it. */
export function setGrpcSandboxInfo(info: { address: string; port: number } | undefined): void {
  running = info;
}

export function grpcSandboxInfo(): { address: string; port: number } | undefined {
  return running;
}

export const grpcRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    pattern: '/grpc/info',
    handle: (ctx) => {
      ctx.req.resume();
      const body = running
        ? { grpc: true, address: running.address, port: running.port, reflection: ['grpc.reflection.v1', 'grpc.reflection.v1alpha'], service: 'sandbox.Greeter', proto: `${ctx.base}/grpc/proto` }
        : { grpc: false, detail: 'The sandbox gRPC server is not running in this process (npm start starts it on the port after the mutual TLS sandbox).' };
      sendJson(ctx.res, 200, body, { 'Cache-Control': 'no-store' });
    },
  },
  {
    method: 'GET',
    pattern: '/grpc/proto',
    handle: (ctx) => {
      ctx.req.resume();
      ctx.res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': `inline; filename="${SANDBOX_PROTO_NAME}"`, 'Cache-Control': 'no-store' });
      ctx.res.end(SANDBOX_PROTO);
    },
  },
];
