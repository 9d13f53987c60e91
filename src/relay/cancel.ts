/**
 * The cancel of one exchange, as the engine reads it: the part of `AbortSignal` it uses, so an
 * `AbortSignal` can be passed where a caller has one, and `Cancellation`, a plain class that
 * does the same for the relay's own exchanges. An `AbortController` per exchange, with its
 * event-target listeners added and removed on every hop, was about a tenth of the relay's
 * own JavaScript time on a small GET (bench/relayProfile.ts); this costs an array at most.
 */

/** What the engine asks of a cancel: whether it happened, and to be told when it does. */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A `CancelSignal` that `cancel()` fires, once; listeners are called in the order added. */
export class Cancellation implements CancelSignal {
  aborted = false;
  private listeners: (() => void)[] | undefined;

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.aborted) return;
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const list = this.listeners;
    if (!list) return;
    const at = list.lastIndexOf(listener);
    if (at >= 0) list.splice(at, 1);
  }

  /** Fires the cancel (a second call does nothing): each listener runs once, in order. */
  cancel(): void {
    if (this.aborted) return;
    this.aborted = true;
    const list = this.listeners;
    this.listeners = undefined;
    if (list) for (const listener of list) listener();
  }
}
