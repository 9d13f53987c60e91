/**
 * `/api/digest/{algorithm}`: a Digest-protected resource (RFC 7616) for each algorithm and
 * `-sess` variant, with `?qop=auth|auth-int|none` and `?userhash=true`, and `/api/digest/stale`,
 * whose first nonce is already stale so the `stale=true` retry shows. Demo user Mufasa,
 * password "Circle of Life" (RFC 7616 §3.9.1). Nonces are stateless (an HMAC over the time
 * they were issued); the highest `nc` seen per nonce is kept, bounded, to refuse replays.
 * Every refusal is a 401 with a fresh challenge and a problem detail saying what was wrong.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authParam, digestAlgorithm, digestResponse, parseCredentials, type DigestAlgorithm, type DigestHasher, type DigestQop } from '../../core';
import { readBody, sendTooLarge } from '../requestBody';
import { sendJson, sendMethodNotAllowed, sendOptions, sendProblem, type SandboxContext, type SandboxRoute } from '../router';

/** The published demo identity (the RFC 7616 §3.9.1 example user). */
export const DIGEST_DEMO_USER = { username: 'Mufasa', password: 'Circle of Life' } as const;
const REALM = 'wirebench-sandbox@127.0.0.1';
const NONCE_SECONDS = 300;
const NONCE_KEY = randomBytes(32);
const ALLOW = ['GET', 'HEAD', 'POST', 'OPTIONS'];
const MAX_BODY = 64 * 1024;

/** Highest nc seen per nonce, oldest forgotten first. */
const NODE_HASHES = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' } as const;
const hasher: DigestHasher = (hash, data) => createHash(NODE_HASHES[hash]).update(data).digest('hex');

const seenCounts = new Map<string, number>();
const SEEN_LIMIT = 2048;

interface DigestSetup {
  algorithm: DigestAlgorithm;
  qop: DigestQop | 'none';
  userhash: boolean;
  /** The first nonce is issued already expired, so the answer to it gets `stale=true`. */
  bornStale: boolean;
}

function setupOf(ctx: SandboxContext): DigestSetup | string {
  const name = ctx.params.algorithm ?? '';
  const stale = name === 'stale';
  const algorithm = stale ? 'SHA-256' : digestAlgorithm(name);
  if (!algorithm) return `"${name}" is not a Digest algorithm; use md5, md5-sess, sha-256, sha-256-sess, sha-512-256, sha-512-256-sess or stale.`;
  const qop = ctx.url.searchParams.get('qop') ?? 'auth';
  if (qop !== 'auth' && qop !== 'auth-int' && qop !== 'none') return `qop must be auth, auth-int or none, not "${qop}".`;
  return { algorithm, qop, userhash: ctx.url.searchParams.get('userhash') === 'true', bornStale: stale };
}

function sign(text: string): string {
  return createHmac('sha256', NONCE_KEY).update(text).digest('base64url').slice(0, 22);
}

/** A nonce: when it was issued, whether it is born stale, and an HMAC over both. */
function issueNonce(bornStale: boolean): string {
  const body = `${Date.now()}.${bornStale ? 's' : 'f'}.${randomBytes(6).toString('base64url')}`;
  return Buffer.from(`${body}.${sign(body)}`).toString('base64url');
}

/** `valid`, `stale` (genuine but expired) or `forged`. */
function checkNonce(nonce: string): 'valid' | 'stale' | 'forged' {
  const text = Buffer.from(nonce, 'base64url').toString('utf8');
  const cut = text.lastIndexOf('.');
  const body = text.slice(0, cut);
  const mac = Buffer.from(text.slice(cut + 1));
  const want = Buffer.from(sign(body));
  if (cut < 0 || mac.length !== want.length || !timingSafeEqual(mac, want)) return 'forged';
  const [issued, flag] = body.split('.');
  if (flag === 's' || Date.now() - Number(issued) > NONCE_SECONDS * 1000) return 'stale';
  return 'valid';
}

function challenge(setup: DigestSetup, stale = false): string {
  const params = [`realm="${REALM}"`];
  if (setup.qop !== 'none') params.push(`qop="${setup.qop}"`);
  params.push(`algorithm=${setup.algorithm}`, `nonce="${issueNonce(setup.bornStale && !stale)}"`, `opaque="${sign(REALM)}"`, 'charset=UTF-8');
  if (setup.userhash) params.push('userhash=true');
  if (stale) params.push('stale=true');
  return `Digest ${params.join(', ')}`;
}

function refuse(ctx: SandboxContext, setup: DigestSetup, title: string, detail: string, stale = false): void {
  sendProblem(ctx.res, 401, { title, detail }, { 'WWW-Authenticate': challenge(setup, stale), 'Cache-Control': 'no-store' });
}

/** The user name the answer names: plain, RFC 8187 `username*`, or hashed (`userhash=true`). */
function claimedUser(params: { name: string; value: string }[], setup: DigestSetup): string | undefined {
  const holder = { params };
  const extended = authParam(holder, 'username*');
  if (extended !== undefined) {
    const match = /^utf-8'[^']*'(.*)$/i.exec(extended);
    try {
      return match ? decodeURIComponent(match[1]!) : undefined;
    } catch {
      return undefined;
    }
  }
  const name = authParam(holder, 'username');
  if (name === undefined || (authParam(holder, 'userhash') ?? '').toLowerCase() !== 'true') return name;
  const { username } = DIGEST_DEMO_USER;
  const hash = hasher(setup.algorithm.replace(/-sess$/, '') as 'MD5', Buffer.from(`${username}:${REALM}`));
  return name === hash ? username : undefined;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function digestResource(ctx: SandboxContext): Promise<void> {
  if (ctx.method === 'OPTIONS') return sendOptions(ctx, ALLOW);
  if (!ALLOW.includes(ctx.method)) return sendMethodNotAllowed(ctx, ALLOW);
  const setup = setupOf(ctx);
  if (typeof setup === 'string') {
    ctx.req.resume();
    return sendProblem(ctx.res, 404, { title: 'Not Found', detail: setup });
  }
  const read = await readBody(ctx.req, MAX_BODY);
  if (!read.ok) return sendTooLarge(ctx.res, read);
  const body = read.bytes;
  const header = ctx.req.headers.authorization;
  if (!header) return refuse(ctx, setup, 'Unauthorized', `Send Authorization: Digest for user ${DIGEST_DEMO_USER.username}, answering this challenge (RFC 7616 §3.4).`);
  const parsed = parseCredentials(header);
  if (!parsed.ok || parsed.value.scheme.toLowerCase() !== 'digest' || !parsed.value.params) {
    return refuse(ctx, setup, 'Unauthorized', 'The Authorization header is not Digest credentials (scheme Digest, then auth-params).');
  }
  const params = parsed.value.params;
  const p = (name: string) => authParam({ params }, name);
  if (/\bnc\s*=\s*"/i.test(header)) {
    return refuse(ctx, setup, 'Quoted nc', 'nc is written as 8 hex digits without quotes (RFC 7616 §3.4: nc=00000001); this answer quoted it.');
  }
  const nonce = p('nonce') ?? '';
  const verdict = checkNonce(nonce);
  if (verdict === 'forged') return refuse(ctx, setup, 'Unknown nonce', 'The nonce was not issued by this server; answer the challenge in this response.');
  if ((p('realm') ?? '') !== REALM) return refuse(ctx, setup, 'Wrong realm', `The answer names realm "${p('realm') ?? ''}", the challenge asked for "${REALM}".`);
  const algorithm = digestAlgorithm(p('algorithm') ?? 'MD5');
  if (algorithm !== setup.algorithm) return refuse(ctx, setup, 'Wrong algorithm', `The answer uses ${p('algorithm') ?? 'MD5 (no algorithm given)'}, the challenge asked for ${setup.algorithm}.`);
  const qop = p('qop');
  const wantedQop = setup.qop === 'none' ? undefined : setup.qop;
  if (qop !== wantedQop) {
    const detail = wantedQop
      ? `The challenge offered qop="${wantedQop}", the answer ${qop ? `sent qop=${qop}` : 'sent none'}.`
      : `The challenge offered no qop (the RFC 2069 form), so the answer must send none, but it sent qop=${qop}.`;
    return refuse(ctx, setup, 'Wrong qop', detail);
  }
  const nc = p('nc');
  if (qop && !/^[0-9a-f]{8}$/i.test(nc ?? '')) return refuse(ctx, setup, 'Bad nc', `nc must be 8 hex digits (e.g. 00000001), not "${nc ?? ''}".`);
  const uri = p('uri') ?? '';
  if (uri !== (ctx.req.url ?? '')) return refuse(ctx, setup, 'Wrong uri', `The answer's uri "${uri}" is not this request's target "${ctx.req.url ?? ''}" (RFC 7616 §3.4.6).`);
  const user = claimedUser(params, setup);
  if (user !== DIGEST_DEMO_USER.username) return refuse(ctx, setup, 'Unknown user', `No user matches the answer's user name; the demo user is ${DIGEST_DEMO_USER.username}.`);
  const cnonce = p('cnonce') ?? '';
  const expected = digestResponse(
    { algorithm, username: user, realm: REALM, password: DIGEST_DEMO_USER.password, nonce, cnonce, method: ctx.req.method ?? 'GET', uri, ...(qop ? { qop: qop as DigestQop, nc: nc! } : {}), body },
    hasher,
  );
  if (!sameText(p('response') ?? '', expected)) {
    return refuse(ctx, setup, 'Wrong credentials', 'The response hash does not match: the password is wrong (or the answer hashed another method, uri or body).');
  }
  if (verdict === 'stale') return refuse(ctx, setup, 'Stale nonce', 'The credentials are right but the nonce has expired: answer again with the new nonce, without asking the person (stale=true).', true);
  if (qop) {
    const count = parseInt(nc!, 16);
    if (count <= (seenCounts.get(nonce) ?? 0)) return refuse(ctx, setup, 'Replayed nc', `nc ${nc} was already used with this nonce; each request counts one higher.`);
    seenCounts.delete(nonce);
    seenCounts.set(nonce, count);
    if (seenCounts.size > SEEN_LIMIT) seenCounts.delete(seenCounts.keys().next().value!);
  }
  const rspauth = digestResponse({ algorithm, username: user, realm: REALM, password: DIGEST_DEMO_USER.password, nonce, cnonce, method: '', uri, ...(qop ? { qop: qop as DigestQop, nc: nc! } : {}) }, hasher);
  const info = qop ? `qop=${qop}, rspauth="${rspauth}", cnonce="${cnonce}", nc=${nc}` : `rspauth="${rspauth}"`;
  sendJson(
    ctx.res,
    200,
    { resource: 'digest', authenticated: true, scheme: 'Digest', principal: user, algorithm, qop: qop ?? null, nc: nc ?? null, userhash: setup.userhash, bodyBytes: body.length },
    { 'Authentication-Info': info, 'Cache-Control': 'no-store' },
  );
}

/** The Digest routes. */
export const digestRoutes: SandboxRoute[] = [{ method: '*', pattern: '/api/digest/:algorithm', handle: digestResource }];
