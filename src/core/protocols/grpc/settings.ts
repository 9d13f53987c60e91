/**
 * A gRPC call as saved on a draft (`RequestDraft.grpc`): the draft's URL names the server
 * (`grpc://host:port` plaintext, `grpcs://host:port` TLS), its headers are the metadata and
 * its auth is the draft's; this holds what only a gRPC call has.
 */
export interface GrpcSettings {
  /** Where the service definitions come from: server reflection or `.proto` text. */
  source: 'reflection' | 'proto';
  /** The `.proto` files' text when `source` is `proto`, by file name. */
  protoFiles: Record<string, string>;
  /** Fully qualified service name, e.g. `sandbox.Greeter`. */
  service: string;
  method: string;
  /** The request message(s) as JSON text; a client- or bidi-streaming call sends each in order. */
  messages: string[];
  /** Deadline in milliseconds; 0 for none. */
  deadlineMs: number;
}

export function emptyGrpcSettings(): GrpcSettings {
  return { source: 'reflection', protoFiles: {}, service: '', method: '', messages: ['{}'], deadlineMs: 0 };
}
