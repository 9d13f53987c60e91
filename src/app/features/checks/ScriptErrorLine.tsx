import { useWorkbench } from '../../base/state/StoreProvider';
import { scriptErrorText } from './sendChecks';

/**
 * A post-response script's error under the status card, so it is seen without opening the
 * Checks tab (a pre-request error already shows as Not sent). One line: the first error,
 * with its place; the Checks tab lists them all.
 */
export function ScriptErrorLine() {
  const text = useWorkbench((s) => {
    const errors = s.checkResults[s.activeTabId]?.scriptErrors.filter((e) => e.phase === 'post-response') ?? [];
    if (errors.length === 0) return undefined;
    return `${scriptErrorText(errors[0]!, 'post-response')}${errors.length > 1 ? ` (and ${errors.length - 1} more in Checks)` : ''}`;
  });
  if (!text) return null;
  return (
    <p className="field-error script-error-line" role="alert" data-testid="script-error">
      {text}
    </p>
  );
}
