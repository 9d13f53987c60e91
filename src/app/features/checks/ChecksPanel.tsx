import './checks.css';
import { useWorkbench } from '../../base/state/StoreProvider';
import { AssertionsTable } from './AssertionsTable';
import { CapturesTable } from './CapturesTable';
import { activeChecks } from './checksSlice';

/** The composer's Checks section: captures and assertions, run after every send of this request. */
export function ChecksPanel() {
  const checks = useWorkbench(activeChecks);
  return (
    <div className="checks-panel">
      <CapturesTable captures={checks.captures} />
      <AssertionsTable assertions={checks.assertions} />
    </div>
  );
}
