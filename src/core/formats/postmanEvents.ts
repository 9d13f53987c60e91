/**
 * The scripts of a Postman item's `event`: which ones Postman runs, before or after the
 * request, read as leniently as Postman's SDK reads them, each one left out named.
 */
import type { RequestScript } from '../workspace';
import { postmanEventSchema } from './postmanSchema';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A script's text: Postman's `script` is an object with `exec` (lines or one string), or itself a string or lines. */
function scriptText(script: unknown): string | undefined {
  const lines = (exec: unknown): string | undefined => (typeof exec === 'string' ? exec : Array.isArray(exec) ? exec.map((line) => (typeof line === 'string' ? line : '')).join('\n') : undefined);
  if (isObject(script)) return lines(script.exec) ?? '';
  return lines(script);
}

/**
 * The enabled scripts of an `event` list, before and after the request. `event` may be one
 * event object instead of a list, and a script its lines or one string, as Postman's SDK
 * reads them; blank scripts (Postman writes `[""]` for an emptied editor) and disabled ones
 * are not kept, since Postman does not run them. An event that cannot be read is named in a
 * warning, never dropped silently: a test script lost without a word is a run that passes
 * for the wrong reason.
 */
export function scriptsOf(event: unknown, where: string, warnings: string[]): { before: RequestScript[]; after: RequestScript[] } {
  const out = { before: [] as RequestScript[], after: [] as RequestScript[] };
  if (event === undefined || event === null) return out;
  const list = Array.isArray(event) ? event : isObject(event) ? [event] : undefined;
  if (!list) {
    warnings.push(`${where}: "event" is ${typeof event === 'string' ? 'a string' : `a ${typeof event}`}, not an event or a list of them, so its scripts were left out.`);
    return out;
  }
  list.forEach((entry, index) => {
    const at = list.length > 1 || Array.isArray(event) ? `event[${index}]` : 'event';
    const parsed = postmanEventSchema.safeParse(entry);
    if (!parsed.success) {
      warnings.push(`${where}: ${at} is not an event Postman reads (${isObject(entry) ? 'a field has the wrong type' : 'not an object'}), so it was left out.`);
      return;
    }
    if (parsed.data.disabled) return;
    const listen = parsed.data.listen;
    if (isObject(parsed.data.script) && typeof parsed.data.script.src === 'string' && parsed.data.script.exec === undefined) {
      warnings.push(`${where}: the ${listen ?? ''} script of ${at} is the file "${parsed.data.script.src}", which is not read; it was left out.`);
      return;
    }
    const text = scriptText(parsed.data.script);
    if (text === undefined) {
      warnings.push(`${where}: the script of ${at} is neither code nor lines of code, so it was left out.`);
      return;
    }
    if (text.trim() === '') return;
    if (listen !== 'prerequest' && listen !== 'test') {
      warnings.push(`${where}: ${at} listens to "${listen ?? '(nothing)'}"; Postman runs only "prerequest" and "test" scripts, so it was left out.`);
      return;
    }
    const script: RequestScript = { phase: listen === 'prerequest' ? 'pre-request' : 'post-response', dialect: 'postman', text };
    if (listen === 'prerequest') out.before.push(script);
    else out.after.push(script);
  });
  return out;
}
