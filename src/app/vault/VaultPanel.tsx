/** The token vault: entries, refresh, lock. */
export function VaultPanel() {
  return <p className="muted">The token vault is not available yet.</p>;
}
