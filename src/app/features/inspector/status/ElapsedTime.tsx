/** Time since a request started, ticking while it is in flight (tenths of a second). */
import { useEffect, useState } from 'react';
import { formatMs } from '../../../base/components/units';

export function ElapsedTime({ since }: { since: number | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  if (since === undefined) return null;
  return (
    <span className="elapsed" data-testid="elapsed" aria-label="Elapsed time">
      {formatMs(Math.max(0, now - since))}
    </span>
  );
}
