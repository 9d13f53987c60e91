import { describe, expect, it } from 'vitest';
import { RefreshFlights } from './refreshFlight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('RefreshFlights', () => {
  it('concurrent callers for one entry share one refresh and one result', async () => {
    const flights = new RefreshFlights<string>();
    const gate = deferred<string>();
    let starts = 0;
    const start = () => {
      starts++;
      return gate.promise;
    };
    const callers = Array.from({ length: 5 }, () => flights.run('entry-1', start));
    expect(flights.isFlying('entry-1')).toBe(true);
    gate.resolve('token-A');
    expect(await Promise.all(callers)).toEqual(Array(5).fill('token-A'));
    expect(starts).toBe(1);
    expect(new Set(callers).size).toBe(1);
  });

  it('different entries refresh independently', async () => {
    const flights = new RefreshFlights<string>();
    const a = flights.run('a', async () => 'A');
    const b = flights.run('b', async () => 'B');
    expect(a).not.toBe(b);
    expect(await Promise.all([a, b])).toEqual(['A', 'B']);
  });

  it('starts afresh once the flight has settled', async () => {
    const flights = new RefreshFlights<number>();
    let n = 0;
    expect(await flights.run('e', async () => ++n)).toBe(1);
    expect(flights.isFlying('e')).toBe(false);
    expect(await flights.run('e', async () => ++n)).toBe(2);
  });

  it('every joined caller sees a failure, and the next call tries again', async () => {
    const flights = new RefreshFlights<string>();
    const gate = deferred<string>();
    const first = flights.run('e', () => gate.promise);
    const second = flights.run('e', () => Promise.resolve('never started'));
    gate.reject(new Error('network down'));
    await expect(first).rejects.toThrow('network down');
    await expect(second).rejects.toThrow('network down');
    expect(await flights.run('e', async () => 'ok')).toBe('ok');
  });

  it('a start function that throws synchronously still settles the flight', async () => {
    const flights = new RefreshFlights<string>();
    await expect(
      flights.run('e', () => {
        throw new TypeError('bad entry');
      }),
    ).rejects.toThrow(TypeError);
    expect(flights.isFlying('e')).toBe(false);
  });

  it('whenIdle waits for every flight, failed ones included', async () => {
    const flights = new RefreshFlights<string>();
    const a = deferred<string>();
    const b = deferred<string>();
    void flights.run('a', () => a.promise).catch(() => undefined);
    void flights.run('b', () => b.promise);
    let idle = false;
    const waiting = flights.whenIdle().then(() => (idle = true));
    a.reject(new Error('x'));
    await Promise.resolve();
    expect(idle).toBe(false);
    b.resolve('B');
    await waiting;
    expect(idle).toBe(true);
  });
});
