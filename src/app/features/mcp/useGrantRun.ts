/** The vault's grant run of an entry, as it goes (steps, status), for the MCP authorization panel. */
import { useEffect, useState } from 'react';
import type { GrantRunView } from '../vault/vaultGrantRuns';

export function useGrantRun(entryId: string | undefined): GrantRunView | undefined {
  const [run, setRun] = useState<GrantRunView | undefined>();
  useEffect(() => {
    if (!entryId) return setRun(undefined);
    let stop = () => {};
    let gone = false;
    void import('../vault/pageGrantRuns').then(({ pageGrantRuns }) => {
      if (gone) return;
      const runs = pageGrantRuns().store;
      setRun(runs.getState().runs[entryId]);
      stop = runs.subscribe((s) => setRun(s.runs[entryId]));
    });
    return () => {
      gone = true;
      stop();
    };
  }, [entryId]);
  return run;
}
