/**
 * The Postman side of the conformance test: what Postman's own SDK (`postman-collection`)
 * makes of each request item of a collection file. Collection v1 and v2.0 go through
 * Postman's `postman-collection-transformer` to v2.1 first, as the brief asks. `{{x}}`
 * stays unresolved: nothing is sent and no variable scope is given.
 */
import { createRequire } from 'node:module';
import type { RequestView, BodyView } from './postmanDraft';

const require = createRequire(import.meta.url);

/** The few SDK shapes the oracle reads (the packages ship no type declarations). */
interface SdkList<T> {
  all(): T[];
}
interface SdkParam {
  key: string | null;
  value: unknown;
  disabled?: boolean;
  type?: string;
  src?: unknown;
  contentType?: string;
}
interface SdkRequest {
  method: string;
  url: { toString(): string; variables: SdkList<SdkParam> };
  headers: SdkList<SdkParam>;
  body?: {
    mode?: string;
    disabled?: boolean;
    raw?: unknown;
    urlencoded?: SdkList<SdkParam>;
    formdata?: SdkList<SdkParam>;
    file?: { src?: unknown };
    graphql?: { query?: unknown; variables?: unknown };
  };
}
interface SdkItem {
  name: string;
  request: SdkRequest;
  parent(): unknown;
}
interface SdkCollection {
  forEachItem(callback: (item: SdkItem) => void): void;
}

const { Collection } = require('postman-collection') as { Collection: new (json: unknown) => SdkCollection };
const transformer = require('postman-collection-transformer') as {
  convert(json: unknown, options: Record<string, unknown>, callback: (error: unknown, result: unknown) => void): void;
};

/** A request item as Postman's SDK reads it: its folder path and name, and what it sends. */
export interface OracleItem {
  key: string;
  view: RequestView;
}

/** The collection's version as the files declare it: v1 has `requests`, v2.x name their schema. */
export function postmanVersionOf(json: Record<string, unknown>): '1.0.0' | '2.0.0' | '2.1.0' {
  if (Array.isArray(json.requests)) return '1.0.0';
  const schema = (json.info as { schema?: unknown } | undefined)?.schema;
  return typeof schema === 'string' && schema.includes('v2.0.0') ? '2.0.0' : '2.1.0';
}

/**
 * v1 through the transformer to v2.1. v2.0 is given to the SDK as it is: the transformer
 * has no 2.0 → 2.1 path ("no conversion path found"), and the two differ only in the
 * shape of auth attributes, which this test does not compare.
 */
function toV21(json: Record<string, unknown>): unknown {
  const inputVersion = postmanVersionOf(json);
  if (inputVersion !== '1.0.0') return json;
  let out: unknown;
  transformer.convert(json, { inputVersion, outputVersion: '2.1.0', retainIds: true }, (error, result) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    out = result;
  });
  return out;
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

function enabled(list: SdkList<SdkParam> | undefined): SdkParam[] {
  return list ? list.all().filter((p) => !p.disabled) : [];
}

/**
 * What Postman sends as the body (postman-runtime): nothing for a disabled or empty body;
 * raw text; enabled urlencoded pairs and form-data parts (a file part by its file's name);
 * a file body; a GraphQL body as `{"query", "variables"}` JSON, variables parsed.
 */
function bodyOf(request: SdkRequest): BodyView {
  const body = request.body;
  if (!body || body.disabled || !body.mode) return { mode: 'none' };
  switch (body.mode) {
    case 'raw':
      return text(body.raw) === '' ? { mode: 'none' } : { mode: 'raw', text: text(body.raw) };
    case 'urlencoded': {
      const pairs = enabled(body.urlencoded).filter((p) => typeof p.key === 'string').map((p) => [p.key!, text(p.value)] as [string, string]);
      return pairs.length === 0 ? { mode: 'none' } : { mode: 'urlencoded', pairs };
    }
    case 'formdata': {
      const parts = enabled(body.formdata)
        .filter((p) => typeof p.key === 'string')
        .map((p) => {
          const src = Array.isArray(p.src) ? p.src[0] : p.src;
          const file = p.type === 'file';
          return { name: p.key!, file, value: file ? baseName(text(src)) : text(p.value), contentType: p.contentType ?? '' };
        });
      return parts.length === 0 ? { mode: 'none' } : { mode: 'formdata', parts };
    }
    case 'file':
      return { mode: 'file' };
    case 'graphql': {
      let variables: unknown = body.graphql?.variables ?? {};
      if (typeof variables === 'string') {
        try {
          variables = variables.trim() === '' ? {} : JSON.parse(variables);
        } catch {
          variables = {};
        }
      }
      return { mode: 'json', value: { query: text(body.graphql?.query), variables } };
    }
    default:
      return { mode: 'none' };
  }
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

type Parent = { name?: string; parent?: () => unknown };

function keyOf(item: SdkItem): string {
  const names: string[] = [];
  // Folders up to, not including, the collection (the one parent without a parent).
  for (let parent = item.parent() as Parent | undefined; parent?.parent?.(); parent = parent.parent!() as Parent | undefined) {
    names.unshift(String(parent.name ?? '').trim());
  }
  return [...names, String(item.name ?? '').trim()].join(' / ');
}

/** Methods postman-runtime sends without a body unless `protocolProfileBehavior.disableBodyPruning` (item or an ancestor) is true. */
const BODY_PRUNED_METHODS = new Set(['GET', 'COPY', 'HEAD', 'PURGE', 'UNLOCK']);

/** Whether postman-runtime leaves this item's body out (its body pruning, resolved over the item's ancestors as the SDK does). */
function prunedBody(item: { getProtocolProfileBehaviorResolved?: () => Record<string, unknown> }, method: string): boolean {
  if (!BODY_PRUNED_METHODS.has(method.toUpperCase())) return false;
  const behaviour = item.getProtocolProfileBehaviorResolved?.() ?? {};
  return behaviour.disableBodyPruning !== true;
}

/** Every request item of a collection file, in Postman's order, as the SDK reads it. */
export function postmanOracleItems(json: Record<string, unknown>): OracleItem[] {
  const collection = new Collection(toV21(json));
  const items: OracleItem[] = [];
  collection.forEachItem((item) => {
    const request = item.request;
    items.push({
      key: keyOf(item),
      view: {
        method: request.method,
        url: request.url.toString(),
        pathVariables: request.url.variables.all().map((v) => [text(v.key), text(v.value)] as [string, string]),
        // postman-runtime sends no header without a name.
        headers: enabled(request.headers).filter((h) => h.key).map((h) => [h.key!, text(h.value)] as [string, string]),
        body: prunedBody(item as unknown as { getProtocolProfileBehaviorResolved?: () => Record<string, unknown> }, request.method) ? { mode: 'none' } : bodyOf(request),
      },
    });
  });
  return items;
}
