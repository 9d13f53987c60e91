/**
 * The answer to a Digest challenge (RFC 7616 §3.4): `Authorization: Digest …` with the
 * response hash, `nc` as 8 unquoted hex digits, `qop` only when the server offered one
 * (RFC 2069 form otherwise), `userhash` and `username*` (RFC 8187) when asked for. The hash
 * function is passed in, so this stays free of `node:crypto` and runs in the page too.
 */
import type { Result } from '../types';
import { fail, ok } from '../types';
import { quoteAuthParamValue } from './authParams';
import type { DigestAlgorithm, DigestChallenge, DigestHashName, DigestQop } from './digestChallenge';
import { digestHashOf, isSessionAlgorithm } from './digestChallenge';

export * from './digestChallenge';

/** Lower-case hex hash of `data` with the named function (MD5, SHA-256 or SHA-512/256). */
export type DigestHasher = (hash: DigestHashName, data: Uint8Array) => string;

/** Who answers: the person's name and password, never logged or stored as typed. */
export interface DigestCredentials {
  username: string;
  password: string;
  /** Answer this algorithm when the server offers it (otherwise the strongest offered). */
  algorithm?: DigestAlgorithm;
}

/** Everything one answer depends on. */
export interface DigestAnswerInput {
  challenge: DigestChallenge;
  credentials: DigestCredentials;
  method: string;
  /** The request-target as sent: path and query (RFC 7616 §3.4.6). */
  uri: string;
  /** The request body, hashed for `qop=auth-int`. */
  body?: Uint8Array;
  /** A fresh client nonce (random, base64 or hex). */
  cnonce: string;
  /** How many requests this nonce has answered, this one included (1 for the first). */
  nc: number;
}

/** The answer and what it was built from, for the inspector. */
export interface DigestAnswer {
  header: string;
  qop?: DigestQop;
  algorithm: DigestAlgorithm;
  /** `nc` as sent, 8 hex digits. */
  nc?: string;
}

const utf8 = new TextEncoder();

/** RFC 8187 attr-char: what an ext-value may carry without percent-encoding. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** `UTF-8''…` with every byte outside attr-char percent-encoded (RFC 8187 §3.2). */
export function extValue(text: string): string {
  let out = "UTF-8''";
  for (const ch of text) {
    if (ATTR_CHAR.test(ch)) {
      out += ch;
      continue;
    }
    for (const byte of utf8.encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `nc` as RFC 7616 §3.4 writes it: 8 lower-case hex digits. */
export function formatNonceCount(nc: number): string {
  if (!Number.isInteger(nc) || nc < 1 || nc > 0xffffffff) throw new RangeError(`Nonce count ${nc} is outside 1..2^32-1`);
  return nc.toString(16).padStart(8, '0');
}

/** qop=auth when offered, else auth-int; none when the server offered none (RFC 2069 form). */
export function chooseQop(offered: readonly DigestQop[]): DigestQop | undefined {
  if (offered.includes('auth')) return 'auth';
  return offered.includes('auth-int') ? 'auth-int' : undefined;
}

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/**
 * Computes `Authorization: Digest …` for `input`. Failures: `digest-username-empty`,
 * `digest-username-charset` (a non-ASCII name for a server that did not announce
 * charset=UTF-8 and asked for no userhash), `digest-username-colon` (only a hashed
 * name may contain ":" — the server splits A1 there).
 */
export function digestAuthorization(input: DigestAnswerInput, hasher: DigestHasher): Result<DigestAnswer> {
  const { challenge, credentials, method, uri } = input;
  const { username, password } = credentials;
  if (username === '') return fail({ kind: 'digest-username-empty', field: 'username', message: 'The Digest user name is empty.' });
  if (!isAscii(username) && !challenge.utf8 && !challenge.userhash) {
    return fail({
      kind: 'digest-username-charset',
      field: 'username',
      message: `The user name "${username}" is not ASCII, and the server announced neither charset=UTF-8 nor userhash, so it cannot be sent (RFC 7616 §4).`,
    });
  }
  const H = (text: string) => hasher(digestHashOf(challenge.algorithm), utf8.encode(text));
  const qop = chooseQop(challenge.qop);
  const nc = qop ? formatNonceCount(input.nc) : undefined;
  const response = digestResponse(
    { algorithm: challenge.algorithm, username, realm: challenge.realm, password, nonce: challenge.nonce, cnonce: input.cnonce, method, uri, ...(qop ? { qop, nc } : {}), ...(input.body ? { body: input.body } : {}) },
    hasher,
  );

  const params: string[] = [];
  if (challenge.userhash) params.push(`username=${quoteAuthParamValue(H(`${username}:${challenge.realm}`))}`);
  else if (isAscii(username)) params.push(`username=${quoteAuthParamValue(username)}`);
  else params.push(`username*=${extValue(username)}`);
  params.push(`realm=${quoteAuthParamValue(challenge.realm)}`, `uri=${quoteAuthParamValue(uri)}`);
  if (challenge.algorithmGiven) params.push(`algorithm=${challenge.algorithm}`);
  params.push(`nonce=${quoteAuthParamValue(challenge.nonce)}`);
  if (qop) params.push(`nc=${nc}`, `cnonce=${quoteAuthParamValue(input.cnonce)}`, `qop=${qop}`);
  params.push(`response=${quoteAuthParamValue(response)}`);
  if (challenge.opaque !== undefined) params.push(`opaque=${quoteAuthParamValue(challenge.opaque)}`);
  if (challenge.userhash) params.push('userhash=true');
  return ok({ header: `Digest ${params.join(', ')}`, algorithm: challenge.algorithm, ...(qop ? { qop, nc } : {}) });
}

/** What the response hash depends on; `qop` and `nc` absent for the RFC 2069 form. */
export interface DigestResponseInput {
  algorithm: DigestAlgorithm;
  username: string;
  realm: string;
  password: string;
  nonce: string;
  cnonce: string;
  /** The method, or '' for `rspauth` in Authentication-Info (RFC 7616 §3.5). */
  method: string;
  uri: string;
  qop?: DigestQop;
  /** As sent: 8 hex digits. */
  nc?: string;
  body?: Uint8Array;
}

/**
 * The `response` hash of RFC 7616 §3.4.1: KD(H(A1), nonce:nc:cnonce:qop:H(A2)), or
 * H(H(A1):nonce:H(A2)) without qop; A1 includes nonce and cnonce for `-sess`, A2 the
 * body's hash for `auth-int`. Servers check an answer with it too.
 */
export function digestResponse(input: DigestResponseInput, hasher: DigestHasher): string {
  const H = (text: string | Uint8Array) => hasher(digestHashOf(input.algorithm), typeof text === 'string' ? utf8.encode(text) : text);
  let ha1 = H(`${input.username}:${input.realm}:${input.password}`);
  if (isSessionAlgorithm(input.algorithm)) ha1 = H(`${ha1}:${input.nonce}:${input.cnonce}`);
  const a2 = input.qop === 'auth-int' ? `${input.method}:${input.uri}:${H(input.body ?? new Uint8Array(0))}` : `${input.method}:${input.uri}`;
  if (!input.qop) return H(`${ha1}:${input.nonce}:${H(a2)}`);
  return H(`${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:${input.qop}:${H(a2)}`);
}

/**
 * Nonce counts, one per nonce (RFC 7616 §3.4: the count of requests sent with that nonce,
 * so the server can detect replays). Bounded: past `limit` nonces the oldest is forgotten.
 */
export class DigestNonceCounts {
  private readonly counts = new Map<string, number>();
  constructor(private readonly limit = 256) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Nonce count limit ${limit} must be a positive integer`);
  }

  /** Counts one more request with `nonce` and returns its count (1 for the first). */
  next(nonce: string): number {
    const count = (this.counts.get(nonce) ?? 0) + 1;
    this.counts.delete(nonce);
    this.counts.set(nonce, count);
    if (this.counts.size > this.limit) this.counts.delete(this.counts.keys().next().value!);
    return count;
  }

  /** How many nonces are remembered. */
  get size(): number {
    return this.counts.size;
  }
}

/** One sentence naming what an answer used, e.g. `SHA-256, qop=auth, nc=00000001`. */
export function describeDigestAnswer(answer: DigestAnswer, challenge: DigestChallenge): string {
  const parts: string[] = [answer.algorithm];
  parts.push(answer.qop ? `qop=${answer.qop}, nc=${answer.nc}` : 'no qop (the server offered none: RFC 2069 form)');
  if (challenge.userhash) parts.push('user name hashed (userhash)');
  return `realm "${challenge.realm}", ${parts.join(', ')}`;
}
