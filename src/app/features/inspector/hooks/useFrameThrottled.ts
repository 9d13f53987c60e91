/**
 * A store value read at most once per animation frame: the received byte count changes
 * per chunk, and a render per chunk is exactly what a large body must not cause.
 */
import { useEffect, useState } from 'react';
import { useWorkbenchApi } from '../../../base/state/StoreProvider';
import type { WorkbenchState } from '../../../shell/store/workbenchState';

export function useFrameThrottled<T>(select: (state: WorkbenchState) => T): T {
  const store = useWorkbenchApi();
  const [value, setValue] = useState(() => select(store.getState()));
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setValue(() => select(store.getState()));
    };
    update();
    const unsubscribe = store.subscribe(() => {
      if (!frame) frame = requestAnimationFrame(update);
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
    // `select` is expected to be a stable function; re-subscribing per render would be wasteful.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return value;
}
