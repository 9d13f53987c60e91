/**
 * JSON Merge Patch (RFC 7396), the body of the sandbox's PATCH: members of the patch
 * replace members of the target, `null` removes one, objects merge recursively, anything
 * else (arrays included) replaces the target whole.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies `patch` to `target` and returns the result; neither input is changed. Member
 * names such as `__proto__` are kept as plain data, never as a prototype.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = {};
  if (isObject(target)) for (const [k, v] of Object.entries(target)) define(result, k, v);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete result[k];
    else define(result, k, applyMergePatch(Object.hasOwn(result, k) ? result[k] : undefined, v));
  }
  return result;
}

function define(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
