/**
 * The shape of a request as the person composes it (`RequestDraft` and its rows, body, auth
 * and options): types only, so the helpers that edit a draft (`urlSync.ts`…) and `draft.ts`,
 * which builds drafts with them, never import each other in a circle.
 */
import type { AuthSchemeId } from '../auth/authTypes';
import type { QueryListStyle } from '../encoding';
import type { GraphQlBody } from '../protocols/graphql/body';
import type { GrpcSettings } from '../protocols/grpc/settings';
import type { McpSettings } from '../protocols/mcp/settings';
import type { RequestProtocol } from '../protocols/types';
import type { WebSocketSettings } from '../protocols/websocket/settings';
import type { FileRef } from '../types';

/** One row of the headers table. Disabled rows are kept but not sent; order is wire order. */
export interface HeaderRow {
  id: string;
  enabled: boolean;
  name: string;
  value: string;
}

/**
 * One row of the query table. A plain row sends `name=value`; a list row sends its items
 * either comma-separated in one parameter or as the parameter repeated (spec §4.4).
 */
export interface QueryRow {
  id: string;
  enabled: boolean;
  name: string;
  /** The decoded value of a plain row (`{{variables}}` kept as written). */
  value: string;
  /** Present on a list row: its items and how they are written. */
  list?: { style: QueryListStyle; items: string[] };
  /** The exact text this row had in the URL, so an unedited row is written back byte for byte. */
  raw?: string;
}

/** The value of one `{name}` path parameter of the URL template. */
export interface PathParamRow {
  name: string;
  value: string;
}

/** A `name=value` row of an x-www-form-urlencoded body. */
export interface FormRow {
  id: string;
  enabled: boolean;
  name: string;
  value: string;
}

/** One part of a multipart body as the builder edits it. */
export interface MultipartPartDraft {
  id: string;
  enabled: boolean;
  /** The form field name. */
  name: string;
  /** Text content, JSON content, or a file streamed from disk at send time. */
  kind: 'text' | 'json' | 'file';
  /** The content of a text or JSON part. */
  value: string;
  /** The file of a file part (its bytes stay on disk until sent). */
  file?: FileRef;
  /** Overrides the file's own name in Content-Disposition `filename`. */
  filename?: string;
  /** The part's Content-Type; empty means the default for its kind. */
  contentType: string;
  /** Send the content as `Content-Transfer-Encoding: base64` (text and JSON parts only). */
  base64: boolean;
  /** Extra part headers, in order. */
  headers: HeaderRow[];
}

/** The body kinds the composer offers. */
export type DraftBodyKind = 'none' | 'json' | 'form' | 'multipart' | 'xml' | 'text' | 'binary' | 'graphql';

/** Body kinds edited as text. */
export type TextBodyKind = 'json' | 'xml' | 'text';

/** Every kind's content at once, so switching kind keeps what was typed. */
export interface DraftBody {
  kind: DraftBodyKind;
  texts: Record<TextBodyKind, string>;
  form: FormRow[];
  multipart: MultipartPartDraft[];
  /** The multipart boundary, shown and regenerable. */
  boundary: string;
  /** The file of a binary body. */
  binary?: FileRef;
  /** A GraphQL body's query, variables, operation name and transport (kind `graphql`). */
  graphql?: GraphQlBody;
}

/** The auth tab: a scheme from `authSchemes` or a token from the vault, and its form values. */
export interface DraftAuth {
  scheme: AuthSchemeId | 'vault';
  /** Field values by field name; fields of every scheme share one record. */
  values: Record<string, string>;
  /** The vault entry whose token is used when `scheme` is `vault`. */
  vaultEntryId?: string;
}

/** How the relay sends the request. */
export interface DraftOptions {
  /** Send as POST with `X-HTTP-Method-Override` naming the method (spec §4.2). */
  methodOverride: boolean;
  followRedirects: boolean;
  timeoutMs: number;
  /** Skip certificate verification; the exchange is marked insecure. */
  insecureTls: boolean;
  /** "Send and store cookies" with the workspace jar; absent means on, false opts this request out. */
  cookies?: boolean;
  /** HTTP version: absent or `auto` (HTTP/2 when an https server picks it by ALPN), `http1` (Force HTTP/1.1), `h2c` (HTTP/2 prior knowledge for http targets). */
  protocol?: 'auto' | 'http1' | 'h2c';
  /** Most redirects followed (absent: the relay's 10); Postman's protocolProfileBehavior.maxRedirects. */
  maxRedirects?: number;
  /** Redirects followed by Postman's rules (a request imported from Postman; see RelayRequestMeta.postmanRedirects). */
  postmanRedirects?: { followOriginalMethod: boolean; removeReferer: boolean };
}

/** The request being composed. */
export interface RequestDraft {
  id: string;
  name: string;
  method: string;
  /** The URL template as typed, query included; the tables below stay in sync with it. */
  url: string;
  pathParams: PathParamRow[];
  query: QueryRow[];
  headers: HeaderRow[];
  auth: DraftAuth;
  body: DraftBody;
  options: DraftOptions;
  /** What the request speaks; absent means HTTP (SOAP and GraphQL are HTTP with their own tools). */
  protocol?: RequestProtocol;
  /** A WebSocket request's own settings (`protocol: 'websocket'`). */
  websocket?: WebSocketSettings;
  /** A gRPC call's own settings (`protocol: 'grpc'`). */
  grpc?: GrpcSettings;
  /** An MCP server's own settings (`protocol: 'mcp'`). */
  mcp?: McpSettings;
}
