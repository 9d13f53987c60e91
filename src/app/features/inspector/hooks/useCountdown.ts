/** Seconds left until `at` (an ISO time), ticking once a second; 0 once it has passed. */
import { useEffect, useState } from 'react';

export function useCountdown(at: string | undefined): number | undefined {
  const target = at ? Date.parse(at) : NaN;
  const left = () => (Number.isNaN(target) ? undefined : Math.max(0, Math.ceil((target - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // `left` reads only `target`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
  return seconds;
}
