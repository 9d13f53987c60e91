/** The sandbox gRPC service's definition, served by reflection and offered for download at /sandbox/grpc/proto. */
export const SANDBOX_PROTO_NAME = 'sandbox.proto';

export const SANDBOX_PROTO = `syntax = "proto3";

package sandbox;

import "google/protobuf/timestamp.proto";

// The Wirebench sandbox: one method of each kind, one that takes longer than a short
// deadline, one that answers with the status code asked for, one that wants a Bearer token.
service Greeter {
  // Unary: one request, one reply.
  rpc SayHello (HelloRequest) returns (HelloReply);
  // Server streaming: counts from 1 to \`to\`, one message every \`interval_ms\`.
  rpc CountTo (CountRequest) returns (stream Count);
  // Client streaming: adds up every number sent until the stream is ended.
  rpc Sum (stream Number) returns (SumReply);
  // Bidirectional: answers each message as it comes.
  rpc Chat (stream ChatMessage) returns (stream ChatMessage);
  // Waits \`delay_ms\` (default 3000) before replying: call it with a shorter deadline.
  rpc Slow (SlowRequest) returns (HelloReply);
  // Ends with the status code given (0-16) and its message.
  rpc Fail (FailRequest) returns (HelloReply);
  // Needs \`authorization: Bearer <token>\` metadata; 16 UNAUTHENTICATED without it.
  rpc WhoAmI (WhoAmIRequest) returns (HelloReply);
}

enum Mood {
  MOOD_UNSPECIFIED = 0;
  CHEERFUL = 1;
  GRUMPY = 2;
}

message HelloRequest {
  string name = 1;
  Mood mood = 2;
  map<string, string> tags = 3;
}

message HelloReply {
  string message = 1;
  google.protobuf.Timestamp at = 2;
  map<string, string> tags = 3;
}

message CountRequest {
  int32 to = 1;
  int32 interval_ms = 2;
}

message Count {
  int32 n = 1;
}

message Number {
  int64 value = 1;
}

message SumReply {
  int64 total = 1;
  int32 count = 2;
}

message ChatMessage {
  string text = 1;
  oneof from {
    string user = 2;
    bool bot = 3;
  }
}

message SlowRequest {
  int32 delay_ms = 1;
}

message FailRequest {
  int32 code = 1;
  string message = 2;
}

message WhoAmIRequest {}
`;
