/**
 * gRPC (issue 29): calls to the sandbox's gRPC server (sandbox.Greeter, with reflection, on
 * its own loopback port). A lesson's HTTP request reads where that server runs
 * (`GET /sandbox/grpc/info`); opening the lesson opens a gRPC tab with the call (`grpc`)
 * aimed at that address, so Invoke makes the call the lesson is about.
 */
import type { Lesson } from './lesson';

const INFO = { method: 'GET', url: '/sandbox/grpc/info', headers: [{ name: 'Accept', value: 'application/json' }] };

export const GRPC_LESSONS: readonly Lesson[] = [
  {
    id: 'grpc-unary',
    group: 'Utilities',
    title: 'gRPC: a unary call',
    convention: 'gRPC over HTTP/2 (PROTOCOL-HTTP2.md); server reflection (grpc.reflection.v1)',
    teaches:
      'A gRPC call is a POST over HTTP/2 to /package.Service/Method carrying a message encoded as Protocol Buffers. The server lists its services and message types through reflection, so the call can be built without a .proto file. A unary call sends one message and gets one back; how it ended is not the HTTP status (that is 200) but the grpc-status trailer, 0 OK when all went well.',
    lookAt:
      'The tab opens as gRPC with sandbox.Greeter/SayHello and its message seeded from HelloRequest. Invoke: the response shows status 0 OK, the headers, the one HelloReply message and the trailers. Change the name and invoke again; put a number where the name goes to see the message checked against its type before anything is sent.',
    request: INFO,
    expectedStatus: 200,
    grpc: { service: 'sandbox.Greeter', method: 'SayHello', message: '{\n  "name": "Ada"\n}' },
  },
  {
    id: 'grpc-server-stream',
    group: 'Utilities',
    title: 'gRPC: a server stream',
    convention: 'gRPC over HTTP/2: server-streaming calls (PROTOCOL-HTTP2.md)',
    teaches:
      'In a server-streaming call the client sends one message and the server answers with many, one after another on the same call, then ends it with a status. Each message is complete in itself; the stream is over only when the status arrives.',
    lookAt:
      'Invoke CountTo: five Count messages arrive one by one, about 200 ms apart, each listed as it comes, then status 0 OK. Cancel during a longer count (to: 50) and see the call end with 1 CANCELLED, said by the client, not the server.',
    request: INFO,
    expectedStatus: 200,
    grpc: { service: 'sandbox.Greeter', method: 'CountTo', message: '{\n  "to": 5,\n  "interval_ms": 200\n}' },
  },
  {
    id: 'grpc-deadline',
    group: 'Utilities',
    title: 'gRPC: a deadline exceeded',
    convention: 'gRPC deadlines: the grpc-timeout header, status 4 DEADLINE_EXCEEDED',
    teaches:
      'A gRPC client says how long it will wait: the deadline travels to the server in the grpc-timeout header (500m is 500 milliseconds) so the server can stop working on an answer nobody will read. When the time is up the call ends with status 4 DEADLINE_EXCEEDED, whatever the server was doing.',
    lookAt:
      'Slow waits 3 seconds before answering and the deadline is 500 ms: Invoke, and the call ends with 4 DEADLINE_EXCEEDED and its explanation. Raise the deadline above 3000 ms, or lower delay_ms, and the same call ends 0 OK.',
    request: INFO,
    expectedStatus: 200,
    grpc: { service: 'sandbox.Greeter', method: 'Slow', message: '{\n  "delay_ms": 3000\n}', deadlineMs: 500 },
  },
  {
    id: 'grpc-status-code',
    group: 'Utilities',
    title: 'gRPC: a status code from the server',
    convention: 'gRPC status codes (statuscodes.md): 0 OK to 16 UNAUTHENTICATED',
    teaches:
      'A gRPC server reports failure with one of 17 status codes and a message, in the trailers, while the HTTP status stays 200. The code says what kind of failure it is and so what to do: 5 NOT_FOUND means the thing asked for does not exist, 3 INVALID_ARGUMENT that the message was wrong, 14 UNAVAILABLE that trying again later may work.',
    lookAt:
      'Fail ends with the code it is given: Invoke and see 5 NOT_FOUND with the server’s message and the explanation of the code. Change code to 3, 7 or 14 and compare what each says about retrying.',
    request: INFO,
    expectedStatus: 200,
    grpc: { service: 'sandbox.Greeter', method: 'Fail', message: '{\n  "code": 5,\n  "message": "no greeting called Ada"\n}' },
  },
];
