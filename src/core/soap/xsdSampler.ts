/**
 * Generates sample XML instances from XML Schema declarations: the body of a SOAP request
 * a person can edit and send. Namespaces follow the schema rules exactly (global elements
 * qualified, local ones per `form`/`elementFormDefault` of the schema document that
 * declares them), and everything the sample cannot show — other choices, other enum
 * values, how often an element may repeat — is said in a comment beside it. Recursion and
 * size are bounded so a hostile or huge schema yields a shorter sample, never a crash.
 */
import { attributeInto, baseAttributesInto } from './xsdAttributes';
import { branchLabel, recursesNow } from './xsdChoice';
import {
  MAX_EXPANSION,
  atExpansionLimit,
  cachedTypeInto,
  emptyContent,
  enter,
  isExpanding,
  leave,
  listValues,
  markCut,
  markDepth,
  type SampledContent,
  type XsdSampleContext,
} from './xsdSampleContent';
import { elementDeclaration, firstXsdChild, occurrenceNote, occursOf, resolveRef, xsdChildren, type Occurs } from './xsdDeclarations';
import { builtinValue, facetValues, simpleTypeValue, type SimpleValue } from './xsdSimpleValues';
import {
  SOAP11_ENCODING_NS,
  SOAP12_ENCODING_NS,
  WSDL_NS,
  XSD_NS,
  xsdKey,
  type WsdlQName,
  type XsdSchemaDocument,
} from './wsdlModel';
import { outElement, outText, type XmlOutName, type XmlOutNode } from './xmlWriter';
import { undeclaredPrefixNamespace, type NsXmlElement } from './xmlTree';
import { attrValue } from './xmlQueries';
import { assemble, note, notes, outName, uniqueByLocalName } from './xsdSampleOutput';

const UNDECLARED = undeclaredPrefixNamespace('');

/** Writes the global element `name` (always qualified), with its comments, into `out`. */
export function sampleGlobalElement(ctx: XsdSampleContext, name: WsdlQName, depth: number, out: XmlOutNode[]): void {
  const component = ctx.schema.elements.get(xsdKey(name.ns, name.local)) ?? (name.ns.startsWith(UNDECLARED) ? uniqueByLocalName(ctx.schema.elements, name.local) : undefined);
  if (!component) {
    note(ctx, out, `element {${name.ns}}${name.local} is not declared in the loaded schemas`);
    out.push(outElement(outName(name.ns.startsWith(UNDECLARED) ? '' : name.ns, name.local), [], [outText('?')]));
    return;
  }
  elementNodes(ctx, component.node, component.schema, true, depth, undefined, out);
}

/**
 * Writes an element called `name` (already qualified as the caller needs) whose content is
 * the sample of type `type` — how rpc parts and `type=` parts appear.
 */
export function sampleTypedElement(ctx: XsdSampleContext, name: XmlOutName, type: WsdlQName, depth: number, attrs: SampledContent['attrs'], out: XmlOutNode[]): void {
  if (depth > ctx.maxDepth) {
    markCut(ctx);
    note(ctx, out, `${typeof name === 'string' ? name : name.local}: omitted, nested deeper than ${ctx.maxDepth} levels`);
    return;
  }
  markDepth(ctx, depth);
  ctx.elementCount++;
  const content = emptyContent();
  typeContentInto(ctx, type, content, depth);
  notes(ctx, out, undefined, content);
  out.push(assemble(name, attrs.length > 0 ? [...attrs, ...content.attrs] : content.attrs, content));
}

function elementNodes(
  ctx: XsdSampleContext,
  node: NsXmlElement,
  schema: XsdSchemaDocument,
  global: boolean,
  depth: number,
  occurs: Occurs | undefined,
  out: XmlOutNode[],
): void {
  const decl = elementDeclaration(node);
  if (decl.ref !== undefined) {
    const target = resolveRef(node, decl.ref, schema);
    const component = target && ctx.schema.elements.get(xsdKey(target.ns, target.local));
    if (!component) {
      note(ctx, out, `element ref "${decl.ref}" does not resolve to a declared element`);
      return;
    }
    elementNodes(ctx, component.node, component.schema, true, depth, decl.occurs, out);
    return;
  }
  const local = decl.name;
  if (!local) {
    note(ctx, out, 'an element declaration without a name was skipped');
    return;
  }
  if (occurs && occurs.max === 0) return;
  if (global && decl.abstract) {
    const members = ctx.schema.substitutions.get(xsdKey(schema.targetNamespace, local)) ?? [];
    const substitute = members.map((key) => ctx.schema.elements.get(key)).find((member) => member && !elementDeclaration(member.node).abstract);
    if (substitute) {
      note(ctx, out, `${local} is abstract; substitutes: ${members.map((key) => key.slice(key.indexOf('}') + 1)).join(' | ')}`);
      elementNodes(ctx, substitute.node, substitute.schema, true, depth, occurs, out);
      return;
    }
  }
  const qualified = global || (decl.form ?? (schema.elementFormQualified ? 'qualified' : 'unqualified')) === 'qualified';
  const name = outName(qualified ? schema.targetNamespace : '', local);
  if (ctx.elementCount >= ctx.maxElements) {
    markCut(ctx);
    if (!ctx.truncated) note(ctx, out, `sample truncated: more than ${ctx.maxElements} elements`);
    ctx.truncated = true;
    return;
  }
  if (depth > ctx.maxDepth) {
    markCut(ctx);
    note(ctx, out, `${local}: omitted, nested deeper than ${ctx.maxDepth} levels`);
    return;
  }

  const typeName = decl.type !== undefined ? resolveRef(node, decl.type, schema) : undefined;
  const inline = decl.inline;
  const identity = typeName ? xsdKey(typeName.ns, typeName.local) : inline?.local === 'complexType' ? `${schema.url}@${inline.start}` : undefined;
  const occurrence = occurrenceNote(occurs);
  if (identity && isExpanding(ctx, identity)) {
    note(ctx, out, `${local}: recursive (${decl.type ?? 'its own type'} is already being expanded), not expanded again${occurrence ? `; ${occurrence}` : ''}`);
    return;
  }

  markDepth(ctx, depth);
  ctx.elementCount++;
  const content = emptyContent();
  if (decl.type !== undefined && !typeName) {
    content.text = '?';
    content.notes.push(`type "${decl.type}" uses an undeclared prefix`);
  } else if (typeName) {
    typeContentInto(ctx, typeName, content, depth);
  } else if (inline?.local === 'complexType') {
    // Remembered like a named type: a wrapper element (document/literal) is sampled again
    // for every port that binds its operation.
    cachedTypeInto(ctx, identity as string, depth, content, () => complexTypeInto(ctx, inline, schema, content, depth));
  } else if (inline) {
    simpleTextInto(content, simpleTypeValue(ctx, inline, schema));
  } else {
    content.text = '?';
  }
  if (decl.valueConstraint !== undefined && content.children.length === 0) content.text = decl.valueConstraint;
  if (ctx.comments) {
    const own: string[] = [];
    if (occurrence) own.push(occurrence);
    if (decl.nillable) own.push('nillable');
    notes(ctx, out, own, content);
  }
  out.push(assemble(name, content.attrs, content));
}

/** Fills `content` with the sample of the named type `type`. */
function typeContentInto(ctx: XsdSampleContext, type: WsdlQName, content: SampledContent, depth: number): void {
  const builtin = builtinValue(type);
  if (builtin !== undefined) {
    content.text = builtin;
    return;
  }
  if (type.ns === SOAP11_ENCODING_NS || type.ns === SOAP12_ENCODING_NS) {
    content.text = '?';
    content.notes.push(`SOAP-encoded ${type.local}`);
    return;
  }
  const key = xsdKey(type.ns, type.local);
  const component = ctx.schema.types.get(key);
  if (atExpansionLimit(ctx)) {
    content.notes.push(`type ${type.local} not expanded: types nest more than ${MAX_EXPANSION} deep`);
    return;
  }
  if (!component) {
    content.text = '?';
    content.notes.push(`type {${type.ns}}${type.local} is not declared in the loaded schemas`);
    return;
  }
  if (component.node.local === 'simpleType') {
    simpleTextInto(content, simpleTypeValue(ctx, component.node, component.schema));
    return;
  }
  cachedTypeInto(ctx, key, depth, content, () => complexTypeInto(ctx, component.node, component.schema, content, depth));
}

function simpleTextInto(content: SampledContent, value: SimpleValue): void {
  content.text = value.value;
  if (value.alternatives.length > 0) content.notes.push(`other values: ${listValues(value.alternatives)}`);
  if (value.note) content.notes.push(value.note);
}

function complexTypeInto(ctx: XsdSampleContext, type: NsXmlElement, schema: XsdSchemaDocument, content: SampledContent, depth: number): void {
  if (ctx.expanding.length > MAX_EXPANSION) {
    markCut(ctx);
    content.notes.push(`content not expanded: types nest more than ${MAX_EXPANSION} deep`);
    return;
  }
  for (const child of xsdChildren(type)) {
    switch (child.local) {
      case 'simpleContent':
        simpleContentInto(ctx, child, schema, content, depth);
        break;
      case 'complexContent':
        complexContentInto(ctx, child, schema, content, depth);
        break;
      case 'sequence':
      case 'choice':
      case 'all':
      case 'group':
        particleInto(ctx, child, schema, content.children, depth + 1);
        break;
      case 'attribute':
      case 'attributeGroup':
        attributeInto(ctx, child, schema, content);
        break;
      default:
        break;
    }
  }
}

function baseOf(derivation: NsXmlElement, schema: XsdSchemaDocument): WsdlQName | undefined {
  const base = attrValue(derivation, 'base');
  return base === undefined ? undefined : resolveRef(derivation, base, schema);
}

function complexContentInto(ctx: XsdSampleContext, node: NsXmlElement, schema: XsdSchemaDocument, content: SampledContent, depth: number): void {
  const derivation = firstXsdChild(node, 'extension', 'restriction');
  if (!derivation) return;
  if (atExpansionLimit(ctx)) {
    content.notes.push(`derivation not expanded: types nest more than ${MAX_EXPANSION} deep`);
    return;
  }
  const base = baseOf(derivation, schema);
  const baseKey = base && xsdKey(base.ns, base.local);
  const baseType = baseKey ? ctx.schema.types.get(baseKey) : undefined;
  if (derivation.local === 'restriction') {
    // A restriction restates its content model; only the base's attributes carry over.
    complexTypeInto(ctx, derivation, schema, content, depth);
    if (base && (base.ns === SOAP11_ENCODING_NS || base.ns === SOAP12_ENCODING_NS) && base.local === 'Array' && content.children.length === 0) {
      arrayItemInto(ctx, derivation, schema, content, depth);
    }
    if (baseType && baseKey && !isExpanding(ctx, baseKey)) {
      enter(ctx, baseKey);
      baseAttributesInto(ctx, baseType.node, baseType.schema, content);
      leave(ctx);
    }
    return;
  }
  if (base && !(base.ns === XSD_NS && base.local === 'anyType')) {
    if (baseKey && isExpanding(ctx, baseKey)) {
      content.notes.push(`base type ${base.local} is recursive and not expanded again`);
    } else if (baseType && baseType.node.local === 'complexType') {
      enter(ctx, baseKey as string);
      complexTypeInto(ctx, baseType.node, baseType.schema, content, depth);
      leave(ctx);
    } else {
      typeContentInto(ctx, base, content, depth);
    }
  }
  complexTypeInto(ctx, derivation, schema, content, depth);
}

// soapenc:Array restrictions often declare only `wsdl:arrayType="tns:Item[]"`: show one item.
function arrayItemInto(ctx: XsdSampleContext, derivation: NsXmlElement, schema: XsdSchemaDocument, content: SampledContent, depth: number): void {
  for (const attribute of xsdChildren(derivation)) {
    const arrayType = attrValue(attribute, 'arrayType', WSDL_NS);
    if (!arrayType) continue;
    const itemType = resolveRef(attribute, arrayType.replace(/(\[[\d,\s]*\])+$/, ''), schema);
    if (!itemType) return;
    content.notes.push(`SOAP-encoded array of ${arrayType}`);
    sampleTypedElement(ctx, 'item', itemType, depth + 1, [], content.children);
    return;
  }
}

function simpleContentInto(ctx: XsdSampleContext, node: NsXmlElement, schema: XsdSchemaDocument, content: SampledContent, depth: number): void {
  const derivation = firstXsdChild(node, 'extension', 'restriction');
  if (!derivation) return;
  const ownAttributes = (): void => {
    for (const child of xsdChildren(derivation)) {
      if (child.local === 'attribute' || child.local === 'attributeGroup') attributeInto(ctx, child, schema, content);
    }
  };
  // A restriction's attributes override the base's of the same name, so they claim their names first.
  if (derivation.local === 'restriction') ownAttributes();
  const base = baseOf(derivation, schema);
  const inlineBase = firstXsdChild(derivation, 'simpleType');
  if (base) {
    const baseKey = xsdKey(base.ns, base.local);
    const baseType = ctx.schema.types.get(baseKey);
    if (baseType?.node.local === 'complexType') {
      if (isExpanding(ctx, baseKey)) content.notes.push(`base type ${base.local} is recursive and not expanded again`);
      else {
        enter(ctx, baseKey);
        complexTypeInto(ctx, baseType.node, baseType.schema, content, depth);
        leave(ctx);
      }
    } else {
      typeContentInto(ctx, base, content, depth);
    }
  } else if (inlineBase) {
    simpleTextInto(content, simpleTypeValue(ctx, inlineBase, schema));
  }
  if (derivation.local === 'extension') ownAttributes();
  if (derivation.local === 'restriction') {
    const enumerations = facetValues(derivation, 'enumeration');
    if (enumerations.length > 0) {
      content.notes = content.notes.filter((text) => !text.startsWith('other values: '));
      simpleTextInto(content, { value: enumerations[0] as string, alternatives: enumerations.slice(1) });
    }
  }
  if (content.text === undefined) content.text = '?';
}

/** Writes the particles of a model group (or a group reference / element / wildcard) into `out`. */
function particleInto(ctx: XsdSampleContext, particle: NsXmlElement, schema: XsdSchemaDocument, out: XmlOutNode[], depth: number): void {
  // Callers pass schema children only (xsdChildren / firstXsdChild), so the namespace is known.
  const occurs = occursOf(particle);
  if (occurs.max === 0) return;
  switch (particle.local) {
    case 'element':
      elementNodes(ctx, particle, schema, false, depth, occurs, out);
      return;
    case 'sequence':
    case 'all': {
      const children = xsdChildren(particle);
      const occurrence = occurrenceNote(occurs);
      if (occurrence) note(ctx, out, `${occurrence}: the following ${particle.local === 'all' ? 'elements, in any order' : 'sequence'}`);
      else if (particle.local === 'all' && children.length > 1) note(ctx, out, 'the following elements may come in any order');
      for (const child of children) particleInto(ctx, child, schema, out, depth);
      return;
    }
    case 'choice': {
      const branches = xsdChildren(particle);
      const first = branches[0];
      if (!first) return;
      const occurrence = occurrenceNote(occurs);
      // A branch that would only recurse shows nothing useful; prefer one that does not.
      const chosen = branches.find((branch) => !recursesNow(ctx, branch, schema)) ?? first;
      if (branches.length > 1) {
        const showing = chosen === first ? '' : `; showing ${branchLabel(chosen)}`;
        note(ctx, out, `choice${occurrence ? ` (${occurrence})` : ''} of one: ${branches.map(branchLabel).join(' | ')}${showing}`);
      } else if (occurrence) {
        note(ctx, out, occurrence);
      }
      particleInto(ctx, chosen, schema, out, depth);
      return;
    }
    case 'group': {
      const ref = attrValue(particle, 'ref');
      const target = ref === undefined ? undefined : resolveRef(particle, ref, schema);
      const key = target && xsdKey(target.ns, target.local);
      const group = key ? ctx.schema.groups.get(key) : undefined;
      if (!group || !key || !target) {
        note(ctx, out, `group "${ref ?? ''}" does not resolve to a declared group`);
        return;
      }
      const identity = `group:${key}`;
      if (atExpansionLimit(ctx)) {
        note(ctx, out, `group ${target.local} not expanded: groups nest more than ${MAX_EXPANSION} deep`);
        return;
      }
      if (isExpanding(ctx, identity)) {
        note(ctx, out, `group ${target.local}: recursive, not expanded again`);
        return;
      }
      const occurrence = occurrenceNote(occurs);
      if (occurrence) note(ctx, out, `${occurrence}: group ${target.local}`);
      enter(ctx, identity);
      const model = firstXsdChild(group.node, 'sequence', 'choice', 'all');
      if (model) particleInto(ctx, model, group.schema, out, depth);
      leave(ctx);
      return;
    }
    case 'any': {
      const occurrence = occurrenceNote(occurs);
      note(ctx, out, `any element (namespace ${attrValue(particle, 'namespace') ?? '##any'})${occurrence ? `; ${occurrence}` : ''}`);
      return;
    }
    default:
      return;
  }
}
