/**
 * The state of one sample being generated and the content gathered for one element
 * (attributes, children or text, and what its comment should say), shared by the element
 * and attribute halves of the sample generator.
 *
 * It also keeps what makes samples of large descriptions cheap: a named type's sample is
 * remembered per schema set and reused whenever it cannot differ — when nothing was cut
 * while making it (depth, size, nesting bounds), it did not run into a type its caller
 * was already expanding, and none of the types it expanded is being expanded where it is
 * reused. Names stay `{ns, local}` until printed, so a remembered sample fits any envelope.
 */
import type { XsdSchemaSet } from './wsdlModel';
import type { XmlOutName, XmlOutNode, XmlQualifiedName } from './xmlWriter';

/** A named type's remembered sample and the conditions under which it can be reused. */
export interface CachedTypeSample {
  attrs: Array<[XmlOutName, string | XmlQualifiedName]>;
  children: XmlOutNode[];
  text: string | XmlQualifiedName | undefined;
  notes: string[];
  optionalAttrs: string[];
  /** Every type and group identity expanded while making it. */
  footprint: Set<string>;
  /** How many element levels it adds below the element that holds it. */
  height: number;
  /** How many expansion-stack entries it needed beyond its own. */
  stackHeight: number;
  elementCount: number;
}

/** State of one sample being generated. */
export interface XsdSampleContext {
  schema: XsdSchemaSet;
  comments: boolean;
  /** Deepest element nesting written; deeper elements become a comment. */
  maxDepth: number;
  /** Most elements written in one sample; the rest is cut with a comment. */
  maxElements: number;
  elementCount: number;
  truncated: boolean;
  /** Types, anonymous element types and groups being expanded, innermost last. */
  expanding: string[];
  /** Deepest element depth reached in the current type expansion. */
  deepest: number;
  /** Highest expansion-stack length reached in the current type expansion. */
  tallest: number;
  /** Lowest stack index a recursion check found in the current type expansion. */
  lowestHit: number;
  /** Whether a bound cut something in the current type expansion. */
  cut: boolean;
  /** Identities expanded in the current type expansion. */
  footprint: Set<string> | undefined;
  /** Remembered samples of named types for this schema set and comment setting. */
  cache: Map<string, CachedTypeSample>;
}

/** What an element's type contributed: attributes, children or text, and notes for its comment. */
export interface SampledContent {
  attrs: Array<[XmlOutName, string | XmlQualifiedName]>;
  /** Names of attributes already written (or prohibited), so restrictions and extensions do not repeat them. Made on first use. */
  attrKeys: Set<string> | undefined;
  children: XmlOutNode[];
  text: string | XmlQualifiedName | undefined;
  notes: string[];
  /** Attributes written whose `use` is optional, named in one comment. */
  optionalAttrs: string[];
}

/** Enumeration values listed in a comment before the rest are counted. */
export const MAX_LISTED_VALUES = 12;
/** Nested type derivations and group references followed before giving up (a hostile schema can chain thousands). */
export const MAX_EXPANSION = 200;

const caches = new WeakMap<XsdSchemaSet, { comments: Map<string, CachedTypeSample>; plain: Map<string, CachedTypeSample> }>();

/** A fresh context for one sample of `schema`. */
export function sampleContext(schema: XsdSchemaSet, options: { comments: boolean; maxDepth: number; maxElements: number }): XsdSampleContext {
  let pair = caches.get(schema);
  if (!pair) {
    pair = { comments: new Map(), plain: new Map() };
    caches.set(schema, pair);
  }
  return {
    schema,
    comments: options.comments,
    maxDepth: options.maxDepth,
    maxElements: options.maxElements,
    elementCount: 0,
    truncated: false,
    expanding: [],
    deepest: 0,
    tallest: 0,
    lowestHit: Number.POSITIVE_INFINITY,
    cut: false,
    footprint: undefined,
    cache: options.comments ? pair.comments : pair.plain,
  };
}

/** A fresh, empty content record. */
export function emptyContent(): SampledContent {
  return { attrs: [], attrKeys: undefined, children: [], text: undefined, notes: [], optionalAttrs: [] };
}

/** Lists values for a comment, capped at {@link MAX_LISTED_VALUES}. */
export function listValues(values: string[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).join(', ');
  return values.length > MAX_LISTED_VALUES ? `${shown}, … (${values.length - MAX_LISTED_VALUES} more)` : shown;
}

/** Starts expanding `identity` (a type, anonymous type or group). */
export function enter(ctx: XsdSampleContext, identity: string): void {
  ctx.expanding.push(identity);
  if (ctx.expanding.length > ctx.tallest) ctx.tallest = ctx.expanding.length;
  ctx.footprint?.add(identity);
}

/** Ends the innermost expansion. */
export function leave(ctx: XsdSampleContext): void {
  ctx.expanding.pop();
}

/** Whether `identity` is being expanded already (a recursion), noting how far up the stack it was found. */
export function isExpanding(ctx: XsdSampleContext, identity: string): boolean {
  const index = ctx.expanding.lastIndexOf(identity);
  if (index < 0) return false;
  if (index < ctx.lowestHit) ctx.lowestHit = index;
  return true;
}

/** Whether the nesting bound is reached (which counts as a cut). */
export function atExpansionLimit(ctx: XsdSampleContext): boolean {
  if (ctx.expanding.length < MAX_EXPANSION) return false;
  ctx.cut = true;
  return true;
}

/** Records that a bound (depth or size) cut the sample here. */
export function markCut(ctx: XsdSampleContext): void {
  ctx.cut = true;
}

/** Records that an element was written at `depth`. */
export function markDepth(ctx: XsdSampleContext, depth: number): void {
  if (depth > ctx.deepest) ctx.deepest = depth;
}

/**
 * Fills `content` with the sample of the named type `key`, from the cache when that gives
 * the same result, else by `expand` (remembering the result when it may be reused).
 */
export function cachedTypeInto(ctx: XsdSampleContext, key: string, depth: number, content: SampledContent, expand: () => void): void {
  const cached = ctx.cache.get(key);
  if (cached && reusable(ctx, cached, depth)) {
    content.attrs = cached.attrs;
    content.children = cached.children;
    content.text = cached.text;
    content.notes = cached.notes;
    content.optionalAttrs = cached.optionalAttrs;
    ctx.elementCount += cached.elementCount;
    markDepth(ctx, depth + cached.height);
    const stack = ctx.expanding.length + cached.stackHeight;
    if (stack > ctx.tallest) ctx.tallest = stack;
    if (ctx.footprint) for (const identity of cached.footprint) ctx.footprint.add(identity);
    return;
  }
  const outer = { deepest: ctx.deepest, tallest: ctx.tallest, lowestHit: ctx.lowestHit, cut: ctx.cut, footprint: ctx.footprint, count: ctx.elementCount };
  const index = ctx.expanding.length;
  ctx.deepest = depth;
  ctx.tallest = index;
  ctx.lowestHit = Number.POSITIVE_INFINITY;
  ctx.cut = false;
  ctx.footprint = new Set();
  enter(ctx, key);
  expand();
  leave(ctx);
  const footprint = ctx.footprint;
  if (!ctx.cut && ctx.lowestHit >= index) {
    ctx.cache.set(key, {
      attrs: content.attrs,
      children: content.children,
      text: content.text,
      notes: content.notes,
      optionalAttrs: content.optionalAttrs,
      footprint,
      height: ctx.deepest - depth,
      stackHeight: ctx.tallest - index,
      elementCount: ctx.elementCount - outer.count,
    });
  }
  ctx.deepest = Math.max(outer.deepest, ctx.deepest);
  ctx.tallest = Math.max(outer.tallest, ctx.tallest);
  ctx.lowestHit = Math.min(outer.lowestHit, ctx.lowestHit);
  ctx.cut = outer.cut || ctx.cut;
  if (outer.footprint) for (const identity of footprint) outer.footprint.add(identity);
  ctx.footprint = outer.footprint;
}

function reusable(ctx: XsdSampleContext, cached: CachedTypeSample, depth: number): boolean {
  if (depth + cached.height > ctx.maxDepth) return false;
  if (ctx.elementCount + cached.elementCount > ctx.maxElements) return false;
  if (ctx.expanding.length + cached.stackHeight >= MAX_EXPANSION) return false;
  for (const identity of ctx.expanding) if (cached.footprint.has(identity)) return false;
  return true;
}
