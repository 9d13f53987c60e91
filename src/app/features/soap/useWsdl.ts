/**
 * A WSDL as server state: TanStack Query runs the load in the worker (fetch through the
 * relay, parse off the page's thread) and caches the summary by URL; progress comes from
 * `wsdlProgress`. Failures are values in the data (`Result`), never thrown, so the panel
 * shows why in words.
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Result } from '../../../core';
import { setWsdlProgress, subscribeWsdlProgress, wsdlProgress } from './wsdlProgress';
import { wsdlWorkerClient } from './wsdlWorkerClient';
import type { WsdlLoaded, WsdlLoadProgress } from './wsdlWorkerProtocol';

/** The query key of the WSDL at `url`. */
export const wsdlQueryKey = (url: string) => ['wsdl', url] as const;

/** The load of `url` (nothing while `url` is empty), its progress, and a way to load it again. */
export function useWsdl(url: string): {
  result: Result<WsdlLoaded> | undefined;
  loading: boolean;
  progress: WsdlLoadProgress | undefined;
  reload(): void;
} {
  const query = useQuery({
    queryKey: wsdlQueryKey(url),
    enabled: url !== '',
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<Result<WsdlLoaded>> => {
      setWsdlProgress(url, { phase: 'fetching', requested: 0, fetched: 0, parsed: 0, bytes: 0 });
      const result = await wsdlWorkerClient().load(url, { signal, onProgress: (progress) => setWsdlProgress(url, progress) });
      if (!result.ok) setWsdlProgress(url, undefined);
      return result;
    },
  });
  const progress = useSyncExternalStore(subscribeWsdlProgress, () => wsdlProgress(url));
  return {
    result: query.data,
    loading: query.isFetching,
    progress,
    reload: () => void query.refetch(),
  };
}
