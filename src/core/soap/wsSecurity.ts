/**
 * WS-Security UsernameToken (OASIS Username Token Profile 1.0): building the
 * `wsse:Security` header a client sends, placing it in an envelope's Header, and reading
 * it back on the server side (the sandbox) with digest verification. The nonce and the
 * creation time make each header single-use, so the caller regenerates it at every send.
 */
import { fail, ok, type Result } from '../types';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS } from './wsdlModel';
import { outElement, outFromParsed, outText, printXml, printXmlAt, printXmlInline } from './xmlWriter';
import { readXmlDocument, type NsXmlElement } from './xmlTree';
import { attrValue, childElements, firstChild, textContent } from './xmlQueries';
import { isSelfClosing, startTagEnd } from './xmlPositions';

/** Namespace of the WS-Security extension elements (`wsse:`). */
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
/** Namespace of the WS-Security utility elements (`wsu:Created`, `wsu:Timestamp`). */
export const WSU_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const USERNAME_TOKEN_PROFILE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0';
/** `Type` of a password sent in clear. */
export const PASSWORD_TEXT_TYPE = `${USERNAME_TOKEN_PROFILE}#PasswordText`;
/** `Type` of a password sent as Base64(SHA-1(nonce + created + password)). */
export const PASSWORD_DIGEST_TYPE = `${USERNAME_TOKEN_PROFILE}#PasswordDigest`;
/** `EncodingType` of a base64 nonce. */
export const BASE64_BINARY_ENCODING = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

/** How the password travels. */
export type WsPasswordType = 'PasswordText' | 'PasswordDigest';

/** What goes into a UsernameToken header. */
export interface UsernameTokenOptions {
  username: string;
  password: string;
  passwordType: WsPasswordType;
  /** Defaults to 16 random bytes. Fixed only to reproduce a header (tests, examples). */
  nonce?: Uint8Array;
  /** Defaults to now. */
  created?: Date;
  /** Adds a wsu:Timestamp expiring this many seconds after `created`. */
  timestamp?: { ttlSeconds: number };
}

/** A UsernameToken as read back from an envelope. */
export interface ParsedUsernameToken {
  username: string;
  /** The password text, or the base64 digest for PasswordDigest. */
  password: string;
  passwordType: WsPasswordType;
  /** The nonce as sent (base64). */
  nonce?: string;
  /** The wsu:Created text as sent. */
  created?: string;
  /** The wsu:Timestamp of the Security header, when present. */
  timestamp?: { created?: string; expires?: string };
}

const NONCE_BYTES = 16;

/** Base64 of bytes, with the btoa both browsers and Node provide. */
function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) return undefined;
  const binary = atob(compact);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The PasswordDigest of the Username Token Profile: Base64(SHA-1(nonce bytes + created +
 * password)), created and password as UTF-8.
 */
export async function passwordDigest(nonce: Uint8Array, created: string, password: string): Promise<string> {
  const encoder = new TextEncoder();
  const createdBytes = encoder.encode(created);
  const passwordBytes = encoder.encode(password);
  const input = new Uint8Array(nonce.length + createdBytes.length + passwordBytes.length);
  input.set(nonce, 0);
  input.set(createdBytes, nonce.length);
  input.set(passwordBytes, nonce.length + createdBytes.length);
  const digest = await globalThis.crypto.subtle.digest('SHA-1', input);
  return bytesToBase64(new Uint8Array(digest));
}

/** Builds the `wsse:Security` header element (self-contained: it declares its own prefixes). */
export async function usernameToken(options: UsernameTokenOptions): Promise<string> {
  const { username, password, passwordType } = options;
  if (typeof username !== 'string') throw new TypeError('usernameToken: username must be a string');
  if (typeof password !== 'string') throw new TypeError('usernameToken: password must be a string');
  if (passwordType !== 'PasswordText' && passwordType !== 'PasswordDigest') {
    throw new RangeError(`usernameToken: passwordType must be 'PasswordText' or 'PasswordDigest', got ${String(passwordType)}`);
  }
  const nonce = options.nonce ?? globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  if (!(nonce instanceof Uint8Array) || nonce.length === 0) throw new TypeError('usernameToken: nonce must be a non-empty Uint8Array');
  const createdDate = options.created ?? new Date();
  if (!(createdDate instanceof Date) || Number.isNaN(createdDate.getTime())) throw new RangeError('usernameToken: created must be a valid Date');
  const created = createdDate.toISOString();
  const children = [];
  if (options.timestamp) {
    const ttl = options.timestamp.ttlSeconds;
    if (!Number.isFinite(ttl) || ttl <= 0) throw new RangeError(`usernameToken: timestamp.ttlSeconds must be a positive number, got ${ttl}`);
    const expires = new Date(createdDate.getTime() + ttl * 1000).toISOString();
    children.push(
      outElement('wsu:Timestamp', [], [outElement('wsu:Created', [], [outText(created)]), outElement('wsu:Expires', [], [outText(expires)])]),
    );
  }
  const passwordValue = passwordType === 'PasswordDigest' ? await passwordDigest(nonce, created, password) : password;
  children.push(
    outElement('wsse:UsernameToken', [], [
      outElement('wsse:Username', [], [outText(username)]),
      outElement('wsse:Password', [['Type', passwordType === 'PasswordDigest' ? PASSWORD_DIGEST_TYPE : PASSWORD_TEXT_TYPE]], [outText(passwordValue)]),
      outElement('wsse:Nonce', [['EncodingType', BASE64_BINARY_ENCODING]], [outText(bytesToBase64(nonce))]),
      outElement('wsu:Created', [], [outText(created)]),
    ]),
  );
  return printXml([
    outElement(
      'wsse:Security',
      [
        ['xmlns:wsse', WSSE_NS],
        ['xmlns:wsu', WSU_NS],
      ],
      children,
    ),
  ]);
}

function envelopeRoot(xml: string): Result<NsXmlElement> {
  const parsed = readXmlDocument(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.value;
  if (root.local !== 'Envelope' || (root.ns !== SOAP11_ENVELOPE_NS && root.ns !== SOAP12_ENVELOPE_NS)) {
    return fail({
      kind: 'not-soap-envelope',
      message: `This is not a SOAP envelope: the root element is <${root.name}>${root.ns ? ` in ${root.ns}` : ' in no namespace'}, not Envelope in the SOAP 1.1 or 1.2 namespace.`,
    });
  }
  return ok(root);
}

function indentBefore(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return lineStart > 0 && /^[ \t]*$/.test(before) ? before : undefined;
}

/**
 * Puts `securityXml` (a `wsse:Security` element) into the envelope's Header, replacing a
 * Security header already there and creating the Header when there is none. The rest of
 * the envelope is left byte for byte as it was.
 */
export function applyWsSecurity(envelope: string, securityXml: string): Result<string> {
  if (typeof envelope !== 'string' || typeof securityXml !== 'string') throw new TypeError('applyWsSecurity expects two strings');
  const security = readXmlDocument(securityXml);
  if (!security.ok) return fail({ ...security.error, message: `The Security header is not well-formed: ${security.error.message}` });
  if (security.value.ns !== WSSE_NS || security.value.local !== 'Security') {
    return fail({ kind: 'not-security-header', message: `Expected a wsse:Security element in ${WSSE_NS}, got <${security.value.name}>.` });
  }
  const rooted = envelopeRoot(envelope);
  if (!rooted.ok) return rooted;
  const root = rooted.value;
  const securityNodes = [outFromParsed(security.value)];
  const render = (indent: string | undefined): string => (indent === undefined ? printXmlInline(securityNodes) : printXmlAt(securityNodes, indent));
  const unit = (indent: string): string => (indent.includes('\t') ? '\t' : '  ');
  const header = firstChild(root, root.ns, 'Header');
  if (header) {
    const existing = childElements(header).find((child) => child.ns === WSSE_NS && child.local === 'Security');
    if (existing) {
      return ok(envelope.slice(0, existing.start) + render(indentBefore(envelope, existing.start)) + envelope.slice(existing.end));
    }
    const tagEnd = startTagEnd(envelope, header.start);
    const headerIndent = indentBefore(envelope, header.start);
    const childIndent = headerIndent === undefined ? undefined : headerIndent + unit(headerIndent);
    if (isSelfClosing(envelope, tagEnd)) {
      const open = `${envelope.slice(header.start, tagEnd - 2).trimEnd()}>`;
      const inner = childIndent === undefined ? render(undefined) : `\n${childIndent}${render(childIndent)}\n${headerIndent}`;
      return ok(envelope.slice(0, header.start) + open + inner + `</${header.name}>` + envelope.slice(tagEnd));
    }
    const insert = childIndent === undefined ? render(undefined) : `\n${childIndent}${render(childIndent)}`;
    return ok(envelope.slice(0, tagEnd) + insert + envelope.slice(tagEnd));
  }
  const prefix = root.name.includes(':') ? `${root.name.slice(0, root.name.indexOf(':'))}:` : '';
  const next = childElements(root)[0];
  if (next) {
    const indent = indentBefore(envelope, next.start);
    const block =
      indent === undefined
        ? `<${prefix}Header>${render(undefined)}</${prefix}Header>`
        : `<${prefix}Header>\n${indent}${unit(indent)}${render(indent + unit(indent))}\n${indent}</${prefix}Header>\n${indent}`;
    return ok(envelope.slice(0, next.start) + block + envelope.slice(next.start));
  }
  const tagEnd = startTagEnd(envelope, root.start);
  if (isSelfClosing(envelope, tagEnd)) {
    return fail({ kind: 'no-soap-body', message: 'The envelope is empty (<Envelope/>): it has no Body to secure.' });
  }
  return ok(envelope.slice(0, tagEnd) + `<${prefix}Header>${render(undefined)}</${prefix}Header>` + envelope.slice(tagEnd));
}

/**
 * Reads the UsernameToken of the envelope's `wsse:Security` header. Fails with a kind that
 * says what is missing: `no-security-header`, `no-username-token`, `missing-username`,
 * `missing-password`, `unknown-password-type`, `bad-nonce`.
 */
export function parseUsernameToken(envelopeXml: string): Result<ParsedUsernameToken> {
  if (typeof envelopeXml !== 'string') throw new TypeError('parseUsernameToken expects the envelope as a string');
  const rooted = envelopeRoot(envelopeXml);
  if (!rooted.ok) return rooted;
  const root = rooted.value;
  const header = firstChild(root, root.ns, 'Header');
  const security = header && firstChild(header, WSSE_NS, 'Security');
  if (!security) {
    return fail({ kind: 'no-security-header', message: `The envelope has no wsse:Security header (Security in ${WSSE_NS} inside the SOAP Header).` });
  }
  const token = firstChild(security, WSSE_NS, 'UsernameToken');
  if (!token) return fail({ kind: 'no-username-token', message: 'The Security header holds no wsse:UsernameToken.' });
  const usernameEl = firstChild(token, WSSE_NS, 'Username');
  if (!usernameEl) return fail({ kind: 'missing-username', message: 'The UsernameToken has no wsse:Username.', field: 'Username' });
  const passwordEl = firstChild(token, WSSE_NS, 'Password');
  if (!passwordEl) return fail({ kind: 'missing-password', message: 'The UsernameToken has no wsse:Password.', field: 'Password' });
  const typeUri = attrValue(passwordEl, 'Type')?.trim();
  let passwordType: WsPasswordType;
  if (typeUri === undefined || typeUri === PASSWORD_TEXT_TYPE) passwordType = 'PasswordText';
  else if (typeUri === PASSWORD_DIGEST_TYPE) passwordType = 'PasswordDigest';
  else {
    return fail({
      kind: 'unknown-password-type',
      message: `The Password Type "${typeUri}" is neither ${PASSWORD_TEXT_TYPE} nor ${PASSWORD_DIGEST_TYPE}.`,
      field: 'Password',
    });
  }
  const nonceEl = firstChild(token, WSSE_NS, 'Nonce');
  const nonce = nonceEl ? textContent(nonceEl).trim() : undefined;
  if (nonce !== undefined && !base64ToBytes(nonce)) {
    return fail({ kind: 'bad-nonce', message: `The Nonce "${nonce}" is not base64.`, field: 'Nonce' });
  }
  // Some toolkits put Created in the wsse namespace; the profile says wsu.
  const createdEl = firstChild(token, WSU_NS, 'Created') ?? firstChild(token, WSSE_NS, 'Created');
  const timestampEl = firstChild(security, WSU_NS, 'Timestamp');
  const parsed: ParsedUsernameToken = {
    username: textContent(usernameEl).trim(),
    password: textContent(passwordEl),
    passwordType,
    ...(nonce !== undefined ? { nonce } : {}),
    ...(createdEl ? { created: textContent(createdEl).trim() } : {}),
  };
  if (timestampEl) {
    const tsCreated = firstChild(timestampEl, WSU_NS, 'Created');
    const tsExpires = firstChild(timestampEl, WSU_NS, 'Expires');
    parsed.timestamp = {
      ...(tsCreated ? { created: textContent(tsCreated).trim() } : {}),
      ...(tsExpires ? { expires: textContent(tsExpires).trim() } : {}),
    };
  }
  return ok(parsed);
}

/**
 * Checks a PasswordDigest token against the password the server knows. False for
 * PasswordText tokens (compare those directly) and for digests that do not match.
 */
export async function verifyPasswordDigest(token: ParsedUsernameToken, password: string): Promise<boolean> {
  if (!token || typeof password !== 'string') throw new TypeError('verifyPasswordDigest expects a parsed token and the expected password');
  if (token.passwordType !== 'PasswordDigest') return false;
  const nonce = token.nonce === undefined ? new Uint8Array(0) : base64ToBytes(token.nonce);
  if (!nonce) return false;
  const expected = await passwordDigest(nonce, token.created ?? '', password);
  const actual = token.password.trim();
  // Compare without an early exit, so timing does not tell how much of the digest matched.
  let difference = expected.length ^ actual.length;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ actual.charCodeAt(i % Math.max(actual.length, 1));
  return difference === 0;
}
