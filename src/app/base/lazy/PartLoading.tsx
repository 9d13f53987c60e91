/**
 * What a lazily loaded part shows while its code arrives: one quiet line in the space the
 * part will fill (`minHeight` keeps what is below from jumping when it lands).
 */
export function PartLoading({ what, minHeight }: { what: string; minHeight?: string }) {
  return (
    <p className="muted part-loading" role="status" aria-busy="true" style={minHeight ? { minHeight, margin: 0 } : { margin: 0 }}>
      Loading {what}…
    </p>
  );
}
