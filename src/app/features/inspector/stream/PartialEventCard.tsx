/**
 * The event a stream had begun when it stopped: never dispatched, because only the blank
 * line after a block dispatches it. Says why it is shown apart, and what a reconnecting
 * client would do.
 */
import type { PartialEvent } from '../../../../core';

export interface PartialEventCardProps {
  partial: PartialEvent;
  /** How the stream stopped: the person cancelled it, the connection failed, or the body simply ended. */
  stop: 'cancelled' | 'failed' | 'ended';
  /** The last event ID string when it stopped ('' when none). */
  lastId: string;
}

const HOW: Record<PartialEventCardProps['stop'], string> = {
  cancelled: 'You cancelled the stream',
  failed: 'The connection failed',
  ended: 'The stream ended',
};

export function PartialEventCard({ partial, stop, lastId }: PartialEventCardProps) {
  return (
    <section className="stream-partial" aria-label="Incomplete event" data-testid="stream-partial">
      <p>
        <strong>Incomplete event, not dispatched.</strong> {HOW[stop]} at line {partial.line}, inside an event: an event counts only once the blank line after it arrives, so an
        EventSource drops this one without a word.{' '}
        {lastId
          ? `A reconnecting EventSource sends Last-Event-ID: ${lastId}; a server that resumes sends what follows that event, this one included.`
          : 'No id was set, so a reconnecting EventSource cannot ask to resume; the server starts over.'}
      </p>
      <dl className="stream-partial-fields">
        {partial.id !== undefined ? (
          <>
            <dt>id</dt>
            <dd>
              <code>{partial.id || '(empty)'}</code>
            </dd>
          </>
        ) : null}
        {partial.type !== undefined ? (
          <>
            <dt>event</dt>
            <dd>
              <code>{partial.type}</code>
            </dd>
          </>
        ) : null}
        {partial.data !== undefined ? (
          <>
            <dt>data so far</dt>
            <dd>
              <pre>{partial.data}</pre>
            </dd>
          </>
        ) : null}
        {partial.unfinishedLine !== undefined ? (
          <>
            <dt>cut-off line</dt>
            <dd>
              <pre>{partial.unfinishedLine}</pre>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
