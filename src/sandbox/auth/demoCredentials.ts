/**
 * The sandbox's published demo identities: the OAuth clients of the token service, the
 * Basic user, the API keys and the custom scheme's key. They protect nothing real; they
 * are printed on the `/sandbox` page and used by the lessons.
 */
import { timingSafeEqual } from 'node:crypto';

/** The `aud` of access tokens the sandbox API accepts (spec §5 rule 4). */
export const SANDBOX_AUDIENCE = 'wirebench-sandbox-api';
/** The `iss` of sandbox access tokens. */
export const SANDBOX_ISSUER = 'wirebench-sandbox-auth';
/**
 * The HS256 key of sandbox access tokens. Published on purpose, so a person can check a
 * token's signature in the workbench; a real service keeps this secret.
 */
export const SANDBOX_SIGNING_SECRET = 'wirebench-sandbox-demo-signing-secret';

/** Every scope the sandbox API knows. */
export const SANDBOX_SCOPES = ['orders:read', 'orders:write'] as const;

/** An OAuth client registered with the sandbox token service. */
export interface DemoClient {
  id: string;
  secret: string;
  name: string;
  /** The audience its access tokens name. */
  audience: string;
  /** Life of its access tokens, in seconds. */
  accessTokenSeconds: number;
}

/** The registered clients: a normal one, one with 5 s tokens for expiry, one for another API. */
export const DEMO_CLIENTS: readonly DemoClient[] = [
  { id: 'demo-client', secret: 'demo-secret', name: 'Demo Orders App', audience: SANDBOX_AUDIENCE, accessTokenSeconds: 60 },
  { id: 'short-lived', secret: 'short-secret', name: 'Short-lived Token App', audience: SANDBOX_AUDIENCE, accessTokenSeconds: 5 },
  {
    id: 'billing-client',
    secret: 'billing-secret',
    name: 'Billing Dashboard (tokens for another API)',
    audience: 'https://billing.example/api',
    accessTokenSeconds: 60,
  },
];

/** The client with `id`, if registered. */
export function demoClient(id: string): DemoClient | undefined {
  return DEMO_CLIENTS.find((c) => c.id === id);
}

/** The demo user of Basic authentication; the password contains `:` on purpose (spec §5). */
export const DEMO_USER = { user: 'aladdin', pass: 'open:sesame' } as const;

/** API keys for `Ocp-Apim-Subscription-Key`: one may only read, one may also write. */
export const DEMO_API_KEYS: readonly { key: string; access: 'read' | 'read-write' }[] = [
  { key: 'ro-demo-key-0001', access: 'read' },
  { key: 'rw-demo-key-0002', access: 'read-write' },
];

/** The custom scheme `Authorization: Sandbox key="…", ts="…"`. */
export const CUSTOM_SCHEME = { scheme: 'Sandbox', key: 'sandbox-demo-key', maxSkewSeconds: 300 } as const;

/** Compares two secrets without an early exit, so timing does not reveal a matching prefix. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
