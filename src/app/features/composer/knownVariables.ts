/**
 * Variables the run knows (issue 27 item 5): besides the environment's and the collection's,
 * the page's run variables (values captured by a request's Checks, `pm.variables` and
 * `pm.globals` set by scripts: `runValues`) resolve like any other, and names this request's
 * own pre-request scripts set are known too — their value is only made when the request is
 * sent, so the preview says so instead of calling them unresolved. Dynamic variables
 * (`{{$guid}}`…) are known by core's list.
 */
import type { RequestChecks } from '../checks/checksModel';

const SETTER = /\bpm\s*\.\s*(?:variables|environment|collectionVariables|globals)\s*\.\s*set\s*\(\s*(['"`])([^'"`\r\n]+)\1/g;
const OLD_SETTER = /\bpostman\s*\.\s*set(?:Environment|Global)Variable\s*\(\s*(['"`])([^'"`\r\n]+)\1/g;

/** Names the request's pre-request scripts set with a literal name (`pm.variables.set('ts', …)`), in order. */
export function scriptSetNames(checks: Pick<RequestChecks, 'scripts'>): string[] {
  const names = new Set<string>();
  for (const script of checks.scripts) {
    if (script.phase !== 'pre-request' || !script.text) continue;
    for (const pattern of [SETTER, OLD_SETTER]) for (const match of script.text.matchAll(pattern)) names.add(match[2]!.trim());
  }
  return [...names].filter((name) => name !== '');
}

const VARIABLE = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;

/** The run variables (captured, or set by a script) `draft` names, in the order first named. */
export function runVariablesUsed(draft: unknown, runValues: Readonly<Record<string, string>>): string[] {
  const names = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.includes('{{')) for (const match of value.matchAll(VARIABLE)) if (Object.prototype.hasOwnProperty.call(runValues, match[1]!)) names.add(match[1]!);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(draft);
  return [...names];
}

/** `text` with the values of the secret run variables (`names`) masked, longest first. */
export function maskRunSecrets(text: string, runValues: Readonly<Record<string, string>>, names: readonly string[], mask: (value: string) => string): string {
  const values = names.map((n) => runValues[n]).filter((v): v is string => v !== undefined && v.length >= 4).sort((a, b) => b.length - a.length);
  let out = text;
  for (const value of values) if (out.includes(value)) out = out.split(value).join(mask(value));
  return out;
}
