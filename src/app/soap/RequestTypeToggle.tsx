import { useWorkbench } from '../store/StoreProvider';
import { activeSoapTab } from './soapSlice';

/** HTTP or SOAP for the active tab: a SOAP tab gets the WSDL, operation and WS-Security tools. */
export function RequestTypeToggle() {
  const isSoap = useWorkbench((s) => activeSoapTab(s) !== undefined);
  const setRequestType = useWorkbench((s) => s.setRequestType);
  return (
    <div role="radiogroup" aria-label="Request type" className="request-type">
      {(['http', 'soap'] as const).map((type) => {
        const checked = (type === 'soap') === isSoap;
        return (
          <label key={type} className={`request-type-option${checked ? ' request-type-active' : ''}`}>
            <input type="radio" name="request-type" value={type} checked={checked} onChange={() => setRequestType(type)} />
            {type === 'http' ? 'HTTP' : 'SOAP'}
          </label>
        );
      })}
    </div>
  );
}
