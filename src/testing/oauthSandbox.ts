/**
 * The set-up every authorization server test shares: one sandbox on loopback for the file,
 * a fresh sandbox state (and, when asked, the real clock) before each test. Here, not in
 * src/sandbox/oauth, because it starts the whole server (DESIGN.md: such helpers stay out of
 * the parts below the server).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setSandboxClock } from '../sandbox/clock';
import { resetSandbox } from '../sandbox/reset';
import { startSandboxHarness, type SandboxHarness } from './sandboxHarness';
import { OAuthTestClient } from '../sandbox/oauth/oauthTestClient';

/** The running sandbox and an RFC-written OAuth client bound to it. */
export interface OAuthSandbox {
  sb: SandboxHarness;
  as: OAuthTestClient;
}

/** Registers the hooks; the returned object is filled before the first test runs. */
export function useOAuthSandbox({ realClock = false }: { realClock?: boolean } = {}): OAuthSandbox {
  const handle = {} as OAuthSandbox;
  beforeAll(async () => {
    handle.sb = await startSandboxHarness();
    handle.as = new OAuthTestClient(handle.sb.origin);
  });
  afterAll(() => handle.sb.close());
  beforeEach(() => {
    if (realClock) setSandboxClock();
    resetSandbox();
  });
  return handle;
}
