/**
 * Attributes in samples: declared ones, references to global ones (always qualified),
 * attribute groups, and the attributes a derived type inherits from its base. `use` is
 * honoured: required and optional attributes are written (optional ones named in the
 * element's comment), prohibited ones are left out.
 */
import { atExpansionLimit, enter, isExpanding, leave, listValues, type SampledContent, type XsdSampleContext } from './xsdSampleContent';
import { firstXsdChild, resolveRef, xsdChildren } from './xsdDeclarations';
import { simpleTypeValue, simpleValueOfRef, type SimpleValue } from './xsdSimpleValues';
import { SOAP11_ENCODING_NS, SOAP12_ENCODING_NS, xsdKey, type WsdlQName, type XsdSchemaDocument } from './wsdlModel';
import { XML_NAMESPACE, type NsXmlElement } from './xmlTree';
import { attrValue } from './xmlQueries';

/** Adds an attribute, attribute reference or attribute group reference to `content`. */
export function attributeInto(ctx: XsdSampleContext, node: NsXmlElement, schema: XsdSchemaDocument, content: SampledContent): void {
  if (node.local === 'attributeGroup') {
    const ref = attrValue(node, 'ref');
    const target = ref === undefined ? undefined : resolveRef(node, ref, schema);
    const key = target && xsdKey(target.ns, target.local);
    const group = key ? ctx.schema.attributeGroups.get(key) : undefined;
    if (!group || !key) {
      content.notes.push(`attribute group "${ref ?? ''}" does not resolve to a declared group`);
      return;
    }
    const identity = `attributeGroup:${key}`;
    if (isExpanding(ctx, identity) || atExpansionLimit(ctx)) return;
    enter(ctx, identity);
    for (const child of xsdChildren(group.node)) {
      if (child.local === 'attribute' || child.local === 'attributeGroup') attributeInto(ctx, child, group.schema, content);
    }
    leave(ctx);
    return;
  }
  const use = attrValue(node, 'use')?.trim() ?? 'optional';
  let decl = node;
  let declSchema = schema;
  let ns: string;
  let local: string;
  const ref = attrValue(node, 'ref');
  if (ref !== undefined) {
    const target = resolveRef(node, ref, schema);
    if (!target) {
      content.notes.push(`attribute ref "${ref}" uses an undeclared prefix`);
      return;
    }
    // Encoding attributes (soapenc:arrayType) describe rpc/encoded arrays, not data to fill in.
    if (target.ns === SOAP11_ENCODING_NS || target.ns === SOAP12_ENCODING_NS) return;
    ns = target.ns;
    local = target.local;
    if (target.ns !== XML_NAMESPACE) {
      const component = ctx.schema.attributes.get(xsdKey(target.ns, target.local));
      if (!component) {
        content.notes.push(`attribute ref "${ref}" does not resolve to a declared attribute`);
        return;
      }
      decl = component.node;
      declSchema = component.schema;
    }
  } else {
    local = attrValue(node, 'name')?.trim() ?? '';
    if (!local) return;
    const qualified = (attrValue(node, 'form')?.trim() ?? (schema.attributeFormQualified ? 'qualified' : 'unqualified')) === 'qualified';
    ns = qualified ? schema.targetNamespace : '';
  }
  const key = xsdKey(ns, local);
  const written = (content.attrKeys ??= new Set());
  if (written.has(key)) return;
  written.add(key);
  if (use === 'prohibited') return;
  const value = attributeValue(ctx, decl, declSchema, ns, local);
  content.attrs.push([ns === '' ? local : { ns, local }, value.value]);
  if (use !== 'required') content.optionalAttrs.push(local);
  if (value.alternatives.length > 0) content.notes.push(`${local} other values: ${listValues(value.alternatives)}`);
}

function attributeValue(ctx: XsdSampleContext, decl: NsXmlElement, schema: XsdSchemaDocument, ns: string, local: string): SimpleValue {
  const fixed = attrValue(decl, 'fixed') ?? attrValue(decl, 'default');
  if (fixed !== undefined) return { value: fixed, alternatives: [] };
  if (ns === XML_NAMESPACE) return { value: local === 'lang' ? 'en' : local === 'space' ? 'preserve' : '?', alternatives: [] };
  const typeAttr = attrValue(decl, 'type');
  if (typeAttr !== undefined) return simpleValueOfRef(ctx, decl, typeAttr, schema);
  const inline = firstXsdChild(decl, 'simpleType');
  return inline ? simpleTypeValue(ctx, inline, schema) : { value: '?', alternatives: [] };
}

/** Adds the attributes a type declares or inherits (through simple or complex content derivations). */
export function baseAttributesInto(ctx: XsdSampleContext, type: NsXmlElement, schema: XsdSchemaDocument, content: SampledContent): void {
  for (const child of xsdChildren(type)) {
    if (child.local === 'attribute' || child.local === 'attributeGroup') attributeInto(ctx, child, schema, content);
    else if (child.local === 'simpleContent' || child.local === 'complexContent') {
      const derivation = firstXsdChild(child, 'extension', 'restriction');
      if (!derivation) continue;
      baseAttributesInto(ctx, derivation, schema, content);
      const base = baseOf(derivation, schema);
      const baseKey = base && xsdKey(base.ns, base.local);
      const baseType = baseKey ? ctx.schema.types.get(baseKey) : undefined;
      if (baseType && baseKey && !isExpanding(ctx, baseKey) && !atExpansionLimit(ctx)) {
        enter(ctx, baseKey);
        baseAttributesInto(ctx, baseType.node, baseType.schema, content);
        leave(ctx);
      }
    }
  }
}


function baseOf(derivation: NsXmlElement, schema: XsdSchemaDocument): WsdlQName | undefined {
  const base = attrValue(derivation, 'base');
  return base === undefined ? undefined : resolveRef(derivation, base, schema);
}
