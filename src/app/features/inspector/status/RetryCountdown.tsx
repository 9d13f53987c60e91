/** A live countdown to the moment a Retry-After allows the next attempt. */
import { useCountdown } from '../hooks/useCountdown';

export function RetryCountdown({ at, seconds }: { at?: string; seconds: number }) {
  const left = useCountdown(at);
  const value = left ?? seconds;
  const text = value === 0 ? 'You may retry now.' : `Retry in ${Math.floor(value / 60)}:${String(value % 60).padStart(2, '0')}`;
  return (
    <p className="retry-countdown" role="timer" aria-live="off" data-testid="retry-countdown">
      {text}
    </p>
  );
}
