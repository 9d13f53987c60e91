/**
 * Which bodies history checks as text, and up to what size: on their own, for the inspector
 * on the first screen (a restored response), without the masking that only a recording needs.
 */

/** Text bodies up to this size are checked and masked before they are stored. */
export const HISTORY_MASK_LIMIT = 16 * 1024 * 1024;

/** Whether history reads a body of this Content-Type as text (and so must check it before storing). */
export function isTextualType(contentType: string): boolean {
  return /^(text\/|application\/([\w.+-]*\+)?(json|xml|x-www-form-urlencoded|javascript|graphql))|^$/i.test(contentType.split(';')[0]!.trim());
}
