import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../encoding/base64';
import {
  VAULT_MIN_PBKDF2_ITERATIONS,
  deriveVaultSealingKey,
  openVaultJson,
  openVaultJsonWithKey,
  readVaultEnvelope,
  sealVaultJson,
  vaultPassphraseProblem,
  type VaultSealedEnvelope,
} from './sealing';

const secrets = { entries: [{ id: 'e1', clientSecret: 'demo-secret', refreshToken: 'rt-4f9a0c' }] };
const passphrase = 'correct horse battery staple';

// One key and one seal shared by the tests: PBKDF2 at 600,000 iterations is deliberately slow.
const key = deriveVaultSealingKey(passphrase);
const sealed: Promise<VaultSealedEnvelope> = key.then((k) => sealVaultJson(secrets, k));

function flipFirstByte(b64: string): string {
  const decoded = decodeBase64(b64);
  if (!decoded.ok) throw new Error('fixture is not base64');
  const bytes = decoded.value.slice();
  bytes[0] = bytes[0]! ^ 0x01;
  return encodeBase64(bytes);
}

describe('sealVaultJson / openVaultJson', () => {
  it('opens what it sealed with the same passphrase, and gives the key for later writes', async () => {
    const opened = await openVaultJson(await sealed, passphrase);
    expect(opened.ok && opened.value.value).toEqual(secrets);
    if (!opened.ok) return;
    const rewritten = await sealVaultJson({ n: 2 }, opened.value.key);
    const reopened = await openVaultJson(rewritten, passphrase);
    expect(reopened.ok && reopened.value.value).toEqual({ n: 2 });
  }, 30_000);

  it('writes the parameters beside the ciphertext and no plaintext', async () => {
    const envelope = await sealed;
    expect(envelope.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: VAULT_MIN_PBKDF2_ITERATIONS });
    expect(envelope.subkey).toMatchObject({ name: 'HKDF', hash: 'SHA-256' });
    expect(envelope.cipher.name).toBe('AES-GCM');
    const text = JSON.stringify(envelope);
    for (const secret of ['demo-secret', 'rt-4f9a0c', 'clientSecret', passphrase]) expect(text).not.toContain(secret);
  }, 20_000);

  it('draws a new per-write salt and IV for every seal under the same key', async () => {
    const again = await sealVaultJson(secrets, await key);
    const first = await sealed;
    expect(again.kdf.salt).toBe(first.kdf.salt);
    expect(again.subkey.salt).not.toBe(first.subkey.salt);
    expect(again.cipher.iv).not.toBe(first.cipher.iv);
    expect(again.ciphertext).not.toBe(first.ciphertext);
  }, 20_000);

  it('draws a new vault salt for every new passphrase key', async () => {
    const other = await deriveVaultSealingKey(passphrase);
    expect(other.kdf.salt).not.toBe((await key).kdf.salt);
    expect(other.check).not.toBe((await key).check);
  }, 20_000);

  it('says plainly that a wrong passphrase does not open the vault', async () => {
    const result = await openVaultJson(await sealed, 'Correct horse battery staple');
    expect(result).toMatchObject({ ok: false, error: { kind: 'vault-passphrase-wrong', message: 'That passphrase does not open this vault.' } });
  }, 20_000);

  it.each([
    ['ciphertext', (e: VaultSealedEnvelope) => ({ ...e, ciphertext: flipFirstByte(e.ciphertext) })],
    ['IV', (e: VaultSealedEnvelope) => ({ ...e, cipher: { ...e.cipher, iv: flipFirstByte(e.cipher.iv) } })],
    ['per-write salt', (e: VaultSealedEnvelope) => ({ ...e, subkey: { ...e.subkey, salt: flipFirstByte(e.subkey.salt) } })],
  ])('detects an altered %s as tampering', async (_what, alter) => {
    const result = await openVaultJson(alter(await sealed), passphrase);
    expect(!result.ok && result.error.kind).toBe('vault-seal-tampered');
  }, 20_000);

  it('refuses an envelope lowered below the minimum work instead of running it', async () => {
    const envelope = await sealed;
    const result = await openVaultJson({ ...envelope, kdf: { ...envelope.kdf, iterations: 1000 } }, passphrase);
    expect(result).toMatchObject({ ok: false, error: { kind: 'vault-seal-weak', field: 'kdf.iterations' } });
  }, 20_000);

  it('refuses to derive with less work than the minimum or with no passphrase', async () => {
    await expect(deriveVaultSealingKey(passphrase, { iterations: 100_000 })).rejects.toThrow(RangeError);
    await expect(deriveVaultSealingKey('')).rejects.toThrow(/non-empty passphrase/);
    await expect(deriveVaultSealingKey(passphrase, { salt: 'AAAA' })).rejects.toThrow(/at least 16 bytes/);
  });
});

describe('openVaultJsonWithKey', () => {
  it('opens a later write with the key an unlock gave, without the passphrase', async () => {
    const opened = await openVaultJson(await sealed, passphrase);
    if (!opened.ok) throw new Error('fixture does not open');
    const laterWrite = await sealVaultJson({ rotations: 3 }, await key);
    expect(await openVaultJsonWithKey(laterWrite, opened.value.key)).toEqual({ ok: true, value: { rotations: 3 } });
  }, 30_000);

  it('refuses an envelope sealed under another passphrase derivation', async () => {
    const other = await deriveVaultSealingKey(passphrase);
    const result = await openVaultJsonWithKey(await sealed, other);
    expect(result).toMatchObject({ ok: false, error: { kind: 'vault-key-mismatch' } });
  }, 20_000);

  it('detects tampering and a damaged envelope as opening with the passphrase does', async () => {
    const envelope = await sealed;
    const tampered = await openVaultJsonWithKey({ ...envelope, ciphertext: flipFirstByte(envelope.ciphertext) }, await key);
    expect(!tampered.ok && tampered.error.kind).toBe('vault-seal-tampered');
    const damaged = await openVaultJsonWithKey({ ...envelope, format: 'other' }, await key);
    expect(damaged).toMatchObject({ ok: false, error: { kind: 'vault-seal-format', field: 'format' } });
  }, 20_000);
});

describe('readVaultEnvelope', () => {
  it('names the first field that is wrong', async () => {
    const envelope = await sealed;
    expect(readVaultEnvelope('nope')).toMatchObject({ ok: false, error: { kind: 'vault-seal-format', field: 'envelope' } });
    expect(readVaultEnvelope({ ...envelope, format: 'other' })).toMatchObject({ ok: false, error: { field: 'format' } });
    expect(readVaultEnvelope({ ...envelope, version: 2 })).toMatchObject({ ok: false, error: { field: 'version' } });
    expect(readVaultEnvelope({ ...envelope, subkey: undefined })).toMatchObject({ ok: false, error: { field: 'subkey' } });
    expect(readVaultEnvelope({ ...envelope, cipher: { name: 'AES-GCM', iv: 'AAAA' } })).toMatchObject({ ok: false, error: { field: 'cipher.iv' } });
    expect(readVaultEnvelope({ ...envelope, ciphertext: '**' })).toMatchObject({ ok: false, error: { field: 'ciphertext' } });
    expect(readVaultEnvelope(envelope).ok).toBe(true);
  }, 20_000);
});

describe('vaultPassphraseProblem', () => {
  it('asks for at least 8 characters', () => {
    expect(vaultPassphraseProblem('')).toBe('Enter a passphrase.');
    expect(vaultPassphraseProblem('short')).toMatch(/at least 8/);
    expect(vaultPassphraseProblem('eight ch')).toBeUndefined();
  });
});
