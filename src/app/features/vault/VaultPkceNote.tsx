import type { VaultOAuthSettings } from '../../../core';
import { choosePkceMethod } from '../../../core/oauth';

/** What the person should know about PKCE before an authorization code sign-in starts, or undefined when nothing. */
export function pkceNote(oauth: VaultOAuthSettings): string | undefined {
  if (oauth.grant !== 'authorization_code') return undefined;
  if (!oauth.usePkce) {
    return 'PKCE is off: an authorization code intercepted on its way back (another app on the redirect URI, a log, the browser history) can be redeemed by whoever holds it, and RFC 9700 §2.1.1 asks every client to use PKCE. Keep it off only for a server that refuses the code_challenge parameters.';
  }
  return choosePkceMethod(oauth.pkceMethods).warning;
}

/** The PKCE warning (only "plain" offered, PKCE off), shown in the settings and before "Get tokens". */
export function VaultPkceNote({ oauth }: { oauth: VaultOAuthSettings }) {
  const note = pkceNote(oauth);
  if (!note) return null;
  return (
    <p className="vault-warning vault-wide" role="note" aria-label="PKCE">
      {note}
    </p>
  );
}
