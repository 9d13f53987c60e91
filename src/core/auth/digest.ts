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
  const H = (text: string | Uint8Array) => hasher(digestHashOf(challenge.algorithm), typeof text === 'string' ? utf8.encode(text) : text);
  const qop = chooseQop(challenge.qop);
  const nc = qop ? formatNonceCount(input.nc) : undefined;

  let ha1 = H(`${username}:${challenge.realm}:${password}`);
  if (isSessionAlgorithm(challenge.algorithm)) ha1 = H(`${ha1}:${challenge.nonce}:${input.cnonce}`);
  const a2 = qop === 'auth-int' ? `${method}:${uri}:${H(input.body ?? new Uint8Array(0))}` : `${method}:${uri}`;
  const response = qop ? H(`${ha1}:${challenge.nonce}:${nc}:${input.cnonce}:${qop}:${H(a2)}`) : H(`${ha1}:${challenge.nonce}:${H(a2)}`);

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
