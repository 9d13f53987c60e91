/**
 * `/api/sigv4`: a resource signed with AWS Signature Version 4, as an API Gateway-style
 * service (`execute-api` in `us-east-1`) would check it: in the Authorization header, or in
 * the query as a presigned URL (X-Amz-Expires checked against X-Amz-Date). Any method; the
 * body is hashed.
 * 200 says who signed and what; a refusal is AWS's shape — an `Error` with `Code` and
 * `Message`, and for a wrong signature the canonical request and string to sign the
 * server computed, so they can be compared line by line with the ones that were signed.
 */
import { randomUUID } from 'node:crypto';
import { sandboxNow } from '../clock';
import { readBody, sendTooLarge } from '../requestBody';
import { sendJson, type SandboxContext, type SandboxRoute } from '../router';
import { hasQuerySignature, verifyPresignedSigV4 } from './sigv4QueryVerifier';
import { verifySigV4, type SigV4DemoKey } from './sigv4Verifier';

/**
 * The published demo keys: AWS's own documentation example, and a temporary credential
 * that needs its session token. They protect nothing.
 */
export const SIGV4_DEMO_KEYS: readonly SigV4DemoKey[] = [
  { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  { accessKeyId: 'ASIAWIREBENCHDEMO', secretAccessKey: 'wirebench/SANDBOX/temporaryEXAMPLEKEY', sessionToken: 'wirebench-sandbox-demo-session-token' },
];

/** Where the endpoint is and how much clock skew it allows (AWS: 5 minutes). */
export const SIGV4_SANDBOX = { region: 'us-east-1', service: 'execute-api', maxSkewMs: 5 * 60_000 } as const;

async function sigv4Resource(ctx: SandboxContext): Promise<void> {
  const read = await readBody(ctx.req);
  if (!read.ok) return sendTooLarge(ctx.res, read);
  const arrived = { method: ctx.req.method ?? 'GET', target: ctx.req.url ?? '/', rawHeaders: ctx.req.rawHeaders, body: read.bytes };
  const presigned = hasQuerySignature(arrived.target);
  const expectation = { keys: SIGV4_DEMO_KEYS, region: SIGV4_SANDBOX.region, service: SIGV4_SANDBOX.service, nowMs: sandboxNow(), maxSkewMs: SIGV4_SANDBOX.maxSkewMs };
  const verdict = presigned ? verifyPresignedSigV4(arrived, expectation) : verifySigV4(arrived, expectation);
  const requestId = randomUUID();
  const headers = { 'Cache-Control': 'no-store', 'x-amzn-RequestId': requestId };
  if (!verdict.ok) {
    const { status, code, message, canonicalRequest, stringToSign, signatureProvided } = verdict.refusal;
    const error = {
      Type: 'Sender',
      Code: code,
      Message: message,
      ...(canonicalRequest !== undefined ? { CanonicalRequest: canonicalRequest, StringToSign: stringToSign, SignatureProvided: signatureProvided } : {}),
    };
    return sendJson(ctx.res, status, { Error: error, RequestId: requestId }, { ...headers, 'x-amzn-ErrorType': code });
  }
  sendJson(
    ctx.res,
    200,
    {
      resource: 'sigv4',
      authenticated: true,
      scheme: 'AWS4-HMAC-SHA256',
      signatureIn: presigned ? 'query' : 'header',
      ...(verdict.expiresAt !== undefined ? { expiresAt: verdict.expiresAt } : {}),
      principal: verdict.accessKeyId,
      temporaryCredentials: verdict.temporary,
      signedHeaders: verdict.signedHeaders,
      method: ctx.req.method,
      bodyBytes: read.bytes.length,
    },
    headers,
  );
}

/** The SigV4 router. */
export const sigv4Routes: SandboxRoute[] = [{ method: '*', pattern: '/api/sigv4', handle: sigv4Resource }];
