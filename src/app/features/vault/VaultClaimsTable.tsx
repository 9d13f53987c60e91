/** Claims as a name/value table; times in seconds since the epoch are shown as dates too. */
export function VaultClaimsTable({ claims, label }: { claims: Record<string, unknown>; label: string }) {
  return (
    <table className="header-list" aria-label={label}>
      <tbody>
        {Object.entries(claims).map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{showClaim(name, value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A claim's value as text: `exp`, `iat`, `nbf` and `auth_time` with their date. */
export function showClaim(name: string, value: unknown): string {
  if (['exp', 'iat', 'nbf', 'auth_time'].includes(name) && typeof value === 'number') {
    return `${value} (${new Date(value * 1000).toISOString().replace('.000Z', 'Z')})`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
