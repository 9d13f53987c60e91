/**
 * The upgradeable paths, listed once: each feature's WebSocket endpoints (the sandbox's
 * echo and GraphQL subscriptions, the relay's WebSocket channel) add their route here.
 */
import type { UpgradeRoute } from './upgrade';

export const upgradeRoutes: UpgradeRoute[] = [];
