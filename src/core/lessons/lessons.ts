/**
 * The lessons shipped with the app, in the order they are meant to run: later lessons use
 * values earlier ones captured (a refresh token, an access token).
 */
import { AUTH_LESSONS, TOKEN_LESSONS } from './authLessons';
import { CHECK_LESSONS } from './checkLessons';
import { ENCODING_LESSONS, UTILITY_LESSONS } from './encodingLessons';
import type { Lesson } from './lesson';
import { OAUTH_LESSONS } from './oauthLessons';
import { PROTOCOL_LESSONS } from './protocolLessons';
import { ERROR_LESSONS, RESOURCE_LESSONS } from './resourceLessons';
import { GRAPHQL_LESSONS } from './graphQlLessons';
import { GRPC_LESSONS } from './grpcLessons';
import { MCP_LESSONS } from './mcpLessons';
import { WEBSOCKET_LESSONS } from './websocketLessons';
import { SOAP_LESSONS } from './soapLessons';
import { STREAM_LESSONS } from './streamLessons';
import { TLS_LESSONS } from './tlsLessons';

/** Every lesson, grouped and in running order. */
export const LESSONS: readonly Lesson[] = [
  ...AUTH_LESSONS,
  ...TOKEN_LESSONS,
  ...OAUTH_LESSONS,
  ...CHECK_LESSONS,
  ...RESOURCE_LESSONS,
  ...ERROR_LESSONS,
  ...ENCODING_LESSONS,
  ...SOAP_LESSONS,
  ...UTILITY_LESSONS,
  ...TLS_LESSONS,
  ...STREAM_LESSONS,
  ...PROTOCOL_LESSONS,
  ...GRAPHQL_LESSONS,
  ...MCP_LESSONS,
  ...WEBSOCKET_LESSONS,
  ...GRPC_LESSONS,
];

/** The lesson with `id`, if there is one. */
export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
