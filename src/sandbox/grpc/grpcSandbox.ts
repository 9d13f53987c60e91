/**
 * The sandbox gRPC server (plaintext HTTP/2, grpc-js) with server reflection (v1 and
 * v1alpha, `@grpc/reflection`) on its own loopback port: `npm start` and the e2e server
 * start it, and `/sandbox/grpc/info` tells the page where it is. Methods: see sandboxProto.ts.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import protobuf from 'protobufjs';
import { SANDBOX_PROTO } from './sandboxProto';

/** The longest the Slow method waits, whatever is asked. */
const MAX_SLOW_MS = 60_000;
const MAX_COUNT = 1000;

export interface RunningGrpcSandbox {
  port: number;
  /** `grpc://127.0.0.1:PORT`. */
  address: string;
  close(): Promise<void>;
}

function packageDefinition(): protoLoader.PackageDefinition {
  const root = new protobuf.Root();
  protobuf.parse(SANDBOX_PROTO, root, { keepCase: true });
  root.addJSON(protobuf.common.get('google/protobuf/timestamp.proto')!.nested!);
  return protoLoader.fromJSON(root.toJSON(), { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
}

type Obj = Record<string, unknown>;

const now = () => {
  const ms = Date.now();
  return { seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 };
};

function served(): grpc.Metadata {
  const m = new grpc.Metadata();
  m.set('x-sandbox', 'grpc');
  return m;
}

function trailers(extra: Record<string, string> = {}): grpc.Metadata {
  const m = new grpc.Metadata();
  m.set('x-handled-by', 'wirebench-sandbox');
  for (const [k, v] of Object.entries(extra)) m.set(k, v);
  return m;
}

const handlers: grpc.UntypedServiceImplementation = {
  SayHello(call: grpc.ServerUnaryCall<Obj, Obj>, callback: grpc.sendUnaryData<Obj>) {
    call.sendMetadata(served());
    const name = String(call.request.name || 'World');
    const mood = call.request.mood === 'GRUMPY' ? ' Cheer up.' : call.request.mood === 'CHEERFUL' ? ' Nice to see you smiling.' : '';
    callback(null, { message: `Hello, ${name}!${mood}`, at: now(), tags: call.request.tags ?? {} }, trailers());
  },
  CountTo(call: grpc.ServerWritableStream<Obj, Obj>) {
    call.sendMetadata(served());
    const to = Math.min(MAX_COUNT, Math.max(0, Number(call.request.to) || 3));
    const interval = Math.min(5000, Math.max(0, Number(call.request.interval_ms) || 0));
    let n = 0;
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      if (call.cancelled) return;
      if (n >= to) {
        call.end(trailers({ 'x-count': String(to) }));
        return;
      }
      call.write({ n: ++n });
      timer = setTimeout(next, interval);
    };
    call.on('cancelled', () => clearTimeout(timer));
    next();
  },
  Sum(call: grpc.ServerReadableStream<Obj, Obj>, callback: grpc.sendUnaryData<Obj>) {
    call.sendMetadata(served());
    let total = 0n;
    let count = 0;
    call.on('data', (m: Obj) => {
      total += BigInt(String(m.value ?? '0'));
      count++;
    });
    call.on('end', () => callback(null, { total: total.toString(), count }, trailers()));
  },
  Chat(call: grpc.ServerDuplexStream<Obj, Obj>) {
    call.sendMetadata(served());
    let seen = 0;
    call.on('data', (m: Obj) => {
      seen++;
      const text = String(m.text ?? '');
      call.write({ text: text ? `You said: ${text}` : 'Say something.', bot: true });
    });
    call.on('end', () => call.end(trailers({ 'x-messages-seen': String(seen) })));
  },
  Slow(call: grpc.ServerUnaryCall<Obj, Obj>, callback: grpc.sendUnaryData<Obj>) {
    call.sendMetadata(served());
    const delay = Math.min(MAX_SLOW_MS, Math.max(0, Number(call.request.delay_ms) || 3000));
    const timer = setTimeout(() => callback(null, { message: `Replied after ${delay} ms.`, at: now() }, trailers()), delay);
    call.on('cancelled', () => clearTimeout(timer));
  },
  Fail(call: grpc.ServerUnaryCall<Obj, Obj>, callback: grpc.sendUnaryData<Obj>) {
    const code = Number(call.request.code);
    if (!Number.isInteger(code) || code < 0 || code > 16) {
      callback({ code: grpc.status.INVALID_ARGUMENT, details: `code must be 0 to 16, not ${String(call.request.code)}`, metadata: trailers() });
      return;
    }
    if (code === 0) callback(null, { message: 'OK, as asked.', at: now() }, trailers());
    else callback({ code, details: String(call.request.message || `Failed with ${code}, as asked.`), metadata: trailers() });
  },
  WhoAmI(call: grpc.ServerUnaryCall<Obj, Obj>, callback: grpc.sendUnaryData<Obj>) {
    const auth = String(call.metadata.get('authorization')[0] ?? '');
    const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    if (!token) {
      callback({ code: grpc.status.UNAUTHENTICATED, details: auth ? 'The authorization metadata is not "Bearer <token>".' : 'No authorization metadata: send "authorization: Bearer <token>".', metadata: trailers() });
      return;
    }
    callback(null, { message: `Token accepted (${token.length} characters).`, at: now() }, trailers());
  },
};

/** Starts the sandbox gRPC server on `host:port` (0 for any free port). */
export async function startGrpcSandbox(options: { port: number; host?: string }): Promise<RunningGrpcSandbox> {
  const definition = packageDefinition();
  const server = new grpc.Server();
  const loaded = grpc.loadPackageDefinition(definition) as unknown as { sandbox: { Greeter: grpc.ServiceClientConstructor } };
  server.addService(loaded.sandbox.Greeter.service, handlers);
  new ReflectionService(definition).addToServer(server);
  const host = options.host ?? '127.0.0.1';
  const bindHost = host.includes(':') ? `[${host}]` : host;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${bindHost}:${options.port}`, grpc.ServerCredentials.createInsecure(), (err, bound) => (err ? reject(err) : resolve(bound)));
  });
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : bindHost;
  return {
    port,
    address: `grpc://${shown}:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.tryShutdown(() => resolve());
      setTimeout(() => {
        server.forceShutdown();
        resolve();
      }, 1000).unref();
    }),
  };
}
