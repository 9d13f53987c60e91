/**
 * The sandbox authorization server under `/sandbox/oauth`, in one route list. Other
 * methods on these paths get the sandbox's generic 405 with `Allow`, and OPTIONS a 204.
 */
import type { SandboxRoute } from '../router';
import { authorizeRoutes } from './authorizePages';
import { deviceRoutes } from './deviceFlow';
import { metadataRoutes } from './serverMetadata';
import { registrationRoutes } from './registration';
import { tokenEndpointRoutes } from './tokenEndpoint';
import { tokenInspectionRoutes } from './tokenInspection';
import { testSwitchRoutes } from './testSwitches';

/** Every route of the authorization server. */
export const oauthRoutes: SandboxRoute[] = [...metadataRoutes, ...authorizeRoutes, ...tokenEndpointRoutes, ...deviceRoutes, ...tokenInspectionRoutes, ...testSwitchRoutes, ...registrationRoutes];
