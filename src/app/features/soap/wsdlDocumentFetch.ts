/**
 * Fetching one WSDL or schema document through the local relay (the page cannot reach
 * other origins itself), decoded by the charset its Content-Type or XML declaration
 * names. Runs in the WSDL worker, which passes the relay token in.
 */
import { detectBodyCharset, headerValue } from '../../../core';
import type { NetworkOptions } from '../../base/relay/networkOptions';
import { sendThroughRelay } from '../../base/relay/relayClient';

/** A description, not a download: documents beyond this are refused. */
export const MAX_WSDL_DOCUMENT_BYTES = 32 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

export interface WsdlFetchOptions {
  token: string;
  /** How the page reaches the host (its proxy, client certificate, CAs), computed in the page. */
  network?: NetworkOptions;
  signal?: AbortSignal;
  /** Bytes received so far for this document, as they arrive. */
  onBytes?(received: number): void;
}

/** The document at `url` as text; rejects with an Error saying why it could not be had (without repeating the URL). */
export async function fetchWsdlDocument(url: string, options: WsdlFetchOptions): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let status = 0;
  let reason = '';
  let contentType: string | undefined;
  const outcome = await sendThroughRelay(
    { method: 'GET', url, headers: [{ name: 'Accept', value: 'text/xml, application/wsdl+xml, application/xml;q=0.9, */*;q=0.5' }] },
    { followRedirects: true, timeoutMs: FETCH_TIMEOUT_MS, ...options.network, token: options.token, ...(options.signal ? { signal: options.signal } : {}) },
    {
      onHead: (head) => {
        status = head.status;
        reason = head.reason;
        contentType = headerValue(head.headers, 'content-type');
      },
      onBody: (chunk) => {
        size += chunk.length;
        if (size <= MAX_WSDL_DOCUMENT_BYTES) chunks.push(chunk);
        options.onBytes?.(size);
      },
    },
  );
  // The messages leave the URL out: whoever reports them (parseWsdl, in its warnings) names it.
  if (!outcome.ok) throw new Error(`the relay could not fetch it: ${outcome.error.message}`);
  if (status >= 400) throw new Error(`the server answered ${status}${reason ? ` ${reason}` : ''}, not a document`);
  if (size > MAX_WSDL_DOCUMENT_BYTES) throw new Error(`it is larger than ${MAX_WSDL_DOCUMENT_BYTES / 1024 / 1024} MB, which is not a service description`);
  const bytes = new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer());
  const charset = detectBodyCharset(bytes.subarray(0, 1024), contentType, 'xml');
  return new TextDecoder(charset.encoding).decode(bytes.subarray(charset.bomLength));
}
