import { describe, expect, it } from 'vitest';
import { Cancellation } from './cancel';

describe('Cancellation', () => {
  it('calls each listener once, in order, and none added after the cancel', () => {
    const c = new Cancellation();
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    c.addEventListener('abort', a);
    c.addEventListener('abort', b);
    expect(c.aborted).toBe(false);
    c.cancel();
    c.cancel();
    c.addEventListener('abort', () => calls.push('late'));
    expect(c.aborted).toBe(true);
    expect(calls).toEqual(['a', 'b']);
  });

  it('forgets a removed listener, and only that one', () => {
    const c = new Cancellation();
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    c.addEventListener('abort', a);
    c.addEventListener('abort', b);
    c.removeEventListener('abort', a);
    c.removeEventListener('abort', () => undefined);
    c.cancel();
    expect(calls).toEqual(['b']);
  });

  it('is accepted where an AbortSignal is (the engine takes either)', () => {
    const takes = (s: import('./cancel').CancelSignal) => s.aborted;
    const controller = new AbortController();
    controller.abort();
    expect(takes(controller.signal)).toBe(true);
    expect(takes(new Cancellation())).toBe(false);
  });
});
