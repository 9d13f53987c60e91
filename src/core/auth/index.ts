/**
 * Authentication conventions (spec §5; RFC 9110 §11, RFC 7617, RFC 6750, RFC 7519):
 * challenges, credentials, JWTs and the scheme descriptors the composer renders. The
 * grammar scanner and small character helpers stay internal.
 */
export {
  authParam,
  formatAuthParamValue,
  isAuthToken,
  isToken68,
  quoteAuthParamValue,
  token68Problem,
  type AuthParam,
  type AuthSyntaxError,
} from './authParams';
export {
  BEARER_ERROR_CODES,
  describeChallenge,
  findChallenge,
  formatChallenge,
  formatChallenges,
  parseChallengeList,
  parseChallenges,
  type Challenge,
} from './challenges';
export { challengeCarrier, NON_AUTHORIZATION_CHALLENGES, sessionCookieChallenge, type ChallengeCarrier } from './challengeCarrier';
export { basicCredentials, parseBasic, type BasicCredentials } from './basic';
export {
  apiKeyHeader,
  bearer,
  customCredentials,
  DEFAULT_API_KEY_HEADER,
  jwtScheme,
  parseCredentials,
  type AuthCredentials,
} from './credentials';
export { decodeJwt, type DecodedJwt, type JwtTimeOptions } from './jwt';
export {
  explainAudience,
  type AudienceExplanation,
  type AudienceFinding,
  type AudienceFindingCode,
} from './audience';
export { verifyJwtSignature, type JwtSignatureCheck, type JwtVerificationKey } from './jwtSignature';
export {
  applyAuth,
  authScheme,
  authSchemes,
  parseAuthParamLines,
  visibleAuthFields,
  type AuthApplication,
  type AuthField,
  type AuthSchemeDescriptor,
  type AuthSchemeId,
} from './schemes';
export { schemeSigns, signWire, type AuthSigningContext, type SignedWire, type SigningStep } from './signing';
export { readSigV4Settings, sigv4Scheme, type SigV4Settings } from './sigv4Scheme';
export {
  chooseDigestChallenge,
  describeDigestAnswer,
  DIGEST_ALGORITHMS,
  digestAlgorithm,
  digestAuthorization,
  digestChallenges,
  DigestNonceCounts,
  digestResponse,
  extValue,
  type DigestResponseInput,
  readDigestChallenge,
  type DigestAlgorithm,
  type DigestAnswer,
  type DigestAnswerInput,
  type DigestChallenge,
  type DigestCredentials,
  type DigestHasher,
  type DigestHashName,
  type DigestQop,
} from './digest';
export { digestScheme } from './digestScheme';
