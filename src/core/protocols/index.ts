export * from './types';
export * from './websocket/settings';
export * from './grpc/settings';
export * from './mcp/settings';
