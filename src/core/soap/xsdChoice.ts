/**
 * Choices in samples: which branch to show (the first, unless it would only recurse while
 * another would not) and how to name every branch in the comment above it.
 */
import { elementDeclaration, resolveRef, xsdChildren } from './xsdDeclarations';
import { isExpanding, type XsdSampleContext } from './xsdSampleContent';
import { xsdKey, type XsdSchemaDocument } from './wsdlModel';
import type { NsXmlElement } from './xmlTree';
import { attrValue } from './xmlQueries';

/** Whether a choice branch is an element whose type is already being expanded (showing it would only recurse). */
export function recursesNow(ctx: XsdSampleContext, branch: NsXmlElement, schema: XsdSchemaDocument): boolean {
  if (branch.local !== 'element') return false;
  let node = branch;
  let declSchema = schema;
  const ref = elementDeclaration(branch).ref;
  if (ref !== undefined) {
    const target = resolveRef(branch, ref, schema);
    const component = target && ctx.schema.elements.get(xsdKey(target.ns, target.local));
    if (!component) return false;
    node = component.node;
    declSchema = component.schema;
  }
  const type = elementDeclaration(node).type;
  const name = type === undefined ? undefined : resolveRef(node, type, declSchema);
  return name !== undefined && isExpanding(ctx, xsdKey(name.ns, name.local));
}

/** A branch as named in a choice comment: an element's name, `group G`, `any element`, or `(a, b)` for a nested group. */
export function branchLabel(branch: NsXmlElement): string {
  switch (branch.local) {
    case 'element': {
      const decl = elementDeclaration(branch);
      return decl.name ?? localPart(decl.ref ?? '?');
    }
    case 'group':
      return `group ${localPart(attrValue(branch, 'ref') ?? '?')}`;
    case 'any':
      return 'any element';
    case 'sequence':
    case 'choice':
    case 'all':
      return `(${xsdChildren(branch).map(branchLabel).join(branch.local === 'choice' ? ' | ' : ', ')})`;
    default:
      return branch.local;
  }
}

function localPart(qname: string): string {
  return qname.slice(qname.indexOf(':') + 1).trim();
}

