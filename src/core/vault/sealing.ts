/**
 * Sealing the vault at rest: JSON encrypted with AES-GCM (256-bit) under a key derived
 * from a passphrase with PBKDF2-SHA256 (at least 600,000 iterations). Only WebCrypto
 * (`globalThis.crypto.subtle`) is used, which browsers, workers and Node all have.
 *
 * Two levels, so that the slow step runs once per unlock rather than on every write: PBKDF2
 * over the passphrase and the vault's salt gives 64 bytes — 32 become an HKDF base key, 16 a
 * check value stored in the envelope. Every write then draws a random HKDF salt and a random
 * IV, and HKDF-SHA256 turns base key and salt into that write's AES-GCM key. A write takes
 * milliseconds, so a rotated refresh token reaches storage before a reload can lose it.
 *
 * The check value tells a wrong passphrase (check differs) from altered data (check
 * matches, AES-GCM tag does not). It costs an attacker nothing: each guess still needs the
 * full PBKDF2 work. All parameters are stored beside the ciphertext and authenticated with it.
 */
import { decodeBase64, encodeBase64, utf8Decode, utf8Encode } from '../encoding/base64';
import { fail, ok, type CoreError, type Result } from '../types';

/** The least PBKDF2-SHA256 work accepted, for sealing and opening (OWASP 2023). */
export const VAULT_MIN_PBKDF2_ITERATIONS = 600_000;
/** More work than this in an envelope is refused rather than run: it would hang the page. */
export const VAULT_MAX_PBKDF2_ITERATIONS = 10_000_000;
/** The format name written into every envelope. */
export const VAULT_SEAL_FORMAT = 'wirebench-vault-seal';

/** A sealed JSON value with everything needed to open it except the passphrase. */
export interface VaultSealedEnvelope {
  format: typeof VAULT_SEAL_FORMAT;
  version: 1;
  /** The vault's passphrase derivation; the salt is drawn when the passphrase is set. */
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  /** This write's key derivation from the PBKDF2 output; the salt is random per write. */
  subkey: { name: 'HKDF'; hash: 'SHA-256'; salt: string };
  /** The IV is random per write. */
  cipher: { name: 'AES-GCM'; iv: string };
  /** Base64 of 16 bytes derived with the key; tells a wrong passphrase from tampering. */
  check: string;
  /** Base64 of the AES-GCM output (ciphertext and 128-bit tag). */
  ciphertext: string;
}

/**
 * The unlocked key of a vault: what PBKDF2 gave for the passphrase, kept in memory while
 * the vault is open so each write needs no passphrase and no PBKDF2 run. The base key is
 * a non-extractable `CryptoKey`; dropping this object is locking.
 */
export interface VaultSealingKey {
  kdf: VaultSealedEnvelope['kdf'];
  check: string;
  base: CryptoKey;
}

/** Options of `deriveVaultSealingKey`. */
export interface VaultKeyOptions {
  /** PBKDF2 iterations; at least `VAULT_MIN_PBKDF2_ITERATIONS` (the default). */
  iterations?: number;
  /** The vault's salt (base64); a new random one when omitted, i.e. for a new passphrase. */
  salt?: string;
}

const HKDF_INFO = 'wirebench-vault AES-GCM key';

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new TypeError('WebCrypto (crypto.subtle) is not available here; the vault cannot seal or open.');
  return s;
}

function bytes(view: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(view) as Uint8Array<ArrayBuffer>;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/**
 * Runs PBKDF2-SHA256 over `passphrase` — the slow step, once per unlock or new
 * passphrase. Throws RangeError for an empty passphrase, a bad salt, or an iteration count
 * outside the accepted range, which are mistakes of the caller.
 */
export async function deriveVaultSealingKey(passphrase: string, options: VaultKeyOptions = {}): Promise<VaultSealingKey> {
  if (passphrase === '') throw new RangeError('A vault key needs a non-empty passphrase');
  const iterations = options.iterations ?? VAULT_MIN_PBKDF2_ITERATIONS;
  if (!Number.isInteger(iterations) || iterations < VAULT_MIN_PBKDF2_ITERATIONS || iterations > VAULT_MAX_PBKDF2_ITERATIONS) {
    throw new RangeError(
      `PBKDF2 iterations must be an integer from ${VAULT_MIN_PBKDF2_ITERATIONS} to ${VAULT_MAX_PBKDF2_ITERATIONS}, got ${iterations}`,
    );
  }
  let salt: Uint8Array;
  if (options.salt === undefined) salt = randomBytes(16);
  else {
    const decoded = decodeBase64(options.salt);
    if (!decoded.ok || decoded.value.length < 16) throw new RangeError('The vault salt must be base64 of at least 16 bytes');
    salt = decoded.value;
  }
  const material = await subtle().importKey('raw', bytes(utf8Encode(passphrase)), 'PBKDF2', false, ['deriveBits']);
  const bits = new Uint8Array(await subtle().deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: bytes(salt), iterations }, material, 512));
  const base = await subtle().importKey('raw', bits.slice(0, 32), 'HKDF', false, ['deriveKey']);
  return {
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: encodeBase64(salt) },
    check: encodeBase64(bits.slice(32, 48)),
    base,
  };
}

function writeKey(base: CryptoKey, salt: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: bytes(salt), info: bytes(utf8Encode(HKDF_INFO)) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** The parameters as authenticated data: changing any of them breaks the tag. */
function associatedData(envelope: Omit<VaultSealedEnvelope, 'ciphertext'>): Uint8Array<ArrayBuffer> {
  const { format, version, kdf, subkey, cipher, check } = envelope;
  return bytes(
    utf8Encode(
      JSON.stringify([format, version, kdf.name, kdf.hash, kdf.iterations, kdf.salt, subkey.name, subkey.hash, subkey.salt, cipher.name, cipher.iv, check]),
    ),
  );
}

/**
 * Why a passphrase is too weak to seal with, or undefined. Eight characters is a floor,
 * not advice: PBKDF2 slows guessing, it cannot make a short passphrase strong.
 */
export function vaultPassphraseProblem(passphrase: string): string | undefined {
  if (passphrase.length === 0) return 'Enter a passphrase.';
  if ([...passphrase].length < 8) return 'Use at least 8 characters; a passphrase of several words is stronger.';
  return undefined;
}

/**
 * Seals `value` (anything `JSON.stringify` accepts) under an unlocked key, with a new
 * random HKDF salt and IV for this write.
 */
export async function sealVaultJson(value: unknown, key: VaultSealingKey): Promise<VaultSealedEnvelope> {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('sealVaultJson: the value has no JSON form');
  const subSalt = randomBytes(16);
  const iv = randomBytes(12);
  const header: Omit<VaultSealedEnvelope, 'ciphertext'> = {
    format: VAULT_SEAL_FORMAT,
    version: 1,
    kdf: { ...key.kdf },
    subkey: { name: 'HKDF', hash: 'SHA-256', salt: encodeBase64(subSalt) },
    cipher: { name: 'AES-GCM', iv: encodeBase64(iv) },
    check: key.check,
  };
  const aes = await writeKey(key.base, subSalt, 'encrypt');
  const sealed = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: associatedData(header), tagLength: 128 }, aes, bytes(utf8Encode(json)));
  return { ...header, ciphertext: encodeBase64(new Uint8Array(sealed)) };
}

function formatError(field: string, message: string) {
  return fail({ kind: 'vault-seal-format', field, message: `The stored vault is damaged or not a Wirebench vault: ${message}` });
}

function readBase64(value: unknown, field: string, length?: number): Result<Uint8Array> {
  if (typeof value !== 'string') return formatError(field, `${field} is missing.`);
  const decoded = decodeBase64(value);
  if (!decoded.ok) return formatError(field, `${field} is not base64 (${decoded.error.message}).`);
  if (length !== undefined && decoded.value.length !== length) return formatError(field, `${field} has ${decoded.value.length} bytes, not ${length}.`);
  return ok(decoded.value);
}

/** Checks that `value` has the shape of an envelope, naming the first field that is wrong. */
export function readVaultEnvelope(value: unknown): Result<VaultSealedEnvelope> {
  if (typeof value !== 'object' || value === null) return formatError('envelope', 'the record is not an object.');
  const e = value as Partial<VaultSealedEnvelope>;
  if (e.format !== VAULT_SEAL_FORMAT) return formatError('format', `format is ${JSON.stringify(e.format)}, not "${VAULT_SEAL_FORMAT}".`);
  if (e.version !== 1) return formatError('version', `version ${JSON.stringify(e.version)} is not one this Wirebench can open.`);
  if (e.kdf?.name !== 'PBKDF2' || e.kdf.hash !== 'SHA-256') return formatError('kdf', 'the key derivation is not PBKDF2-SHA256.');
  if (typeof e.kdf.iterations !== 'number' || !Number.isInteger(e.kdf.iterations)) return formatError('kdf.iterations', 'the iteration count is missing.');
  if (e.subkey?.name !== 'HKDF' || e.subkey.hash !== 'SHA-256') return formatError('subkey', 'the per-write key derivation is not HKDF-SHA256.');
  if (e.cipher?.name !== 'AES-GCM') return formatError('cipher', 'the cipher is not AES-GCM.');
  for (const [field, raw, length] of [
    ['kdf.salt', e.kdf.salt, undefined],
    ['subkey.salt', e.subkey.salt, 16],
    ['cipher.iv', e.cipher.iv, 12],
    ['check', e.check, 16],
    ['ciphertext', e.ciphertext, undefined],
  ] as const) {
    const decoded = readBase64(raw, field, length);
    if (!decoded.ok) return decoded;
  }
  const salt = decodeBase64(e.kdf.salt!);
  if (salt.ok && salt.value.length < 16) return formatError('kdf.salt', `kdf.salt has ${salt.value.length} bytes, fewer than 16.`);
  return ok(e as VaultSealedEnvelope);
}

/** What opening gives: the value, and the key to seal later writes with. */
export interface OpenedVault {
  value: unknown;
  key: VaultSealingKey;
}

/**
 * Opens an envelope made by `sealVaultJson`. Fails with kind `vault-passphrase-wrong`
 * for a wrong passphrase, `vault-seal-tampered` when the ciphertext or its parameters
 * were altered, `vault-seal-weak` when the envelope asks for less key-derivation work than
 * the minimum (a downgrade), and `vault-seal-format` for anything that is not an envelope.
 */
export async function openVaultJson(envelope: unknown, passphrase: string): Promise<Result<OpenedVault>> {
  const read = readVaultEnvelope(envelope);
  if (!read.ok) return read;
  const e = read.value;
  if (e.kdf.iterations < VAULT_MIN_PBKDF2_ITERATIONS) {
    return fail({
      kind: 'vault-seal-weak',
      field: 'kdf.iterations',
      message: `The stored vault asks for only ${e.kdf.iterations} PBKDF2 iterations (at least ${VAULT_MIN_PBKDF2_ITERATIONS} are required); it was altered or made by something else, so it is not opened.`,
    });
  }
  if (e.kdf.iterations > VAULT_MAX_PBKDF2_ITERATIONS) {
    return fail({ kind: 'vault-seal-format', field: 'kdf.iterations', message: `The stored vault asks for ${e.kdf.iterations} PBKDF2 iterations, more than this page will run.` });
  }
  if (passphrase === '') return fail({ kind: 'vault-passphrase-wrong', field: 'passphrase', message: 'Enter the passphrase of this vault.' });
  const key = await deriveVaultSealingKey(passphrase, { iterations: e.kdf.iterations, salt: e.kdf.salt });
  if (!sameBase64Bytes(key.check, e.check)) {
    return fail({ kind: 'vault-passphrase-wrong', field: 'passphrase', message: 'That passphrase does not open this vault.' });
  }
  const value = await decryptEnvelope(e, key);
  return value.ok ? ok({ value: value.value, key }) : value;
}

/**
 * Opens an envelope with a key already unlocked, without the passphrase or a PBKDF2 run:
 * how an open vault re-reads what another tab of the same vault sealed meanwhile. Fails
 * with kind `vault-key-mismatch` when the envelope was sealed under another passphrase or
 * vault salt (the vault was forgotten and made anew elsewhere), `vault-seal-tampered` and
 * `vault-seal-format` as `openVaultJson` does.
 */
export async function openVaultJsonWithKey(envelope: unknown, key: VaultSealingKey): Promise<Result<unknown>> {
  const read = readVaultEnvelope(envelope);
  if (!read.ok) return read;
  const e = read.value;
  // The check value and salt identify the passphrase derivation: anything else is another vault.
  if (!sameBase64Bytes(e.kdf.salt, key.kdf.salt) || e.kdf.iterations !== key.kdf.iterations || !sameBase64Bytes(key.check, e.check)) {
    return fail({ kind: 'vault-key-mismatch', message: 'The stored vault is sealed under another passphrase than the one this vault was unlocked with.' });
  }
  return decryptEnvelope(e, key);
}

/** AES-GCM opening under the write's HKDF subkey; the key is known to match the envelope. */
async function decryptEnvelope(e: VaultSealedEnvelope, key: VaultSealingKey): Promise<Result<unknown>> {
  const subSalt = decodeBase64(e.subkey.salt);
  const iv = decodeBase64(e.cipher.iv);
  const ciphertext = decodeBase64(e.ciphertext);
  if (!subSalt.ok || !iv.ok || !ciphertext.ok) return formatError('envelope', 'a field is not base64.');
  let plain: ArrayBuffer;
  try {
    const aes = await writeKey(key.base, subSalt.value, 'decrypt');
    plain = await subtle().decrypt({ name: 'AES-GCM', iv: bytes(iv.value), additionalData: associatedData(e), tagLength: 128 }, aes, bytes(ciphertext.value));
  } catch {
    return fail({
      kind: 'vault-seal-tampered',
      message: 'The passphrase is right, but the stored vault was altered after it was sealed (its AES-GCM tag does not match), so it is not opened.',
    });
  }
  try {
    return ok(JSON.parse(utf8Decode(new Uint8Array(plain))) as unknown);
  } catch (error) {
    const fault: CoreError = { kind: 'vault-seal-format', message: `The opened vault is not JSON: ${(error as Error).message}` };
    return fail(fault);
  }
}

function sameBase64Bytes(a: string, b: string): boolean {
  const x = decodeBase64(a);
  const y = decodeBase64(b);
  if (!x.ok || !y.ok || x.value.length !== y.value.length) return false;
  let diff = 0;
  for (let i = 0; i < x.value.length; i++) diff |= x.value[i]! ^ y.value[i]!;
  return diff === 0;
}
