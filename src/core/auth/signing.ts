/**
 * The async signing step of a send. Most schemes put a header in the draft's build; a
 * scheme that signs the request (AWS SigV4) must see the request exactly as it will go —
 * final method, URL, headers and body bytes — and a clock, so it runs last, just before
 * the relay, through `signWire`. Core reads no clock and no files: the caller gives both.
 */
import type { FileRef, HeaderField, Result, WireRequest } from '../types';
import { ok } from '../types';
import { authScheme } from './schemes';

/** What a signing step needs from the caller. */
export interface AuthSigningContext {
  /** The signing moment. */
  now: Date;
  /** Streams a file body's bytes; without it a file body can only be sent unsigned. */
  readFile?: (file: FileRef) => AsyncIterable<Uint8Array>;
}

/** One named text showing how a signature was made (a canonical request, a string to sign). */
export interface SigningStep {
  label: string;
  text: string;
}

/** The request as it must go, and how it was signed. */
export interface SignedWire {
  wire: WireRequest;
  /** The headers the step added or replaced, in the order they were appended. */
  added: HeaderField[];
  /** The query parameters the step appended to the URL (a presigned URL's X-Amz-*), decoded, in order. */
  addedQuery?: { name: string; value: string }[];
  steps: SigningStep[];
}

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
