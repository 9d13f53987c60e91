/**
 * A response body as history stores it: decoded as UTF-8 text and passed through core's
 * `maskResponseBody` (token members, credential-shaped values, secrets the request
 * carried), unless the person chose to keep bodies verbatim. Binary bodies are kept as
 * they are; text bodies too large to check are not kept at all (the entry says so by
 * having no body), since an unchecked copy could hold a live token.
 */
import { maskFor, maskResponseBody, sessionSecrets } from '../../../core';

import { HISTORY_MASK_LIMIT, isTextualType } from './historyBodyKinds';

export { HISTORY_MASK_LIMIT, isTextualType };

/** The body to store, or `too-large` when it is text that cannot be checked within the limit. */
export async function maskedHistoryBody(body: Blob, contentType: string, carried: readonly string[]): Promise<Blob | 'too-large'> {
  if (body.size === 0) return body;
  const textual = isTextualType(contentType);
  if (body.size > HISTORY_MASK_LIMIT) return textual ? 'too-large' : body;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await body.arrayBuffer());
  } catch {
    return body;
  }
  const masked = maskResponseBody(text, contentType, carried).text;
  // Then the session's ledger in one pass (a token a script stored or a vault token, in any form it is encoded in); JSON stays valid, the wording has no quote.
  const out = sessionSecrets.size > 0 ? sessionSecrets.mask(masked, () => maskFor('a secret')) : masked;
  return out !== text ? new Blob([out], { type: body.type }) : body;
}
