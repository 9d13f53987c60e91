import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportCollectionWrite } from './storageProgress';

const leaving = (target: EventTarget) => {
  const event = new Event('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('storage progress: leaving the page mid-write', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks before the page is left while a collection is being written, and not once every write has ended', () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    const write = { name: 'Large', total: 20, stored: 0 } as const;
    expect(leaving(page)).toBe(false);
    reportCollectionWrite({ ...write, collectionId: 'a', state: 'writing' });
    reportCollectionWrite({ ...write, collectionId: 'b', state: 'writing' });
    expect(leaving(page)).toBe(true);
    reportCollectionWrite({ ...write, collectionId: 'a', stored: 20, state: 'stored' });
    expect(leaving(page), 'b is still being written').toBe(true);
    reportCollectionWrite({ ...write, collectionId: 'b', state: 'failed', message: 'stopped' });
    expect(leaving(page)).toBe(false);
  });
});
