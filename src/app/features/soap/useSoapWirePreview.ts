/**
 * The request a SOAP tab with WS-Security will send, for "What will be sent": the wire
 * request with its Security header put in by the very function the send uses. Regeneration
 * on, the Nonce and Created are this moment's (each send makes its own); off, it is the
 * header sent last, exactly.
 */
import { useEffect, useState } from 'react';
import type { WireRequest } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { soapTabOf, type SentSecurityHeader, type SoapSecuritySettings } from './soapSlice';

/** The Security header's part of the preview. */
export type SoapWirePreview =
  | { state: 'none' }
  | { state: 'pending' }
  | { state: 'ready'; wire: WireRequest; replayed: boolean }
  | { state: 'error'; message: string };

interface Inputs {
  wire: WireRequest;
  security: SoapSecuritySettings;
  last: SentSecurityHeader | undefined;
  env: Record<string, string>;
}

const NONE: SoapWirePreview = { state: 'none' };
const PENDING: SoapWirePreview = { state: 'pending' };

/** The preview of `wire` (the draft's build) as the active tab's WS-Security settings will send it. */
export function useSoapWirePreview(wire: WireRequest | undefined, env: Record<string, string>): SoapWirePreview {
  const security = useWorkbench((s) => soapTabOf(s, s.activeTabId)?.security);
  const last = useWorkbench((s) => s.soapSentHeaders[s.activeTabId]);
  const [made, setMade] = useState<{ inputs: Inputs; preview: SoapWirePreview }>();
  const on = wire !== undefined && security !== undefined && security.mode !== 'none';

  useEffect(() => {
    if (!on) return;
    const inputs: Inputs = { wire, security, last, env };
    let current = true;
    // WS-Security's code loads with the first SOAP tab that uses it, not with the first screen.
    import('./soapSecurity')
      .then(({ securedWire }) => securedWire(wire, security, last, env))
      .then((result): SoapWirePreview => (!result.ok ? { state: 'error', message: result.error.message } : result.value ? { state: 'ready', wire: result.value.wire, replayed: result.value.replayed } : NONE))
      .catch((err: Error): SoapWirePreview => ({ state: 'error', message: `The WS-Security header cannot be made: ${err.message}` }))
      .then((preview) => {
        if (current) setMade({ inputs, preview });
      });
    return () => {
      current = false;
    };
  }, [on, wire, security, last, env]);

  if (!on) return NONE;
  const fresh = made && made.inputs.wire === wire && made.inputs.security === security && made.inputs.last === last && made.inputs.env === env;
  return fresh ? made.preview : PENDING;
}
