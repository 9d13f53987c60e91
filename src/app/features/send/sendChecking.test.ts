/**
 * The convention checks load after the first screen (composer/lintLoader.ts): a send asked for
 * before they are here waits for them and then goes through the same gate, so it never skips
 * them. (Its own file: the checks must not have been loaded by another test in this module graph.)
 */
import { describe, expect, it } from 'vitest';
import { loadedLint, loadLint } from '../composer/lintLoader';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';

function storeWith(url: string) {
  const store = createWorkbenchStore({ initialUrl: url, persistName: `test-${Math.random()}` });
  const sent: string[] = [];
  store.getState().registerSendPerformer((origin) => sent.push(origin));
  return { store, sent };
}

describe('a send asked for before the checks have loaded', () => {
  it('waits for them, then asks about a lint error instead of sending', async () => {
    expect(loadedLint()).toBeUndefined();
    const { store, sent } = storeWith('http://h/x?api_key=k');
    expect(store.getState().requestSend()).toBe('checking');
    expect(sent).toEqual([]);
    await loadLint();
    await Promise.resolve();
    expect(store.getState().pendingSend?.reasons[0]).toMatchObject({ kind: 'lint' });
    expect(sent).toEqual([]);
  });

  it('sends a clean request once they are here', async () => {
    const { store, sent } = storeWith('http://h/items');
    expect(store.getState().requestSend()).toBe('sent');
    expect(sent).toEqual(['tab']);
  });
});
