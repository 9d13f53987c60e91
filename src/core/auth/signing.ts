/**
 * The async signing step of a send. Most schemes put a header in the draft's build; a
 * scheme that signs the request (AWS SigV4) must see the request exactly as it will go —
 * final method, URL, headers and body bytes — and a clock, so it runs last, just before
 * the relay, through `signWire`. Core reads no clock and no files: the caller gives both.
 */
import type { FileRef, HeaderField, Result, WireRequest } from '../types';
import { ok } from '../types';
import { authScheme } from './schemes';
import type { AuthSigningContext, SigningStep, SignedWire } from './authTypes';
export type { AuthSigningContext, SigningStep, SignedWire } from './authTypes';

/** True when scheme `schemeId` signs the final request (so `signWire` changes it). */
export function schemeSigns(schemeId: string): boolean {
  return authScheme(schemeId)?.sign !== undefined;
}

/**
 * Signs `wire` with scheme `schemeId` and its (variable-resolved) `values`. A scheme that
 * does not sign gives `undefined`: the request goes as built. Failures name the auth field.
 */
export async function signWire(schemeId: string, values: Record<string, string>, wire: WireRequest, context: AuthSigningContext): Promise<Result<SignedWire | undefined>> {
  const sign = authScheme(schemeId)?.sign;
  if (!sign) return ok(undefined);
  return sign(wire, values, context);
}
