/**
 * Reading `WWW-Authenticate: Digest …` challenges (RFC 7616 §3.3) and choosing the one to
 * answer: the strongest algorithm offered, or the person's preference when the server
 * offers it. An algorithm RFC 7616 does not define is an error that names it, never a
 * silent fall back to MD5.
 */
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { Challenge } from './challenges';
import { authParam, parseChallengeList } from './challenges';

/** The algorithms of RFC 7616 §3.3 (and the IANA "HTTP Digest Hash Algorithms" registry). */
export const DIGEST_ALGORITHMS = ['MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess', 'SHA-512-256', 'SHA-512-256-sess'] as const;
export type DigestAlgorithm = (typeof DIGEST_ALGORITHMS)[number];

/** The hash function behind an algorithm; the `-sess` variants share their base's. */
export type DigestHashName = 'MD5' | 'SHA-256' | 'SHA-512-256';

/** Quality-of-protection values of RFC 7616 §3.3. */
export type DigestQop = 'auth' | 'auth-int';

/** One Digest challenge, its parameters read and checked. */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  /** The qop values offered, in the server's order; empty when the server sent none (RFC 2069 form). */
  qop: DigestQop[];
  algorithm: DigestAlgorithm;
  /** Whether the server wrote `algorithm=` at all (RFC 2069 challenges do not). */
  algorithmGiven: boolean;
  /** The server asks for the user name hashed (RFC 7616 §3.4.4). */
  userhash: boolean;
  /** `charset=UTF-8`: names and passwords are UTF-8, and `username*` may be sent (RFC 7616 §4). */
  utf8: boolean;
  /** The previous nonce was valid but expired: answer again with this one, without asking (RFC 7616 §3.3). */
  stale: boolean;
  /** URIs of the protection space, as written (space-separated in the header). */
  domain: string[];
}

/** The hash function of `algorithm`. */
export function digestHashOf(algorithm: DigestAlgorithm): DigestHashName {
  return algorithm.replace(/-sess$/, '') as DigestHashName;
}

/** Whether `algorithm` is a session variant, whose A1 includes the nonce and cnonce. */
export function isSessionAlgorithm(algorithm: DigestAlgorithm): boolean {
  return algorithm.endsWith('-sess');
}

/** `algorithm` written the way RFC 7616 writes it, or undefined when it defines no such algorithm. */
export function digestAlgorithm(text: string): DigestAlgorithm | undefined {
  const lower = text.trim().toLowerCase();
  return DIGEST_ALGORITHMS.find((a) => a.toLowerCase() === lower);
}

const STRENGTH: Readonly<Record<DigestHashName, number>> = { MD5: 0, 'SHA-256': 1, 'SHA-512-256': 2 };

/**
 * Reads one parsed challenge of scheme Digest. Failures: `digest-param-missing` (no realm
 * or nonce), `digest-algorithm-unknown` (names the algorithm), `digest-qop-unknown` (the
 * server offers qop values none of which RFC 7616 defines).
 */
export function readDigestChallenge(challenge: Challenge): Result<DigestChallenge> {
  if (challenge.scheme.toLowerCase() !== 'digest') {
    throw new TypeError(`readDigestChallenge expects a Digest challenge, got scheme "${challenge.scheme}"`);
  }
  const realm = authParam(challenge, 'realm');
  const nonce = authParam(challenge, 'nonce');
  for (const [name, value] of [['realm', realm], ['nonce', nonce]] as const) {
    if (value === undefined) {
      return fail({ kind: 'digest-param-missing', field: name, message: `The Digest challenge has no ${name}, which RFC 7616 §3.3 requires, so it cannot be answered.` });
    }
  }
  const writtenAlgorithm = authParam(challenge, 'algorithm');
  const algorithm = writtenAlgorithm === undefined ? 'MD5' : digestAlgorithm(writtenAlgorithm);
  if (!algorithm) {
    return fail({
      kind: 'digest-algorithm-unknown',
      field: 'algorithm',
      message: `The server asks for Digest with algorithm "${writtenAlgorithm}", which RFC 7616 does not define; Wirebench answers ${DIGEST_ALGORITHMS.join(', ')}.`,
    });
  }
  const writtenQop = authParam(challenge, 'qop');
  const offered = (writtenQop ?? '').split(',').map((q) => q.trim().toLowerCase()).filter(Boolean);
  const qop = offered.filter((q): q is DigestQop => q === 'auth' || q === 'auth-int');
  if (offered.length > 0 && qop.length === 0) {
    return fail({ kind: 'digest-qop-unknown', field: 'qop', message: `The server offers qop "${writtenQop}", but RFC 7616 defines only auth and auth-int.` });
  }
  const opaque = authParam(challenge, 'opaque');
  const domain = authParam(challenge, 'domain');
  return ok({
    realm: realm!,
    nonce: nonce!,
    ...(opaque !== undefined ? { opaque } : {}),
    qop,
    algorithm,
    algorithmGiven: writtenAlgorithm !== undefined,
    userhash: (authParam(challenge, 'userhash') ?? '').toLowerCase() === 'true',
    utf8: (authParam(challenge, 'charset') ?? '').toLowerCase() === 'utf-8',
    stale: (authParam(challenge, 'stale') ?? '').toLowerCase() === 'true',
    domain: (domain ?? '').split(/\s+/).filter(Boolean),
  });
}

/**
 * The Digest challenges among `WWW-Authenticate` field values, with the first reason one
 * could not be used. `challenges` is empty when none can be answered.
 */
export function digestChallenges(headerValues: readonly string[]): Result<{ challenges: DigestChallenge[]; problems: string[] }> {
  const parsed = parseChallengeList(headerValues);
  if (!parsed.ok) return fail({ ...parsed.error, kind: 'digest-challenge-syntax', message: `The WWW-Authenticate header cannot be read: ${parsed.error.message}` });
  const challenges: DigestChallenge[] = [];
  const problems: string[] = [];
  for (const challenge of parsed.value) {
    if (challenge.scheme.toLowerCase() !== 'digest') continue;
    const read = readDigestChallenge(challenge);
    if (read.ok) challenges.push(read.value);
    else problems.push(read.error.message);
  }
  return ok({ challenges, problems });
}

/**
 * The challenge to answer from the Digest ones a response offers: `preferred` when the
 * server offers that algorithm, otherwise the strongest hash (SHA-512-256, then SHA-256,
 * then MD5), the server's order breaking ties. Failures: `digest-challenge-missing` (no
 * Digest challenge), `digest-algorithm-unknown` (only unusable ones; says why).
 */
export function chooseDigestChallenge(headerValues: readonly string[], preferred?: DigestAlgorithm): Result<DigestChallenge> {
  const found = digestChallenges(headerValues);
  if (!found.ok) return found;
  const { challenges, problems } = found.value;
  if (challenges.length === 0) {
    if (problems.length > 0) return fail({ kind: 'digest-algorithm-unknown', message: problems.join(' ') });
    return fail({ kind: 'digest-challenge-missing', message: 'The response carries no Digest challenge in WWW-Authenticate, so there is nothing to answer.' });
  }
  const wanted = preferred ? challenges.find((c) => c.algorithm === preferred) : undefined;
  if (wanted) return ok(wanted);
  let best = challenges[0]!;
  for (const challenge of challenges) {
    if (STRENGTH[digestHashOf(challenge.algorithm)] > STRENGTH[digestHashOf(best.algorithm)]) best = challenge;
  }
  return ok(best);
}
