/**
 * What a request puts on the wire, in one shape for both sides of a conformance check:
 * Wirebench's (the draft built by `buildWireRequest`, as the relay sends it: request target
 * `pathname + search` of the WHATWG URL, Host from the URL unless a Host header is typed)
 * and the oracle's (what curl sent to the recorder, or what httpsnippet-lite prepared).
 * `differences` names the fields that disagree: method, URL (scheme, authority, target),
 * headers (names case-insensitive, in order, values) and body bytes.
 */
import { buildWireRequest } from '../core/request';
import type { RequestDraft } from '../core/request';
import type { HeaderField } from '../core/types';

/** One request as sent. */
export interface SentRequest {
  method: string;
  scheme: string;
  /** `host[:port]`, the default port left out. */
  authority: string;
  /** The request target: path and query. */
  target: string;
  headers: HeaderField[];
  body: Uint8Array;
  /** Files the body should hold but that are not at hand (a part or body to pick again). */
  missingFiles: number;
}

const encoder = new TextEncoder();

/** What Wirebench sends for `draft` with no environment, or why it cannot be sent. */
export function sentOfDraft(draft: RequestDraft): { ok: true; sent: SentRequest } | { ok: false; reason: string } {
  const built = buildWireRequest(draft, {});
  if (!built.ok) return { ok: false, reason: `${built.error.kind}: ${built.error.message}` };
  const { wire } = built.value;
  const url = new URL(wire.url);
  const parts: Uint8Array[] = [];
  let missingFiles = 0;
  for (const chunk of wire.body ?? []) {
    if (typeof chunk === 'string') parts.push(encoder.encode(chunk));
    else if (chunk instanceof Uint8Array) parts.push(chunk);
    else missingFiles++;
  }
  const host = wire.headers.find((h) => h.name.toLowerCase() === 'host')?.value;
  return {
    ok: true,
    sent: {
      method: wire.method,
      scheme: url.protocol.slice(0, -1),
      authority: host ?? url.host,
      target: (url.pathname || '/') + url.search,
      headers: wire.headers.filter((h) => h.name.toLowerCase() !== 'host'),
      body: Buffer.concat(parts),
      missingFiles,
    },
  };
}

/** The multipart boundary a header list declares, if any. */
function boundaryOf(headers: readonly HeaderField[]): string | undefined {
  const type = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  if (!/^\s*multipart\//i.test(type)) return undefined;
  return /;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
}

/**
 * The request with its multipart boundary replaced by `BOUNDARY` in the Content-Type and
 * the body: each side picks its own random boundary, which is not a disagreement.
 */
function withoutBoundary(sent: SentRequest): { headers: HeaderField[]; body: string } {
  const latin1 = Buffer.from(sent.body).toString('latin1');
  const boundary = boundaryOf(sent.headers);
  if (!boundary) return { headers: sent.headers, body: latin1 };
  return {
    headers: sent.headers.map((h) => (h.name.toLowerCase() === 'content-type' ? { ...h, value: h.value.split(boundary).join('BOUNDARY') } : h)),
    body: latin1.split(boundary).join('BOUNDARY'),
  };
}

function shown(text: string, max = 120): string {
  const printable = JSON.stringify(text);
  return printable.length > max ? `${printable.slice(0, max)}…` : printable;
}

function headerText(headers: readonly HeaderField[]): string {
  return headers.map((h) => `${h.name.toLowerCase()}: ${h.value}`).join(' | ');
}

/** How headers are compared. */
export interface HeaderRules {
  /** Left out on both sides: what each side computes for itself (framing, defaults). */
  ignore?: (header: HeaderField) => boolean;
  /** Names (lower case) whose place in the order does not count, only their values (compared after the others). */
  unordered?: readonly string[];
}

function orderedForComparison(headers: readonly HeaderField[], rules: HeaderRules): HeaderField[] {
  const kept = headers.filter((h) => !rules.ignore?.(h));
  const loose = new Set(rules.unordered ?? []);
  const fixed = kept.filter((h) => !loose.has(h.name.toLowerCase()));
  const moved = kept.filter((h) => loose.has(h.name.toLowerCase())).sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()) || x.value.localeCompare(y.value));
  return [...fixed, ...moved];
}

/**
 * The fields on which `ours` and `theirs` disagree, each as "field: ours vs theirs";
 * empty when they agree. Header names are compared case-insensitively, values exactly,
 * and order counts (but for `rules.unordered`).
 */
export function differences(ours: SentRequest, theirs: SentRequest, rules: HeaderRules = {}): string[] {
  const out: string[] = [];
  if (ours.method !== theirs.method) out.push(`method: ${ours.method} vs ${theirs.method}`);
  const ourUrl = `${ours.scheme}://${ours.authority.toLowerCase()}${ours.target}`;
  const theirUrl = `${theirs.scheme}://${theirs.authority.toLowerCase()}${theirs.target}`;
  if (ourUrl !== theirUrl) out.push(`url: ${shown(ourUrl)} vs ${shown(theirUrl)}`);
  const a = withoutBoundary(ours);
  const b = withoutBoundary(theirs);
  const ourHeaders = headerText(orderedForComparison(a.headers, rules));
  const theirHeaders = headerText(orderedForComparison(b.headers, rules));
  if (ourHeaders !== theirHeaders) out.push(`headers: ${shown(ourHeaders, 300)} vs ${shown(theirHeaders, 300)}`);
  if (a.body !== b.body) out.push(`body: ${shown(a.body)} vs ${shown(b.body)}`);
  return out;
}
