/**
 * The upgradeable paths, listed once: each feature's WebSocket endpoints (the sandbox's
 * echo and GraphQL subscriptions, the relay's WebSocket channel) add their route here.
 */
import type { UpgradeRoute } from './upgrade';
import { GRAPHQL_WS_PATH, handleGraphQlWsUpgrade } from '../sandbox/graphql/subscriptions';
import { webSocketChannelRoute } from './webSocketChannel';
import { handleSandboxWebSocket, SANDBOX_WS_PREFIX } from '../sandbox/websocket/endpoints';

export const upgradeRoutes: UpgradeRoute[] = [
  webSocketChannelRoute,
  { prefix: SANDBOX_WS_PREFIX, handle: handleSandboxWebSocket },
  { prefix: GRAPHQL_WS_PATH, handle: (req, socket, head) => handleGraphQlWsUpgrade(req, socket, head) },
];
