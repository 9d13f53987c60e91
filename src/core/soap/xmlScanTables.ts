/**
 * The reusable tables of the XML scanner (`xmlScanner.ts`): the names of a document, each
 * made once, and the scratch lists a tree's children and attributes are collected in.
 */
import { keepLayouts } from './layoutAnchors';

/** A qualified name split once: its prefix (`''` for none) and local part. */
export interface SplitName {
  prefix: string;
  local: string;
}

/**
 * The names of one document, each sliced once. A WSDL repeats a few dozen tag and
 * attribute names hundreds of thousands of times; reading each as the string already made
 * (matched by a hash computed while scanning it) saves those allocations — and the
 * garbage collections they cost — and splits each name at its colon only once.
 */
export class NameTable {
  private keys: Array<string | undefined> = new Array(512);
  private splits: Array<SplitName | undefined> = new Array(512);
  private count = 0;

  /** The slot of the name at `text[from, to)` (whose hash `readName` computed), adding it when new. */
  slot(text: string, from: number, to: number, hash: number): number {
    const length = to - from;
    for (;;) {
      const mask = this.keys.length - 1;
      for (let i = spread(hash) & mask; ; i = (i + 1) & mask) {
        const key = this.keys[i];
        if (key === undefined) {
          if ((this.count + 1) * 2 > this.keys.length) {
            this.grow();
            break;
          }
          // A schema has a few dozen names; a document with tens of thousands (one element with
          // 60,000 distinct attributes) would spend most of its time in the engine's string table.
          this.keys[i] = this.count < INTERNALIZE_NAMES ? internalize(text.slice(from, to)) : text.slice(from, to);
          this.count++;
          return i;
        }
        if (key.length === length && sameChars(key, text, from)) return i;
      }
    }
  }

  name(slot: number): string {
    return this.keys[slot] as string;
  }

  /** The name in `slot` split at its colon, worked out once. */
  split(slot: number): SplitName {
    let split = this.splits[slot];
    if (split === undefined) {
      split = splitName(this.keys[slot] as string, this.count < INTERNALIZE_NAMES);
      this.splits[slot] = split;
    }
    return split;
  }

  private grow(): void {
    const keys = this.keys;
    const splits = this.splits;
    this.keys = new Array(keys.length * 2);
    this.splits = new Array(keys.length * 2);
    const mask = this.keys.length - 1;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      if (key === undefined) continue;
      let i = spread(nameHash(key)) & mask;
      while (this.keys[i] !== undefined) i = (i + 1) & mask;
      this.keys[i] = key;
      this.splits[i] = splits[k];
    }
  }
}

/**
 * Mixes a name hash before it picks a slot. The multiply-by-31 hash of names that differ
 * only in their last characters (`a1`, `a2`, … on one element) lands in consecutive slots,
 * and linear probing through those runs made a document of many such names quadratic.
 */
function spread(hash: number): number {
  let h = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The hash `readName` computes while it scans a name. */
function nameHash(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return hash & 0x3fffffff;
}

// Names are short: comparing their characters beats a startsWith call into a long text.
function sameChars(key: string, text: string, from: number): boolean {
  for (let j = 0; j < key.length; j++) if (key.charCodeAt(j) !== text.charCodeAt(from + j)) return false;
  return true;
}

function splitName(name: string, unique: boolean): SplitName {
  const colon = name.indexOf(':');
  if (colon < 0) return { prefix: '', local: name };
  const prefix = name.slice(0, colon);
  const local = name.slice(colon + 1);
  return unique ? { prefix: internalize(prefix), local: internalize(local) } : { prefix, local };
}

/** Names of one document made unique copies of; past this many, names are kept as sliced. */
const INTERNALIZE_NAMES = 4096;

/**
 * The same text as the engine's unique copy of it (the one it keeps for property names
 * and literals). Names and namespaces of a tree are compared with literals all the time
 * (`child.local === 'element' && child.ns === XSD_NS`); two unique copies compare by
 * identity, while a sliced copy is compared character by character. Done once per
 * distinct name and namespace declaration, so it costs next to nothing.
 */
export function internalize(text: string): string {
  const known = internalized.get(text);
  if (known !== undefined) return known;
  const holder: Record<string, true> = {};
  holder[text] = true;
  let unique = text;
  for (const key in holder) unique = key;
  // Descriptions share most of their names; the memo is bounded all the same.
  if (internalized.size >= MAX_INTERNALIZED) internalized.clear();
  internalized.set(unique, unique);
  return unique;
}

/** The unique copies made so far, shared by every document read (names repeat across them). */
const internalized = new Map<string, string>();
const MAX_INTERNALIZED = 20_000;

/**
 * A list that is filled, copied out at exactly its length, and filled again. Its backing
 * store is kept between uses (setting an array's length to 0 would free it, and pushing
 * would grow it again from nothing).
 */
export class ScratchList<T> {
  private readonly items: T[] = [];
  length = 0;

  push(item: T): void {
    this.items[this.length++] = item;
  }

  at(index: number): T {
    return this.items[index] as T;
  }

  /** The items as an array of their exact number; the list is empty afterwards. */
  take(): T[] {
    const copy = this.items.slice(0, this.length);
    this.length = 0;
    return copy;
  }
}

// One instance of each kept for the module's life, so optimised code survives full collections (see layoutAnchors.ts).
keepLayouts(new NameTable(), new ScratchList<unknown>());
