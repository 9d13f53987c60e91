/**
 * For the leak tests (issue 26, item 2): secrets planted with a random part unique to the
 * run, and a search of every byte the app or the CLI wrote for each of them in every form
 * a leak can take — as typed, percent-encoded (URI component and form encoding, either hex
 * case), inside Base64 or base64url at any alignment (a Basic header, a cookie, a blob),
 * escaped for JSON or HTML/XML, and cut short (the middle of the value without its ends,
 * which a mask showing only a prefix and suffix never writes). A hit names the kind of
 * secret, the form, the store or file, the byte offset and a snippet around it, so a
 * failure says what to fix. Test-only: no product code imports this folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A value planted by a test: what kind of secret it stands for, and the value. */
export interface PlantedSecret {
  /** What the value is, as a failure should say it ("form field client_secret", "Digest password"…). */
  kind: string;
  value: string;
}

/** One place to search: a store, file or stream, named as a failure should say it. */
export interface LeakStore {
  name: string;
  bytes: Buffer | string;
}

/** One form of a planted value, as searched. */
export interface LeakForm {
  form: string;
  text: string;
}

/** One leak: `kind`'s value, in `form`, found in `store` at byte `offset`. */
export interface LeakHit {
  kind: string;
  form: string;
  store: string;
  offset: number;
  /** The bytes around the hit, control characters escaped. */
  snippet: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits: the part of a planted value unique to this run. */
export function randomPart(length = 16): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** A planted secret; throws when the value is too short to be searched without chance hits. */
export function plant(kind: string, value: string): PlantedSecret {
  if (value.length < 16) throw new RangeError(`The planted ${kind} is ${value.length} characters long; at least 16 are needed to search for it without chance hits`);
  return { kind, value };
}

function toBase64Url(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Percent-encodes every byte outside `keep` (upper-case hex). */
function percentEncode(value: string, keep: RegExp): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && keep.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function htmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Every form `value` is searched in. Base64 is searched at its three alignments: the
 * encoding of the value's bytes from offset 0, 1 and 2 on, whole groups of three only, is
 * what any Base64 text holding the value contains, wherever in the encoded bytes it stood.
 */
export function leakForms(value: string): LeakForm[] {
  const forms: LeakForm[] = [{ form: 'as planted', text: value }];
  const add = (form: string, text: string) => {
    if (text.length >= 12 && !forms.some((f) => f.text === text)) forms.push({ form, text });
  };
  const component = percentEncode(value, /[A-Za-z0-9\-_.!~*'()]/);
  add('percent-encoded (URI component)', component);
  add('percent-encoded (URI component, lower-case hex)', component.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  add('percent-encoded (path, "+" kept)', percentEncode(value, /[A-Za-z0-9\-_.!~*'()+:@$,;=&]/));
  add('form-encoded (space as +)', new URLSearchParams({ v: value }).toString().slice(2));
  add('JSON string escape', JSON.stringify(value).slice(1, -1));
  add('HTML/XML escape', htmlEscape(value));
  const bytes = Buffer.from(value, 'utf8');
  for (let shift = 0; shift < 3; shift++) {
    const whole = Math.floor((bytes.length - shift) / 3) * 3;
    if (whole < 9) continue;
    const core = bytes.subarray(shift, shift + whole).toString('base64');
    add(`Base64 (alignment ${shift})`, core);
    add(`base64url (alignment ${shift})`, toBase64Url(core));
  }
  // A value cut short or masked badly: its middle without six characters at each end.
  if (value.length >= 24) add('truncated (middle of the value)', value.slice(6, -6));
  return forms;
}

function snippetAround(bytes: Buffer, offset: number, length: number): string {
  const from = Math.max(0, offset - 60);
  const to = Math.min(bytes.length, offset + length + 60);
  const text = bytes.subarray(from, to).toString('utf8').replace(/[\x00-\x1f\x7f]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return `${from > 0 ? '…' : ''}${text}${to < bytes.length ? '…' : ''}`;
}

/** Every occurrence of every form of every secret in every store (up to `perForm` offsets for one secret, form and store). */
export function findLeaks(secrets: readonly PlantedSecret[], stores: readonly LeakStore[], perForm = 3): LeakHit[] {
  const hits: LeakHit[] = [];
  const formsOf = secrets.map((s) => ({ secret: s, forms: leakForms(s.value) }));
  for (const store of stores) {
    const bytes = typeof store.bytes === 'string' ? Buffer.from(store.bytes, 'utf8') : store.bytes;
    for (const { secret, forms } of formsOf) {
      // A value found as planted is one leak, not also a truncated one at a later offset.
      const seen = new Set<number>();
      for (const { form, text } of forms) {
        const needle = Buffer.from(text, 'utf8');
        let found = 0;
        for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) {
          if ([...seen].some((s) => at >= s && at < s + secret.value.length + 16)) continue;
          seen.add(at);
          if (found++ < perForm) hits.push({ kind: secret.kind, form, store: store.name, offset: at, snippet: snippetAround(bytes, at, needle.length) });
        }
      }
    }
  }
  return hits;
}

/** A hit list as a report: one line per leak, grouped by store, then one line per kind × store (the summary an issue needs). */
export function describeLeaks(hits: readonly LeakHit[]): string {
  if (hits.length === 0) return 'No leaks.';
  const lines = hits.map((h) => `- ${h.kind} (${h.form}) in ${h.store} at byte ${h.offset}: ${h.snippet}`);
  const matrix = new Map<string, Set<string>>();
  for (const h of hits) (matrix.get(h.kind) ?? matrix.set(h.kind, new Set()).get(h.kind)!).add(h.store);
  const summary = [...matrix].map(([kind, stores]) => `  ${kind}: ${[...stores].join(', ')}`);
  return `${hits.length} leak${hits.length === 1 ? '' : 's'}:\n${lines.join('\n')}\n\nBy kind (where):\n${summary.join('\n')}`;
}

/** Every file under `dir` (hidden ones and links to files included), each a store named by its path relative to `label`. */
export function folderStores(dir: string, label = dir): LeakStore[] {
  const stores: LeakStore[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      const info = statSync(full, { throwIfNoEntry: false });
      if (!info) continue;
      if (info.isDirectory()) walk(full);
      else if (info.isFile()) stores.push({ name: `${label}/${path.relative(dir, full)}`, bytes: readFileSync(full) });
    }
  };
  walk(dir);
  return stores;
}

/** Files under `dir` written since `sinceMs` (a second's slack for coarse clocks), as stores; none when `dir` does not exist. */
export function changedFiles(dir: string, sinceMs: number, label = dir): LeakStore[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return folderStores(dir, label).filter((s) => statSync(path.join(dir, s.name.slice(label.length + 1))).mtimeMs >= sinceMs - 1000);
}

/**
 * Runs `start` with `TMPDIR` and `WIREBENCH_DATA_DIR` pointing at fresh folders under `root`, so
 * that a child process started there (a server) writes its temp and data files where a leak
 * test can search all of them; the variables are restored afterwards.
 */
export async function withOwnDataFolders<T>(root: string, start: () => Promise<T>): Promise<{ started: T; tmp: string; data: string }> {
  const tmp = path.join(root, 'tmp');
  const data = path.join(root, 'data');
  mkdirSync(tmp, { recursive: true });
  mkdirSync(data, { recursive: true });
  const saved = { TMPDIR: process.env.TMPDIR, WIREBENCH_DATA_DIR: process.env.WIREBENCH_DATA_DIR };
  process.env.TMPDIR = tmp;
  process.env.WIREBENCH_DATA_DIR = data;
  try {
    return { started: await start(), tmp, data };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
