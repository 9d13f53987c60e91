/** A method as a small coloured tag: the same colours in tabs, the sidebar, history and the request line. */
export function methodClass(method: string): string {
  const m = method.trim().toUpperCase();
  return m === 'GET' || m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE' ? `method-${m.toLowerCase()}` : 'method-other';
}

export function MethodBadge({ method }: { method: string }) {
  return <span className={`method-tag ${methodClass(method)}`}>{method.trim().toUpperCase() || 'GET'}</span>;
}
