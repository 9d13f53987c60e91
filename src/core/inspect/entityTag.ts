/**
 * Entity tags (RFC 9110 §8.8.3): `"xyzzy"` or `W/"xyzzy"`. Read so the inspector can say
 * whether a tag is strong or weak, which conditional headers can use it, and when a server
 * sent one that clients cannot echo back because it is not quoted.
 */
import type { CoreError, Result } from '../types';
import { fail, ok, positionAt } from '../types';

/** A parsed entity tag. `opaque` is the text between the quotes. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

/** Parses one entity-tag; fails with the position of the first character that breaks the grammar. */
export function parseEntityTag(value: string): Result<EntityTag, CoreError> {
  if (typeof value !== 'string') throw new TypeError(`parseEntityTag expects a string, got ${typeof value}`);
  const lead = value.length - value.trimStart().length;
  const text = value.trim();
  const weak = text.startsWith('W/');
  const start = weak ? 2 : 0;
  if (text[start] !== '"') {
    return fail({
      kind: 'etag-syntax',
      message: `An entity tag must be a quoted string${weak ? ' after W/' : ''} (e.g. "abc" or W/"abc"); found ${JSON.stringify(text[start] ?? 'the end')} at column ${lead + start + 1}`,
      position: positionAt(value, Math.min(value.length, lead + start)),
    });
  }
  const close = text.indexOf('"', start + 1);
  if (close < 0) {
    return fail({ kind: 'etag-syntax', message: 'The entity tag\u2019s closing quote is missing', position: positionAt(value, value.length) });
  }
  if (close !== text.length - 1) {
    return fail({
      kind: 'etag-syntax',
      message: `Unexpected text after the entity tag at column ${lead + close + 2}`,
      position: positionAt(value, lead + close + 1),
    });
  }
  const opaque = text.slice(start + 1, close);
  for (let i = 0; i < opaque.length; i++) {
    const c = opaque.charCodeAt(i);
    // etagc = %x21 / %x23-7E / obs-text: no spaces, controls or DEL inside the quotes.
    if (c <= 0x20 || c === 0x7f) {
      return fail({
        kind: 'etag-syntax',
        message: `Character U+${c.toString(16).toUpperCase().padStart(4, '0')} is not allowed inside an entity tag (column ${lead + start + 2 + i})`,
        position: positionAt(value, lead + start + 1 + i),
      });
    }
  }
  return ok({ weak, opaque });
}
