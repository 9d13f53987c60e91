/**
 * Test-only builders for lint specifications: compact JWTs with chosen claims, Basic
 * credentials, and the SOAP 1.1 request Wirebench generates from a WSDL. Used only by the
 * `*.test.ts` files beside it.
 */
import type { WireRequest } from '../types';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A compact HS256 JWT carrying `claims` (the signature is not a real one). */
export function fixtureJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJlLWJ5dGVz`;
}

/** `Basic base64(credentials)` for `user:password` text. */
export function fixtureBasic(credentials: string): string {
  return `Basic ${btoa(credentials)}`;
}

/** The clock the specifications run at. */
export const FIXTURE_NOW = new Date('2025-03-01T12:00:00Z');

/** Seconds since the epoch of FIXTURE_NOW plus `offset` seconds, for exp/nbf claims. */
export function fixtureEpoch(offset: number): number {
  return Math.floor(FIXTURE_NOW.getTime() / 1000) + offset;
}

/** A SOAP 1.1 envelope with an optional XML declaration. */
export function soap11Envelope(declaration = '<?xml version="1.0" encoding="utf-8"?>\n'): string {
  return `${declaration}<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><m:GetPrice xmlns:m="urn:shop"><m:Item>Apple</m:Item></m:GetPrice></soap:Body></soap:Envelope>`;
}

/** The endpoint and action of the fixture WSDL operation. */
export const SOAP_FIXTURE = { version: '1.1' as const, action: 'urn:shop#GetPrice', endpoint: 'https://shop.example.com/soap' };

/** A correct SOAP 1.1 call of the fixture operation; tests break one thing at a time. */
export function soap11Request(overrides: Partial<WireRequest> = {}): WireRequest {
  return {
    method: 'POST',
    url: SOAP_FIXTURE.endpoint,
    headers: [
      { name: 'Content-Type', value: 'text/xml; charset=utf-8' },
      { name: 'SOAPAction', value: `"${SOAP_FIXTURE.action}"` },
    ],
    body: [soap11Envelope()],
    ...overrides,
  };
}
