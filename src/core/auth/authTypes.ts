/**
 * The types every auth scheme shares: the registry (`schemes.ts`) imports its schemes, and
 * the schemes (`digestScheme.ts`, `sigv4*.ts`) and the signing step (`signing.ts`) import
 * only these types, so no scheme imports the registry that lists it.
 */
import type { FileRef, HeaderField, Result, WireRequest } from '../types';
import type { DigestCredentials } from './digest';

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

/** The schemes a request can use. */
export type AuthSchemeId = 'none' | 'basic' | 'digest' | 'bearer' | 'jwt' | 'apikey' | 'custom' | 'sigv4' | 'oauth1' | 'hawk';

/** One input of a scheme's form. `params` is a multi-line `name=value` editor. */
export interface AuthField {
  name: string;
  label: string;
  kind: 'text' | 'secret' | 'params' | 'select';
  default?: string;
  options?: { value: string; label: string }[];
  help?: string;
  /** Shown (and used) only when another field has this value, e.g. Token68 only in the Token68 form. */
  shownWhen?: { field: string; equals: string };
}

/** What applying a scheme adds to a request. */
export interface AuthApplication {
  headers: HeaderField[];
  query?: { name: string; value: string }[];
  /** Digest credentials for the relay, which answers the server's challenge (never a header here). */
  digest?: DigestCredentials;
}

/** A scheme as data: what to ask for and how to turn the answers into a request part. */
export interface AuthSchemeDescriptor {
  id: AuthSchemeId;
  label: string;
  /** One line saying what the scheme sends, citing the spec or RFC. */
  summary: string;
  fields: AuthField[];
  /** Builds the headers/query; a failure's `field` names the field to fix. */
  apply(values: Record<string, string>): Result<AuthApplication>;
  /**
   * For a scheme that signs the request (AWS SigV4): run at send time on the final wire
   * request, after everything else; see `signWire` in signing.ts.
   */
  sign?(wire: WireRequest, values: Record<string, string>, context: AuthSigningContext): Promise<Result<SignedWire>>;
}
