/**
 * Insomnia's template tags and Wirebench variables, both ways. Insomnia renders text with
 * Nunjucks: `{{ _.name }}` (or the older `{{ name }}`, or `{{ _['a-b'] }}`) reads an
 * environment variable, which is Wirebench's `{{name}}`; `{% … %}` tags (`response`,
 * `uuid`, `now`, `prompt`, `base64`…) and filtered expressions run Insomnia's plugins,
 * which Wirebench has not, so they are kept as written and named in a warning.
 */

/** `{{ _.name }}`, `{{ _.a.b }}`, `{{ name }}` and `{{ _['a-b'] }}` / `{{ _["a b"] }}`. */
const VARIABLE_TAG = /\{\{\s*(?:_\.)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\}\}|\{\{\s*_\[\s*(?:'([^'{}\r\n]+)'|"([^"{}\r\n]+)")\s*\]\s*\}\}/g;
/** Insomnia's vault (secret) variables are read as `{{ vault.name }}`; the import keeps them as plain secret variables. */
const VAULT_PREFIX = /^(vault|__insomnia_vault)\./;
/** The keys of an environment's data that hold its vault (secret) variables, encrypted with the Insomnia vault key. */
export const INSOMNIA_VAULT_KEYS: readonly string[] = ['vault', '__insomnia_vault'];
/** Any `{% tag … %}`: its first word names it. */
const BLOCK_TAG = /\{%-?\s*([A-Za-z_][\w]*)[^%]*?-?%\}/g;
/** A `{{ … }}` left after the variables were read: an expression, a filter, a call. */
const OTHER_EXPRESSION = /\{\{(?!\{)([^{}]*?)\}\}/g;

/** What reading one text found that Wirebench cannot run: tag names and expressions, as written. */
export interface TemplateFindings {
  /** `{% name … %}` tags by name (`response`, `uuid`…). */
  tags: string[];
  /** `{{ … }}` expressions that are not a plain variable (`{{ _.a | upper }}`). */
  expressions: string[];
}

/**
 * Insomnia's tags that have a Wirebench dynamic variable of the same meaning: a v4 UUID, the
 * Unix time in seconds, the ISO 8601 time. Each with the tag Insomnia's "now" and "uuid"
 * template tags write, for the export.
 */
const DYNAMIC_TAGS: readonly { tag: RegExp; variable: string; written: string }[] = [
  { tag: /\{%-?\s*uuid\s*(?:(['"])v4\1\s*)?-?%\}/g, variable: '$guid', written: "{% uuid 'v4' %}" },
  { tag: /\{%-?\s*now\s*(['"])unix\1\s*(?:,\s*(['"])\2\s*)?-?%\}/g, variable: '$timestamp', written: "{% now 'unix', '' %}" },
  { tag: /\{%-?\s*now\s*(['"])iso-8601\1\s*(?:,\s*(['"])\2\s*)?-?%\}/g, variable: '$isoTimestamp', written: "{% now 'iso-8601', '' %}" },
];
/** Dynamic variables written back as Insomnia tags (`$randomUUID` is a v4 UUID too). */
const TAG_OF_VARIABLE: Readonly<Record<string, string>> = { $guid: "{% uuid 'v4' %}", $randomUUID: "{% uuid 'v4' %}", $timestamp: "{% now 'unix', '' %}", $isoTimestamp: "{% now 'iso-8601', '' %}" };

/**
 * Insomnia text with its variable tags written as Wirebench `{{name}}` (an `_.` path keeps
 * its dots: `{{ _.api.host }}` is `{{api.host}}`, the name the flattened environment
 * gives it), and `{% uuid 'v4' %}`, `{% now 'unix' %}`, `{% now 'iso-8601' %}` as the
 * dynamic variables `{{$guid}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`. Other tags and
 * expressions stay as written and are listed in `found`.
 */
export function templatesFromInsomnia(text: string, found?: TemplateFindings): string {
  if (!text.includes('{')) return text;
  let dynamic = text;
  for (const { tag, variable } of DYNAMIC_TAGS) dynamic = dynamic.replace(tag, `{{${variable}}}`);
  const converted = dynamic.replace(VARIABLE_TAG, (_whole, dotted: string | undefined, single: string | undefined, double: string | undefined) => `{{${(dotted ?? single ?? double)!.replace(VAULT_PREFIX, '')}}}`);
  if (found) {
    for (const match of converted.matchAll(BLOCK_TAG)) if (!found.tags.includes(match[1]!)) found.tags.push(match[1]!);
    for (const match of converted.matchAll(OTHER_EXPRESSION)) {
      const inner = match[1]!.trim();
      // A Wirebench `{{name}}` written just above is a plain name (letters, digits, _ . $ - and spaces inside a bracket name).
      if (/^[^|()+*/<>=!'"]+$/.test(inner) && !/\s/.test(inner)) continue;
      if (!found.expressions.includes(match[0])) found.expressions.push(match[0]);
    }
  }
  return converted;
}

/** The sentence a warning gives for what `templatesFromInsomnia` found, or undefined when nothing. */
export function describeFindings(found: TemplateFindings): string | undefined {
  const parts: string[] = [];
  if (found.tags.length > 0) parts.push(`the Insomnia template tag${found.tags.length === 1 ? '' : 's'} ${found.tags.map((t) => `{% ${t} %}`).join(', ')}`);
  if (found.expressions.length > 0) parts.push(`the template expression${found.expressions.length === 1 ? '' : 's'} ${found.expressions.join(', ')}`);
  if (parts.length === 0) return undefined;
  return `${parts.join(' and ')} ${found.tags.length + found.expressions.length === 1 ? 'is' : 'are'} kept as text (Wirebench does not run Insomnia's tags): replace ${found.tags.length + found.expressions.length === 1 ? 'it' : 'them'} with a {{variable}} or a script before sending`;
}

/** Wirebench `{{name}}` references (dynamic `{{$…}}` ones aside). */
const WIREBENCH_VARIABLE = /\{\{[ \t]*([^{}\r\n$][^{}\r\n]*?)[ \t]*\}\}/g;

/**
 * Wirebench text with its `{{name}}` variables written as Insomnia reads them: `{{ _.name }}`
 * for a name Nunjucks can follow (letters, digits, `_`, `$`, dots between parts), else
 * `{{ _['name'] }}`. `{{$guid}}`, `{{$randomUUID}}`, `{{$timestamp}}` and `{{$isoTimestamp}}`
 * become Insomnia's `uuid` and `now` tags; other dynamic variables are left as written and
 * listed in `dynamic`, for the export's warnings.
 */
export function templatesToInsomnia(text: string, dynamic?: string[]): string {
  if (!text.includes('{{')) return text;
  const tagged = text.replace(/\{\{[ \t]*(\$[^{}\r\n]+?)[ \t]*\}\}/g, (whole, name: string) => {
    const tag = TAG_OF_VARIABLE[name];
    if (tag) return tag;
    if (dynamic && !dynamic.includes(name)) dynamic.push(name);
    return whole;
  });
  return tagged.replace(WIREBENCH_VARIABLE, (whole, name: string) => {
    // An Insomnia expression kept from an import (`{{ _.title | upper }}`) goes back as it came.
    if (/^_[.[]|[|()'"]/.test(name)) return whole;
    return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(name) ? `{{ _.${name} }}` : `{{ _['${name.replace(/\\/g, '\\\\')}'] }}`;
  });
}
