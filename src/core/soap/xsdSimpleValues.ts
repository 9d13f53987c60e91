/**
 * Sample values of XML Schema simple types: the first enumeration value (the others are
 * listed for a comment), else the value of the base type, list item type or first union
 * member, down to a built-in placeholder.
 */
import { builtinPlaceholder, isBuiltinNamespace } from './xsdBuiltins';
import { firstXsdChild, resolveRef, xsdChildren } from './xsdDeclarations';
import { xsdKey, type WsdlQName, type XsdSchemaDocument, type XsdSchemaSet } from './wsdlModel';
import type { NsXmlElement } from './xmlTree';
import { attrValue } from './xmlQueries';

/** A value to write (text, or a QName to prefix when printed), other allowed values, and anything worth saying about it. */
export interface SimpleValue {
  value: string | WsdlQName;
  alternatives: string[];
  note?: string;
}

/** What simple-type sampling needs from the sample being generated. */
export interface SimpleValueContext {
  schema: XsdSchemaSet;
}

const MAX_SIMPLE_TYPE_CHAIN = 32;
const UNKNOWN: SimpleValue = { value: '?', alternatives: [] };

/** The placeholder of a built-in type, or undefined when `type` is not a simple built-in. */
export function builtinValue(type: WsdlQName): string | WsdlQName | undefined {
  if (!isBuiltinNamespace(type.ns)) return undefined;
  return builtinPlaceholder(type.local);
}

/** The `value` attributes of a restriction's `facet` children (e.g. every enumeration). */
export function facetValues(restriction: NsXmlElement, facet: string): string[] {
  const values: string[] = [];
  for (const child of xsdChildren(restriction)) if (child.local === facet) values.push(attrValue(child, 'value') ?? '');
  return values;
}

/** The sample value of the type named by the QName `ref`, written at `node`. */
export function simpleValueOfRef(ctx: SimpleValueContext, node: NsXmlElement, ref: string, schema: XsdSchemaDocument, chain = 0): SimpleValue {
  const type = resolveRef(node, ref, schema);
  if (!type) return { value: '?', alternatives: [], note: `type "${ref}" uses an undeclared prefix` };
  const builtin = builtinValue(type);
  if (builtin !== undefined) return { value: builtin, alternatives: [] };
  const component = ctx.schema.types.get(xsdKey(type.ns, type.local));
  if (!component) return { value: '?', alternatives: [], note: `type {${type.ns}}${type.local} is not declared in the loaded schemas` };
  if (component.node.local !== 'simpleType') return UNKNOWN;
  return simpleTypeValue(ctx, component.node, component.schema, chain + 1);
}

/** The sample value of an `xs:simpleType`. */
export function simpleTypeValue(ctx: SimpleValueContext, simpleType: NsXmlElement, schema: XsdSchemaDocument, chain = 0): SimpleValue {
  if (chain > MAX_SIMPLE_TYPE_CHAIN) return { value: '?', alternatives: [], note: 'simple type derivation too deep to follow' };
  const derivation = firstXsdChild(simpleType, 'restriction', 'list', 'union');
  if (!derivation) return UNKNOWN;
  if (derivation.local === 'restriction') {
    const enumerations = facetValues(derivation, 'enumeration');
    if (enumerations.length > 0) return { value: enumerations[0] as string, alternatives: enumerations.slice(1) };
    const base = attrValue(derivation, 'base');
    if (base !== undefined) return simpleValueOfRef(ctx, derivation, base, schema, chain + 1);
    const inline = firstXsdChild(derivation, 'simpleType');
    return inline ? simpleTypeValue(ctx, inline, schema, chain + 1) : UNKNOWN;
  }
  if (derivation.local === 'list') {
    const itemType = attrValue(derivation, 'itemType');
    const inline = firstXsdChild(derivation, 'simpleType');
    const item = itemType !== undefined ? simpleValueOfRef(ctx, derivation, itemType, schema, chain + 1) : inline ? simpleTypeValue(ctx, inline, schema, chain + 1) : undefined;
    return { value: item?.value ?? '?', alternatives: [], note: 'a whitespace-separated list' };
  }
  const members = (attrValue(derivation, 'memberTypes') ?? '').trim().split(/\s+/).filter(Boolean);
  if (members.length > 0) return { ...simpleValueOfRef(ctx, derivation, members[0] as string, schema, chain + 1), alternatives: [] };
  const inline = firstXsdChild(derivation, 'simpleType');
  return inline ? { ...simpleTypeValue(ctx, inline, schema, chain + 1), alternatives: [] } : UNKNOWN;
}
