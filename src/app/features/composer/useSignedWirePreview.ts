/**
 * "What will be sent" for a draft whose scheme signs (AWS SigV4): the wire request signed
 * by the very function the send uses, at this moment — so the date and signature shown
 * are this moment's, and the send makes its own.
 */
import { useEffect, useState } from 'react';
import type { SigningStep, WireRequest } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { draftSigns, signDraftWire } from './authSigning';

/** The signing part of the preview. */
export type SignedWirePreview =
  | { state: 'none' }
  | { state: 'pending' }
  | { state: 'ready'; wire: WireRequest; steps: SigningStep[]; /** Signed in the query (a presigned URL), not in headers. */ presigned: boolean }
  | { state: 'error'; message: string };

const NONE: SignedWirePreview = { state: 'none' };
const PENDING: SignedWirePreview = { state: 'pending' };

/** The preview of `wire` (the draft's build, WS-Security included) signed by the active draft's scheme. */
export function useSignedWirePreview(wire: WireRequest | undefined, env: Record<string, string>): SignedWirePreview {
  const auth = useWorkbench((s) => s.draft.auth);
  const [made, setMade] = useState<{ wire: WireRequest; auth: unknown; env: unknown; preview: SignedWirePreview }>();
  const on = wire !== undefined && draftSigns({ auth });

  useEffect(() => {
    if (!on) return;
    let current = true;
    signDraftWire({ auth }, env, wire)
      .then((signed): SignedWirePreview => (!signed.ok ? { state: 'error', message: signed.error.message } : signed.value ? { state: 'ready', wire: signed.value.wire, steps: signed.value.steps, presigned: (signed.value.addedQuery ?? []).length > 0 } : NONE))
      .catch((err: Error): SignedWirePreview => ({ state: 'error', message: `The request cannot be signed: ${err.message}` }))
      .then((preview) => {
        if (current) setMade({ wire, auth, env, preview });
      });
    return () => {
      current = false;
    };
  }, [on, wire, auth, env]);

  if (!on) return NONE;
  return made && made.wire === wire && made.auth === auth && made.env === env ? made.preview : PENDING;
}
