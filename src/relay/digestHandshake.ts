/**
 * The relay's side of Digest (RFC 7616): answering a 401 challenge once with the computed
 * Authorization, once more when the server says the nonce was `stale=true`, and no further —
 * a second plain 401 means the credentials are wrong, and is reported so. Challenges and
 * nonce counts are remembered for the session (bounded), so the next request to the same
 * protection space answers at once with the next `nc`. Credentials are never logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  chooseDigestChallenge,
  describeDigestAnswer,
  digestAuthorization,
  DigestNonceCounts,
  type DigestChallenge,
  type DigestCredentials,
  type DigestHasher,
  type HeaderField,
  type RelayAuthReport,
} from '../core';
import { RelayFailure } from './failures';

const NODE_HASHES = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' } as const;

/** Digest hashing with Node's crypto. */
export const nodeDigestHasher: DigestHasher = (hash, data) => createHash(NODE_HASHES[hash]).update(data).digest('hex');

const REMEMBERED_CHALLENGES = 64;

/** What the relay keeps between requests: nonce counts per nonce, and the last challenge per origin and user. */
export class DigestMemory {
  readonly counts = new DigestNonceCounts(256);
  private readonly challenges = new Map<string, { origin: string; challenge: DigestChallenge }>();

  remember(url: URL, username: string, challenge: DigestChallenge): void {
    const key = `${url.origin}\u0000${username}\u0000${challenge.realm}`;
    this.challenges.delete(key);
    this.challenges.set(key, { origin: url.origin, challenge });
    if (this.challenges.size > REMEMBERED_CHALLENGES) this.challenges.delete(this.challenges.keys().next().value!);
  }

  /**
   * The latest challenge whose protection space holds `url`: the same origin, and a path
   * under one of its `domain` URIs — the whole origin when it named none, or when it is a
   * proxy's (`wholeOrigin`: a Proxy-Authenticate domain means nothing, RFC 7616 §3.3).
   */
  recall(url: URL, username: string, wholeOrigin = false): DigestChallenge | undefined {
    const found = [...this.challenges.entries()].reverse().find(([key, { origin, challenge }]) => {
      if (origin !== url.origin || !key.startsWith(`${origin}\u0000${username}\u0000`)) return false;
      if (wholeOrigin || challenge.domain.length === 0) return true;
      return challenge.domain.some((uri) => {
        const space = new URL(uri, url);
        return space.origin === url.origin && url.pathname.startsWith(space.pathname);
      });
    });
    return found?.[1].challenge;
  }

  /** Forgets every challenge remembered for `url`'s origin and `username` (its answer was refused: the next request starts over). */
  forget(url: URL, username: string): void {
    for (const key of [...this.challenges.keys()]) if (key.startsWith(`${url.origin}\u0000${username}\u0000`)) this.challenges.delete(key);
  }
}

/** The relay's memory for this process: origins' challenges (401) and proxies' (407, `proxyDigest.ts`). */
export const digestMemory = new DigestMemory();

/** One more request to send: its Authorization and what the hop it answers should say. */
export interface DigestStep {
  authorization: HeaderField;
  note: string;
}

/** The WWW-Authenticate lines of a response, apart, from Node's raw name/value list. */
function challengeValues(rawHeaders: readonly string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (/^www-authenticate$/i.test(rawHeaders[i]!)) values.push(rawHeaders[i + 1]!);
  return values;
}

/** One exchange's Digest handshake. */
export class DigestHandshake {
  private answers = 0;
  private preemptive = false;
  private staleRetried = false;
  private last: DigestChallenge | undefined;
  report: RelayAuthReport | undefined;

  constructor(
    private readonly credentials: DigestCredentials,
    private readonly origin: string,
    private readonly memory: DigestMemory = digestMemory,
  ) {}

  /** The Authorization for the first request, when a challenge for this space is remembered. */
  first(method: string, url: URL, body: Uint8Array | null): HeaderField | undefined {
    const challenge = this.memory.recall(url, this.credentials.username);
    if (!challenge) return undefined;
    this.preemptive = true;
    return this.answer(challenge, method, url, body)?.authorization;
  }

  /**
   * What to do after a response: another request with `authorization`, or undefined when
   * this response is the final one. Throws a RelayFailure (`auth`) for a Digest challenge
   * that cannot be answered, e.g. an algorithm RFC 7616 does not define.
   */
  next(status: number, rawHeaders: readonly string[], method: string, url: URL, body: Uint8Array | null): DigestStep | undefined {
    if (url.origin !== this.origin) return undefined;
    if (status !== 401) {
      if (this.last) this.report = { scheme: 'Digest', outcome: 'answered', message: `The server accepted the Digest answer (${this.describe()}).` };
      return undefined;
    }
    const values = challengeValues(rawHeaders);
    const chosen = chooseDigestChallenge(values, this.credentials.algorithm);
    if (!chosen.ok) {
      if (chosen.error.kind === 'digest-challenge-missing') return undefined;
      throw new RelayFailure('auth', chosen.error.message, `WWW-Authenticate: ${values.join(' | ')}`);
    }
    const challenge = chosen.value;
    const wasPreemptive = this.preemptive;
    this.preemptive = false;
    if (this.answers > 0 && !wasPreemptive) {
      if (!challenge.stale || this.staleRetried) {
        // Refused: a later request starts from the server's challenge, not from this space's nonce.
        this.memory.forget(url, this.credentials.username);
        this.report = {
          scheme: 'Digest',
          outcome: 'rejected',
          message: `The server refused the Digest answer for user "${this.credentials.username}" (${this.describe()}) and challenged again: the user name or password is wrong for realm "${challenge.realm}". The relay answers a challenge once; check the credentials and send again.`,
        };
        return undefined;
      }
      this.staleRetried = true;
    }
    const step = this.answer(challenge, method, url, body);
    if (!step) return undefined;
    if (challenge.stale) step.note = `The nonce was stale (stale=true): the credentials were right, so the relay answered again with the new nonce, without asking. ${step.note}`;
    else if (wasPreemptive) step.note = `The remembered nonce was not accepted; answering the new challenge. ${step.note}`;
    return step;
  }

  private describe(): string {
    return this.last ? `realm "${this.last.realm}", ${this.last.algorithm}` : 'no challenge';
  }

  private answer(challenge: DigestChallenge, method: string, url: URL, body: Uint8Array | null): DigestStep | undefined {
    const answered = digestAuthorization(
      {
        challenge,
        credentials: this.credentials,
        method,
        uri: `${url.pathname}${url.search}`,
        ...(body ? { body } : {}),
        cnonce: randomBytes(16).toString('hex'),
        nc: this.memory.counts.next(challenge.nonce),
      },
      nodeDigestHasher,
    );
    if (!answered.ok) throw new RelayFailure('auth', answered.error.message);
    this.answers++;
    this.last = challenge;
    this.memory.remember(url, this.credentials.username, challenge);
    return {
      authorization: { name: 'Authorization', value: answered.value.header },
      note: `Digest challenge answered: ${describeDigestAnswer(answered.value, challenge)}.`,
    };
  }
}

/** `headers` with any Authorization replaced by `authorization`. */
export function withAuthorization(headers: readonly HeaderField[], authorization: HeaderField): HeaderField[] {
  return [...headers.filter((h) => !/^authorization$/i.test(h.name)), authorization];
}
