/**
 * The set-up every authorization server test shares: one sandbox on loopback for the file,
 * a fresh sandbox state (and, when asked, the real clock) before each test.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setSandboxClock } from '../clock';
import { resetSandbox } from '../reset';
import { startSandboxHarness, type SandboxHarness } from '../testHarness';
import { OAuthTestClient } from './oauthTestClient';

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
