/** A request that never left: why, in its own tab, in place of whatever response was there. */
export function NotSentCard({ message }: { message: string }) {
  return (
    <div className="error-card not-sent" role="alert" data-testid="not-sent">
      <h2>Not sent</h2>
      <p>{message}</p>
      <p className="muted">Nothing left this machine. Fix what is named above and send again.</p>
    </div>
  );
}
