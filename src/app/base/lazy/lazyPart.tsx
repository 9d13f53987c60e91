import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { PaneBoundary } from '../components/PaneBoundary';

/** Says which part failed to arrive and what to do, instead of the browser's bare TypeError. */
export class PartLoadError extends Error {
  override name = 'PartLoadError';
  constructor(part: string, cause: unknown) {
    super(`${part} could not be loaded from the Wirebench server (${cause instanceof Error ? cause.message : String(cause)}). Check that Wirebench is still running, then try again.`, { cause });
  }
}

export interface LazyPartOptions<P, M> {
  /** What the part is, for the error message: "The SOAP panel". */
  name: string;
  /** Loads the part's module: `() => import('../../features/soap/SoapPanel')`. */
  load(): Promise<M>;
  /** The component in the module. */
  pick(module: M): ComponentType<P>;
  /** Shown while the code arrives; sized like the part so nothing around it moves. Nothing by default. */
  fallback?: (props: P) => ReactNode;
  /**
   * Until this is true for the props, nothing is rendered or loaded (a closed dialog);
   * once true the part stays mounted, so closing and opening again never reloads it.
   */
  loadWhen?: (props: P) => boolean;
}

/** The module address a failed dynamic import names (Chromium and Firefox say it; Safari does not). */
function failedModuleUrl(err: unknown): string | null {
  const match = /(https?:\/\/[^\s?]+\.m?js)/.exec(err instanceof Error ? err.message : String(err));
  return match?.[1] ?? null;
}

/**
 * A component whose code loads on first use (a separate chunk), inside a PaneBoundary: a
 * failed load says so with Try again, which loads it afresh. React.lazy alone would keep
 * the failure, and so would the browser: Chromium remembers a module that failed to fetch
 * under its address, so the retry asks for the same file under a new query string (the
 * chunk's own imports still resolve to the modules already loaded).
 */
export function lazyPart<P extends object, M = unknown>({ name, load, pick, fallback, loadWhen }: LazyPartOptions<P, M>): ComponentType<P> & { preload(): void } {
  let loading: Promise<ComponentType<P>> | null = null;
  let failedUrl: string | null = null;
  let retries = 0;
  const importAgain = (url: string) => import(/* @vite-ignore */ `${url}?retry=${++retries}`) as Promise<M>;
  const fetchPart = () =>
    (loading ??= (failedUrl ? importAgain(failedUrl) : load()).then(pick).catch((err: unknown) => {
      loading = null;
      failedUrl = failedModuleUrl(err) ?? failedUrl;
      throw err instanceof PartLoadError ? err : new PartLoadError(name, err);
    }));
  const makeLazy = (): LazyExoticComponent<ComponentType<P>> => lazy(() => fetchPart().then((component) => ({ default: component })));
  let current = makeLazy();
  // Try again: a failed lazy component keeps its failure, so the next render gets a new one.
  const retry = () => {
    if (loading === null) current = makeLazy();
  };

  function Part(props: P) {
    const [wanted, setWanted] = useState(false);
    if (loadWhen && !wanted) {
      if (!loadWhen(props)) return null;
      setWanted(true);
    }
    return (
      <PaneBoundary name={name} onRetry={retry}>
        <Suspense fallback={fallback?.(props) ?? null}>
          <Current {...props} />
        </Suspense>
      </PaneBoundary>
    );
  }
  /** Reads `current` when it renders: Try again re-renders only the boundary's children, which must get the new one. */
  function Current(props: P) {
    const Loaded = current as unknown as ComponentType<P>;
    return <Loaded {...props} />;
  }
  Part.displayName = `lazyPart(${name})`;
  Part.preload = () => void fetchPart().catch(() => undefined);
  return Part;
}
