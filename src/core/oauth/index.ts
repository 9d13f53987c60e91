export { buildAuthorizationUrl, readAuthorizationCallback, type AuthorizationRequestInput, type CallbackExpectations, type ExplainedParameter } from './authorizationRequest';
export { CLIENT_AUTH_METHODS, JWT_BEARER_ASSERTION_TYPE, authenticateClient, clientSecretBasic, type ClientAuthMethod, type OAuthClient } from './clientAuth';
export { GRANT_TYPE_URIS, discoveryCandidates, readDiscoveryDocument, supportedByServer, type AuthorizationServerMetadata, type GrantKind } from './discovery';
export { DEFAULT_DEVICE_INTERVAL, nextDevicePoll, readDeviceAuthorization, startDevicePolling, type DeviceAuthorization, type DevicePollStep, type DevicePolling } from './deviceFlow';
export {
  PASSWORD_GRANT_WARNING,
  buildDeviceAuthorizationRequest,
  buildGrantTokenRequest,
  buildIntrospectionRequest,
  buildRevocationRequest,
  type Grant,
  type TokenRequestOptions,
} from './grantRequests';
export { accessTokenHash, validateIdToken, type IdTokenCheck, type ValidIdToken } from './idToken';
export { explainOAuthError } from './oauthErrors';
export { choosePkceMethod, codeChallenge, codeVerifierProblem, newCodeVerifier, newOpaqueValue, type PkceMethod } from './pkce';
export { asksForOpenId, discover, runGrant, verifyIdToken, type GrantOutcome, type IdTokenSource, type GrantRunnerDeps, type GrantSettings } from './grantRunner';
export { settleGrantSteps, type GrantRunEnd, type GrantStep } from './grantSteps';
