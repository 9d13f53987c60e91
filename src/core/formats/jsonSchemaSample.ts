/**
 * A sample value for a JSON Schema (as OpenAPI 3.0 and 3.1 use it), so an imported
 * request has a body to start from. The schema's own example wins, then `examples`,
 * `default`, `const`, the first `enum` value, and finally a value of the first type
 * (formats give realistic strings). `$ref`s are followed within the document; a schema
 * that refers to itself stops at the second visit, depth is bounded (references and
 * compositions count as levels), `$ref` samples are memoised and a node budget caps the
 * work, so any schema gives a finite sample in time linear in the budget.
 */

/** Options of `sampleJsonSchema`. */
export interface SchemaSampleOptions {
  /** Resolves a `$ref` string to its schema, or undefined. */
  resolve?: (ref: string) => unknown;
  /**
   * The reference a schema object was dereferenced from (a document dereferenced in place
   * has no `$ref`s left, its recursions are object cycles): such a schema counts as a
   * visit of that reference, so recursion stops at the second visit as with `$ref`.
   */
  originOf?: (schema: object) => string | undefined;
  /** `request` leaves out readOnly properties, `response` writeOnly ones. Default `request`. */
  direction?: 'request' | 'response';
  /** Deepest nesting sampled; deeper values are left out. `$ref`, `allOf`, `oneOf` and `anyOf` count as levels too. Default 8. */
  maxDepth?: number;
  /** Most schema nodes visited for one sample; past it the rest is left out. Default 20,000. */
  maxNodes?: number;
}

/** Marks a value that must be left out (a recursion or depth cut). */
const OMIT: unique symbol = Symbol('omit');
type Sample = unknown | typeof OMIT;

const STRING_FORMATS: Readonly<Record<string, string>> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': '/example',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'ZXhhbXBsZQ==',
  binary: '',
  password: '',
  duration: 'P1D',
  regex: '.*',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(schema: Record<string, unknown>): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type.find((t) => t !== 'null') ?? type[0]) as string | undefined;
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function merge(samples: Sample[]): Sample {
  const kept = samples.filter((s) => s !== OMIT);
  if (kept.length === 0) return OMIT;
  if (kept.every(isObject)) return Object.assign({}, ...kept);
  return kept[kept.length - 1];
}

class Sampler {
  /** Nodes visited so far; the budget makes the work linear whatever the fan-out. */
  visited = 0;
  /** Samples of `$ref` targets by reference and depth: a schema referenced from many places is sampled once per level. */
  private readonly memo = new Map<string, Sample>();

  constructor(
    private readonly resolve: (ref: string) => unknown,
    private readonly direction: 'request' | 'response',
    private readonly maxDepth: number,
    private readonly maxNodes: number,
    private readonly originOf: (schema: object) => string | undefined = () => undefined,
  ) {}

  /** Set once the budget cut something off. */
  exhausted = false;

  sample(schema: unknown, depth: number, refs: readonly string[], named = false): Sample {
    if (depth > this.maxDepth) return OMIT;
    if (this.visited >= this.maxNodes) {
      this.exhausted = true;
      return OMIT;
    }
    this.visited++;
    if (schema === true || schema === undefined) return {};
    if (!isObject(schema)) return null;
    const origin = named ? undefined : this.originOf(schema);
    if (origin !== undefined) return refs.includes(origin) ? OMIT : this.sample(schema, depth + 1, [...refs, origin], true);
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (refs.includes(ref)) return OMIT;
      const { $ref: _ref, ...siblings } = schema;
      const plain = Object.keys(siblings).length === 0;
      const key = `${ref}\u0000${depth}`;
      if (plain && this.memo.has(key)) return this.memo.get(key);
      const target = this.resolve(ref);
      const merged = isObject(target) ? { ...target, ...siblings } : siblings;
      // Following a reference is a level: a chain or fan-out of references cannot go unbounded.
      const value = this.sample(merged, depth + 1, [...refs, ref]);
      if (plain) this.memo.set(key, value);
      return value;
    }
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if (schema.default !== undefined) return schema.default;
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    if (Array.isArray(schema.allOf)) {
      const { allOf, ...rest } = schema;
      return merge([...allOf.map((part) => this.sample(part, depth + 1, refs)), ...(Object.keys(rest).length > 0 ? [this.sample(rest, depth, refs)] : [])]);
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const choices = schema[key];
      if (Array.isArray(choices) && choices.length > 0) {
        const { [key]: _choices, ...rest } = schema;
        const chosen = this.sample(choices.find((c) => !(isObject(c) && c.type === 'null')) ?? choices[0], depth + 1, refs);
        return Object.keys(rest).some((k) => k === 'properties' || k === 'type') ? merge([this.sample(rest, depth, refs), chosen]) : chosen;
      }
    }
    switch (typeOf(schema)) {
      case 'object':
        return this.object(schema, depth, refs);
      case 'array': {
        const item = this.sample(schema.items, depth + 1, refs);
        return item === OMIT ? [] : [item];
      }
      case 'string':
        return typeof schema.format === 'string' ? (STRING_FORMATS[schema.format] ?? 'string') : 'string';
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0;
        return min;
      }
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return {};
    }
  }

  private object(schema: Record<string, unknown>, depth: number, refs: readonly string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [name, property] of Object.entries(properties)) {
      const resolved = isObject(property) && typeof property.$ref === 'string' ? this.resolve(property.$ref) : property;
      if (isObject(resolved) && ((this.direction === 'request' && resolved.readOnly === true) || (this.direction === 'response' && resolved.writeOnly === true))) continue;
      const value = this.sample(property, depth + 1, refs);
      if (value !== OMIT) out[name] = value;
    }
    if (Object.keys(properties).length === 0 && isObject(schema.additionalProperties)) {
      const value = this.sample(schema.additionalProperties, depth + 1, refs);
      if (value !== OMIT) out.key = value;
    }
    return out;
  }
}

/**
 * A sample value for `schema`. Never throws and always terminates: unresolvable `$ref`s
 * sample as `{}`, a recursive reference is left out on its second visit, and nesting
 * deeper than `maxDepth` is left out.
 */
export function sampleJsonSchema(schema: unknown, options: SchemaSampleOptions = {}): unknown {
  return sampleJsonSchemaCounted(schema, options).value;
}

/** `sampleJsonSchema` with what it cost: nodes visited, and whether the node budget cut the sample short. */
export function sampleJsonSchemaCounted(schema: unknown, options: SchemaSampleOptions = {}): { value: unknown; visited: number; truncated: boolean } {
  const sampler = new Sampler(options.resolve ?? (() => undefined), options.direction ?? 'request', options.maxDepth ?? 8, options.maxNodes ?? 20_000, options.originOf);
  const value = sampler.sample(schema, 0, []);
  return { value: value === OMIT ? null : value, visited: sampler.visited, truncated: sampler.exhausted };
}
