/**
 * Read-once views of XML Schema declarations for the sample generator. A large WSDL is
 * sampled operation after operation over the same shared types, so each declaration's
 * attributes, occurrence bounds, schema children and QName references are worked out once
 * per node and remembered (weakly, so they go when the model goes).
 */
import { XSD_NS, type WsdlQName, type XsdSchemaDocument } from './wsdlModel';
import type { NsXmlElement } from './xmlTree';
import { attrValue, resolveQName } from './xmlQueries';

/** How often a particle may occur. */
export interface Occurs {
  min: number;
  max: number | 'unbounded';
}

/**
 * The attributes of an `xs:element` declaration or reference that the sampler reads.
 * Every field is always present (undefined when absent) so all declarations share one
 * object shape, which keeps the sampler's property reads fast.
 */
export interface ElementDeclaration {
  name: string | undefined;
  ref: string | undefined;
  type: string | undefined;
  form: string | undefined;
  nillable: boolean;
  abstract: boolean;
  /** `fixed`, else `default`. */
  valueConstraint: string | undefined;
  occurs: Occurs;
  /** An anonymous complexType or simpleType child. */
  inline: NsXmlElement | undefined;
}

/**
 * What has been worked out about one schema node. It hangs off the node under a symbol:
 * a property read is several times cheaper than a WeakMap lookup on the sampler's hot
 * path, WeakMaps with many keys make every garbage collection slower, and structured
 * clone (a model sent from a worker) copies string-keyed properties only, so the memo
 * never travels with the model.
 */
interface XsdNodeMemo {
  children: NsXmlElement[] | undefined;
  occurs: Occurs | undefined;
  declaration: ElementDeclaration | undefined;
  /** The QName attribute value resolved last, and its resolution (null: unresolvable). */
  refValue: string | undefined;
  refResolved: WsdlQName | null;
  /** Further values resolved at this node, when it resolves more than one. */
  refs: Map<string, WsdlQName | null> | undefined;
}

const MEMO: unique symbol = Symbol('wirebench.xsdNodeMemo');

type MemoisedNode = NsXmlElement & { [MEMO]?: XsdNodeMemo };

function memoOf(node: NsXmlElement): XsdNodeMemo {
  let memo = (node as MemoisedNode)[MEMO];
  if (memo === undefined) {
    memo = { children: undefined, occurs: undefined, declaration: undefined, refValue: undefined, refResolved: null, refs: undefined };
    (node as MemoisedNode)[MEMO] = memo;
  }
  return memo;
}

/** The schema children of `node` (XML Schema namespace, annotations left out), in order. */
export function xsdChildren(node: NsXmlElement): NsXmlElement[] {
  const memo = memoOf(node);
  let children = memo.children;
  if (!children) {
    children = [];
    for (const child of node.children) {
      if (child.kind === 'element' && child.ns === XSD_NS && child.local !== 'annotation') children.push(child);
    }
    memo.children = children;
  }
  return children;
}

/** The first schema child of `node` whose local name is one of `locals`. */
export function firstXsdChild(node: NsXmlElement, a: string, b?: string, c?: string): NsXmlElement | undefined {
  for (const child of xsdChildren(node)) {
    if (child.local === a || child.local === b || child.local === c) return child;
  }
  return undefined;
}

/** minOccurs/maxOccurs of a particle (both default to 1; unreadable values count as 1). */
export function occursOf(node: NsXmlElement): Occurs {
  const memo = memoOf(node);
  let occurs = memo.occurs;
  if (!occurs) {
    const min = Number.parseInt(attrValue(node, 'minOccurs') ?? '1', 10);
    const maxText = attrValue(node, 'maxOccurs')?.trim() ?? '1';
    const max = maxText === 'unbounded' ? 'unbounded' : Number.parseInt(maxText, 10);
    occurs = { min: Number.isFinite(min) && min >= 0 ? min : 1, max: max === 'unbounded' || (Number.isFinite(max) && max >= 0) ? max : 1 };
    memo.occurs = occurs;
  }
  return occurs;
}

/** The sampler's view of an `xs:element`. */
export function elementDeclaration(node: NsXmlElement): ElementDeclaration {
  const memo = memoOf(node);
  let declaration = memo.declaration;
  if (!declaration) {
    const name = attrValue(node, 'name')?.trim();
    declaration = {
      name: name || undefined,
      ref: attrValue(node, 'ref'),
      type: attrValue(node, 'type'),
      form: attrValue(node, 'form')?.trim() || undefined,
      nillable: attrValue(node, 'nillable')?.trim() === 'true',
      abstract: attrValue(node, 'abstract')?.trim() === 'true',
      valueConstraint: attrValue(node, 'fixed') ?? attrValue(node, 'default'),
      occurs: occursOf(node),
      inline: firstXsdChild(node, 'complexType', 'simpleType'),
    };
    memo.declaration = declaration;
  }
  return declaration;
}

/**
 * Resolves a QName attribute value at `node`. In a chameleon schema (included without a
 * target namespace of its own) no-namespace names take the namespace it was included into.
 */
export function resolveRef(node: NsXmlElement, value: string, schema: XsdSchemaDocument): WsdlQName | undefined {
  const memo = memoOf(node);
  let resolved: WsdlQName | null | undefined;
  if (memo.refValue === value) {
    resolved = memo.refResolved;
  } else if (memo.refValue === undefined) {
    resolved = resolveQName(node, value) ?? null;
    memo.refValue = value;
    memo.refResolved = resolved;
  } else {
    memo.refs ??= new Map();
    resolved = memo.refs.get(value);
    if (resolved === undefined) {
      resolved = resolveQName(node, value) ?? null;
      memo.refs.set(value, resolved);
    }
  }
  if (resolved === null) return undefined;
  return resolved.ns === '' && schema.chameleon ? { ns: schema.targetNamespace, local: resolved.local } : resolved;
}

/** Words for an occurrence range, or undefined for exactly once. */
export function occurrenceNote(occurs: Occurs | undefined): string | undefined {
  if (!occurs) return undefined;
  const { min, max } = occurs;
  if (min === 1 && max === 1) return undefined;
  if (max === 'unbounded') return `${min} or more`;
  if (min === 0 && max === 1) return 'optional';
  if (min === max) return `exactly ${min}`;
  return `${min} to ${max}`;
}
