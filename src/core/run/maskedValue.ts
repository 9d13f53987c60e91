/**
 * A secret's stand-in, on its own so the composer's What will be sent can mask run secrets
 * without loading the capture machinery (JSONPath, XPath, I-Regexp) on the first screen.
 */

/** A secret's stand-in: its length, never a character of it. */
export function maskedValue(value: string): string {
  const length = [...value].length;
  return `•••• (secret, ${length} character${length === 1 ? '' : 's'})`;
}
