/**
 * Applies the theme: the person's choice, or the system's `prefers-color-scheme` while the
 * choice is "system" (following it live). The root element carries `data-theme`, which the
 * CSS variables, editors and previews read.
 */
import { useEffect, useState } from 'react';
import { useWorkbench } from '../base/state/StoreProvider';

export type ResolvedTheme = 'light' | 'dark';

function systemTheme(): ResolvedTheme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function useTheme(): ResolvedTheme {
  const choice = useWorkbench((s) => s.theme);
  const [system, setSystem] = useState<ResolvedTheme>(systemTheme);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  const resolved = choice === 'system' ? system : choice;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  return resolved;
}
