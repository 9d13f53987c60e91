/**
 * WebSocket close codes explained in plain words: the codes RFC 6455 §7.4.1 defines, the
 * ones IANA's "WebSocket Close Code Number Registry" added (1012–1015), and the ranges
 * (§7.4.2): 0–999 unused, 1000–2999 for the protocol and its extensions, 3000–3999 for
 * libraries and frameworks (registered with IANA), 4000–4999 private to an application.
 */

export interface CloseCodeExplanation {
  code: number;
  /** A short name: "Normal closure". */
  name: string;
  /** What it means, in a sentence or two. */
  meaning: string;
  /** Whether the code may be sent in a Close frame (1005, 1006 and 1015 are only reported, never sent). */
  sendable: boolean;
  /** Whether it says something went wrong. */
  problem: boolean;
  /** Where the code comes from. */
  source: 'RFC 6455' | 'IANA registry' | 'library range' | 'application range' | 'reserved';
}

const KNOWN: Record<number, Omit<CloseCodeExplanation, 'code' | 'source'> & { source?: CloseCodeExplanation['source'] }> = {
  1000: { name: 'Normal closure', meaning: 'The connection did what it was for and was closed on purpose.', sendable: true, problem: false },
  1001: { name: 'Going away', meaning: 'One side is leaving: a server shutting down, or a browser leaving the page.', sendable: true, problem: false },
  1002: { name: 'Protocol error', meaning: 'One side received something that breaks the WebSocket protocol (a bad frame, a wrong opcode) and closed.', sendable: true, problem: true },
  1003: { name: 'Unsupported data', meaning: 'One side received a kind of message it cannot take, such as binary when it only accepts text.', sendable: true, problem: true },
  1004: { name: 'Reserved', meaning: 'Reserved by RFC 6455 with no meaning yet; nobody should send it.', sendable: false, problem: true },
  1005: { name: 'No status received', meaning: 'The Close frame carried no code at all. This is reported by the receiving side, never sent.', sendable: false, problem: false },
  1006: { name: 'Abnormal closure', meaning: 'The connection dropped without any Close frame (network failure, a crashed server, a proxy cutting it). Reported locally, never sent.', sendable: false, problem: true },
  1007: { name: 'Invalid payload data', meaning: 'A message did not match its type, most often a text message that was not valid UTF-8.', sendable: true, problem: true },
  1008: { name: 'Policy violation', meaning: 'The message broke a rule of the endpoint (for example not authorised); used when no more specific code fits.', sendable: true, problem: true },
  1009: { name: 'Message too big', meaning: 'A message was larger than the receiving side is willing to take.', sendable: true, problem: true },
  1010: { name: 'Mandatory extension', meaning: 'The client expected the server to agree to an extension (listed in the reason) and it did not.', sendable: true, problem: true },
  1011: { name: 'Internal error', meaning: 'The server met an unexpected condition (a bug or crash in its handler) and had to close.', sendable: true, problem: true },
  1012: { name: 'Service restart', meaning: 'The server is restarting; connecting again after a short wait should work.', sendable: true, problem: false, source: 'IANA registry' },
  1013: { name: 'Try again later', meaning: 'The server is overloaded or temporarily unable to serve; connect again later.', sendable: true, problem: true, source: 'IANA registry' },
  1014: { name: 'Bad gateway', meaning: 'A gateway or proxy received an invalid answer from the server behind it.', sendable: true, problem: true, source: 'IANA registry' },
  1015: { name: 'TLS handshake failure', meaning: 'The TLS handshake failed (for example the certificate could not be verified). Reported locally, never sent.', sendable: false, problem: true, source: 'IANA registry' },
};

/** The explanation of close code `code` (any integer; out-of-range codes are said to be invalid). */
export function explainCloseCode(code: number): CloseCodeExplanation {
  const known = KNOWN[code];
  if (known) return { code, source: 'RFC 6455', ...known };
  if (!Number.isInteger(code) || code < 0 || code > 4999) {
    return { code, name: 'Invalid code', meaning: `${code} is outside the close codes WebSocket defines (1000–4999); a peer receiving it must fail the connection.`, sendable: false, problem: true, source: 'reserved' };
  }
  if (code < 1000) return { code, name: 'Unused', meaning: `Codes below 1000 are not used by WebSocket; ${code} cannot be sent.`, sendable: false, problem: true, source: 'reserved' };
  if (code < 3000) {
    return { code, name: 'Reserved for the protocol', meaning: `${code} is in 1000–2999, kept for WebSocket itself and its extensions, and has no meaning yet; applications must not send it.`, sendable: false, problem: true, source: 'reserved' };
  }
  if (code < 4000) {
    return { code, name: 'Library or framework code', meaning: `${code} is in 3000–3999, used by libraries and frameworks and registered with IANA (for example 3000 Unauthorized, 3003 Forbidden, 3008 Timeout); its exact meaning is the library's.`, sendable: true, problem: false, source: 'library range' };
  }
  return { code, name: 'Application code', meaning: `${code} is in 4000–4999, private to this application: its meaning is whatever the server's documentation says.`, sendable: true, problem: false, source: 'application range' };
}

/** Why `code` cannot go in a Close frame this side sends, or null when it can (RFC 6455 §7.4). */
export function closeCodeProblem(code: number): string | null {
  if (!Number.isInteger(code)) return 'A close code is a whole number from 1000 to 4999.';
  const e = explainCloseCode(code);
  if (e.sendable) return null;
  return `${code} (${e.name}) cannot be sent in a Close frame: ${e.meaning} Use 1000 for a normal close, or a code from 3000–4999.`;
}

/** Why `reason` cannot go with a close code, or null (a Close frame's reason is at most 123 bytes of UTF-8). */
export function closeReasonProblem(reason: string): string | null {
  const bytes = new TextEncoder().encode(reason).length;
  return bytes > 123 ? `The close reason is ${bytes} bytes of UTF-8; a Close frame holds at most 123 (RFC 6455 §5.5).` : null;
}
