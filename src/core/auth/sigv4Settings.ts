/**
 * The SigV4 form's values, checked, and AWS's limit for a presigned URL: what the scheme
 * (`sigv4Scheme.ts`) and the signers it loads on demand (`sigv4.ts`, `sigv4Presign.ts`) share,
 * so the signers never import the scheme that loads them.
 */

/** What the SigV4 form gives, checked. */
export interface SigV4Settings {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials' session token, sent as X-Amz-Security-Token. */
  sessionToken?: string;
  region: string;
  service: string;
  /** Sign `UNSIGNED-PAYLOAD` instead of the body's SHA-256. */
  unsignedPayload: boolean;
  /** Present when the signature goes in the query (a presigned URL) instead of Authorization. */
  presign?: { expiresIn: number };
}

/** AWS's limit for a presigned URL's X-Amz-Expires: 7 days, in seconds. */
export const SIGV4_MAX_EXPIRES = 604_800;
