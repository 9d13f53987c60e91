/**
 * Reads a WSDL 1.1 description and everything it imports into a {@link WsdlModel}:
 * services → ports → operations with their actions, styles, messages and headers. SOAP
 * 1.1 and 1.2 are told apart by the binding extension's namespace URI, never by prefix.
 * Problems that leave the description usable (a failed import, a dangling reference)
 * become warnings; only an unreadable entry document fails.
 */
import { fail, ok, type Result } from '../types';
import { buildSchemaSet } from './schemaIndex';
import { fetchDocumentText, loadedDocument, loadImportGraph, type LoadedDocument, type WsdlFetchText } from './wsdlLoader';
import {
  WSDL_HTTP_NS,
  WSDL_NS,
  WSDL_SOAP11_NS,
  WSDL_SOAP12_NS,
  WSDL2_NS,
  XSD_NS,
  xsdKey,
  type SoapVersion,
  type WsdlFault,
  type WsdlHeaderPart,
  type WsdlMessage,
  type WsdlModel,
  type WsdlOperation,
  type WsdlOperationMessage,
  type WsdlPart,
  type WsdlPort,
  type WsdlQName,
  type WsdlService,
  type WsdlWarning,
} from './wsdlModel';
import { undeclaredPrefixNamespace, type NsXmlElement } from './xmlTree';
import { attrValue, childElements, childrenNamed, firstChild, resolveQName } from './xmlQueries';
import { bindingMessageName, documentationOf, sameName, soapExtension, soapExtensions, useOf } from './wsdlExtensions';
import { keepLayouts } from './layoutAnchors';

/** Bounds on following imports. */
export interface WsdlParseOptions {
  /** Deepest chain of imports followed (entry = 0). Default 16. */
  maxDepth?: number;
  /** Most documents read in total, entry included. Default 200. */
  maxDocuments?: number;
}

const DEFAULT_MAX_DEPTH = 16;
const UNDECLARED = undeclaredPrefixNamespace('');
const DEFAULT_MAX_DOCUMENTS = 200;

/**
 * Loads the WSDL at `entryUrl` and the documents it imports through `fetchText`, and
 * returns its model. Fails (as a value) when the entry cannot be fetched, is not
 * well-formed XML (with line and column), is WSDL 2.0, or is not a WSDL at all.
 */
export async function parseWsdl(entryUrl: string, fetchText: WsdlFetchText, options: WsdlParseOptions = {}): Promise<Result<WsdlModel>> {
  if (typeof entryUrl !== 'string') throw new TypeError(`parseWsdl expects the entry URL as a string, got ${typeof entryUrl}`);
  if (typeof fetchText !== 'function') throw new TypeError('parseWsdl expects fetchText to be a function (url) => Promise<string>');
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxDocuments = options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS;
  if (!Number.isInteger(maxDepth) || maxDepth < 0) throw new RangeError(`maxDepth must be a non-negative integer, got ${maxDepth}`);
  if (!Number.isInteger(maxDocuments) || maxDocuments < 1) throw new RangeError(`maxDocuments must be a positive integer, got ${maxDocuments}`);

  const fetched = await fetchDocumentText(entryUrl, fetchText);
  if ('problem' in fetched) return fail({ kind: 'fetch-failed', message: `Could not fetch ${entryUrl}: ${fetched.problem}` });
  const loaded = loadedDocument(entryUrl, fetched.text, 0);
  if (!loaded.ok) return loaded;
  const entry = loaded.value.source;
  const rootProblem = entryRootProblem(entry.root);
  if (rootProblem) return fail(rootProblem);

  const graph = await loadImportGraph(entry, fetchText, { maxDepth, maxDocuments });
  const { schema, warnings: schemaWarnings } = buildSchemaSet(graph, entryUrl);
  const builder = new ModelBuilder(graph.order.map((url) => graph.documents.get(url) as LoadedDocument));
  const services = builder.services();
  const warnings: WsdlWarning[] = [...loaded.value.problems, ...graph.warnings, ...schemaWarnings, ...builder.warnings];
  if (services.length === 0) {
    warnings.push({ message: 'The description defines no services, so there is nothing to call.', url: entryUrl });
  }
  const name = attrValue(entry.root, 'name');
  return ok({
    entryUrl,
    targetNamespace: attrValue(entry.root, 'targetNamespace') ?? '',
    ...(name !== undefined ? { name } : {}),
    services,
    warnings,
    documents: graph.order,
    schema,
  });
}

function entryRootProblem(root: NsXmlElement): { kind: string; message: string } | undefined {
  if (root.ns === WSDL_NS && root.local === 'definitions') return undefined;
  if (root.ns === WSDL2_NS && root.local === 'description') {
    return {
      kind: 'wsdl2-unsupported',
      message: `This is a WSDL 2.0 description (<${root.name}> in ${WSDL2_NS}). Wirebench reads WSDL 1.1; many services also publish a WSDL 1.1 version of the same description.`,
    };
  }
  if (root.ns === XSD_NS && root.local === 'schema') {
    return { kind: 'not-wsdl', message: 'This is an XML Schema, not a WSDL: it declares types but no services or operations.' };
  }
  const where = root.ns ? `in namespace ${root.ns}` : 'in no namespace';
  return {
    kind: 'not-wsdl',
    message: `This is not a WSDL 1.1 description: the root element is <${root.name}> ${where}; a WSDL starts with <definitions> in ${WSDL_NS}.`,
  };
}

interface Located {
  node: NsXmlElement;
  source: LoadedDocument;
}

/** Collects definitions across all documents and resolves the references between them. */
class ModelBuilder {
  readonly warnings: WsdlWarning[] = [];
  private readonly definitions: LoadedDocument[];
  private readonly messages = new Map<string, Located>();
  private readonly portTypes = new Map<string, Located>();
  private readonly bindings = new Map<string, Located>();
  // Keyed by the definition's node: every operation of every port asks for its messages,
  // and a node's identity hash is far cheaper than building and hashing a string key.
  private readonly parsedMessages = new Map<NsXmlElement, WsdlMessage>();
  /** By the element that refers to a message (a portType input, a fault): every binding of the portType asks again. */
  private readonly messagesByReference = new Map<NsXmlElement, WsdlMessage | null>();
  /** Read once per document: a definitions element often carries hundreds of namespace declarations to scan past. */
  private readonly targetNamespaces = new Map<LoadedDocument, string>();
  private readonly bindingOperations = new Map<NsXmlElement, WsdlOperation[]>();
  private readonly portTypeOperations = new Map<NsXmlElement, Map<string, NsXmlElement[]>>();
  private readonly localNameIndexes = new Map<Map<string, Located>, Map<string, Array<[string, Located]>>>();

  constructor(documents: LoadedDocument[]) {
    this.definitions = documents.filter((source) => source.root.ns === WSDL_NS && source.root.local === 'definitions');
    for (const source of this.definitions) {
      const tns = attrValue(source.root, 'targetNamespace') ?? '';
      this.targetNamespaces.set(source, tns);
      for (const child of childElements(source.root)) {
        if (child.ns !== WSDL_NS) continue;
        const map = child.local === 'message' ? this.messages : child.local === 'portType' ? this.portTypes : child.local === 'binding' ? this.bindings : undefined;
        const name = attrValue(child, 'name');
        if (!map || !name) continue;
        const key = xsdKey(tns, name);
        if (!map.has(key)) map.set(key, { node: child, source });
      }
    }
  }

  services(): WsdlService[] {
    const services: WsdlService[] = [];
    for (const source of this.definitions) {
      for (const service of childrenNamed(source.root, WSDL_NS, 'service')) {
        const ports: WsdlPort[] = [];
        for (const port of childrenNamed(service, WSDL_NS, 'port')) {
          const built = this.port(port, source);
          if (built) ports.push(built);
        }
        const documentation = documentationOf(service);
        services.push({ name: attrValue(service, 'name') ?? '', ports, ...(documentation ? { documentation } : {}) });
      }
    }
    return services;
  }

  private warn(message: string, source: LoadedDocument, node?: NsXmlElement): void {
    const where = node ? ` (line ${source.locate(node.start).line})` : '';
    this.warnings.push({ message: message + where, url: source.url });
  }

  private byLocalName(map: Map<string, Located>): Map<string, Array<[string, Located]>> {
    let index = this.localNameIndexes.get(map);
    if (!index) {
      index = new Map();
      for (const entry of map) {
        const local = entry[0].slice(entry[0].indexOf('}') + 1);
        const list = index.get(local);
        if (list) list.push(entry);
        else index.set(local, [entry]);
      }
      this.localNameIndexes.set(map, index);
    }
    return index;
  }

  /** Finds a named definition; when the exact name is missing, a unique match by local name is accepted with a warning. */
  private lookup(map: Map<string, Located>, what: string, name: WsdlQName, source: LoadedDocument, node: NsXmlElement): Located | undefined {
    const exact = map.get(xsdKey(name.ns, name.local));
    if (exact) return exact;
    const candidates = this.byLocalName(map).get(name.local) ?? [];
    const undeclaredPrefix = name.ns.startsWith(UNDECLARED) ? name.ns.slice(UNDECLARED.length) : undefined;
    const problem =
      undeclaredPrefix !== undefined
        ? `The ${what} reference "${undeclaredPrefix}:${name.local}" uses the undeclared prefix "${undeclaredPrefix}"`
        : `The ${what} {${name.ns}}${name.local} is not defined`;
    if (candidates.length === 1) {
      const [key, found] = candidates[0] as [string, Located];
      this.warn(`${problem}; using ${key}, the only ${what} named "${name.local}"`, source, node);
      return found;
    }
    this.warn(problem, source, node);
    return undefined;
  }

  /**
   * Resolves a QName attribute. A value with an undeclared prefix is kept under a
   * namespace that matches nothing, so a later lookup can fall back to the local name;
   * `lookupFollows` leaves the warning to that lookup.
   */
  private qnameAttr(node: NsXmlElement, attr: string, source: LoadedDocument, lookupFollows = true): WsdlQName | undefined {
    const value = attrValue(node, attr);
    if (value === undefined) return undefined;
    const resolved = resolveQName(node, value);
    if (resolved) return resolved;
    const match = /^\s*([^:\s]+):([^:\s]+)\s*$/.exec(value);
    if (!match) {
      this.warn(`The ${attr}="${value}" of <${node.name}> is not a qualified name`, source, node);
      return undefined;
    }
    if (!lookupFollows) this.warn(`The ${attr}="${value}" of <${node.name}> uses the undeclared prefix "${match[1]}"`, source, node);
    return { ns: undeclaredPrefixNamespace(match[1] as string), local: match[2] as string };
  }

  private port(port: NsXmlElement, source: LoadedDocument): WsdlPort | undefined {
    const name = attrValue(port, 'name') ?? '';
    const bindingName = this.qnameAttr(port, 'binding', source);
    const address = childElements(port).find((child) => child.local === 'address' && (child.ns === WSDL_SOAP11_NS || child.ns === WSDL_SOAP12_NS || child.ns === WSDL_HTTP_NS));
    const binding = bindingName ? this.lookup(this.bindings, 'binding', bindingName, source, port) : undefined;
    const extension = binding
      ? childElements(binding.node).find((child) => child.local === 'binding' && (child.ns === WSDL_SOAP11_NS || child.ns === WSDL_SOAP12_NS || child.ns === WSDL_HTTP_NS))
      : undefined;
    const protocolNs = extension?.ns ?? address?.ns;
    if (!protocolNs) {
      this.warn(`Port "${name}" has neither a SOAP nor an HTTP binding and address; it is skipped`, source, port);
      return undefined;
    }
    const soapVersion: SoapVersion | null = protocolNs === WSDL_SOAP11_NS ? '1.1' : protocolNs === WSDL_SOAP12_NS ? '1.2' : null;
    const location = address ? (attrValue(address, 'location') ?? '') : '';
    if (!address) this.warn(`Port "${name}" has no address`, source, port);
    const operations = binding ? this.operationsOf(binding, extension) : [];
    const httpVerb = protocolNs === WSDL_HTTP_NS && extension ? attrValue(extension, 'verb') : undefined;
    return {
      name,
      protocol: soapVersion ? 'soap' : 'http',
      soapVersion,
      address: location,
      binding: bindingName ?? { ns: '', local: '' },
      ...(httpVerb !== undefined ? { httpVerb } : {}),
      operations,
    };
  }

  private operationsOf(binding: Located, extension: NsXmlElement | undefined): WsdlOperation[] {
    const cached = this.bindingOperations.get(binding.node);
    if (cached) return cached;
    const { node, source } = binding;
    const soapNs = extension && extension.ns !== WSDL_HTTP_NS ? extension.ns : undefined;
    const bindingStyle = extension && soapNs ? attrValue(extension, 'style')?.trim() : undefined;
    const portTypeName = this.qnameAttr(node, 'type', source);
    const portType = portTypeName ? this.lookup(this.portTypes, 'portType', portTypeName, source, node) : undefined;
    const operations: WsdlOperation[] = [];
    for (const operation of childrenNamed(node, WSDL_NS, 'operation')) {
      const name = attrValue(operation, 'name') ?? '';
      const abstract = portType ? this.abstractOperation(portType.node, name, operation) : undefined;
      if (portType && !abstract) this.warn(`Binding operation "${name}" has no matching operation in its portType`, source, operation);
      const soapOperation = soapNs ? firstChild(operation, soapNs, 'operation') : undefined;
      const styleText = (soapOperation && attrValue(soapOperation, 'style')?.trim()) || bindingStyle;
      const input = this.operationMessage('input', abstract, operation, soapNs, portType?.source ?? source);
      const output = this.operationMessage('output', abstract, operation, soapNs, portType?.source ?? source);
      const soapActionRequired = soapOperation ? attrValue(soapOperation, 'soapActionRequired')?.trim() : undefined;
      const documentation = (abstract && documentationOf(abstract)) || documentationOf(operation);
      const built: WsdlOperation = {
        name,
        soapAction: (soapOperation && attrValue(soapOperation, 'soapAction')?.trim()) ?? '',
        style: styleText === 'rpc' ? 'rpc' : 'document',
        use: input?.use ?? 'literal',
        input,
        output,
        faults: this.faults(abstract, operation, soapNs, portType?.source ?? source),
      };
      if (soapActionRequired !== undefined) built.soapActionRequired = soapActionRequired === 'true';
      if (styleText === 'rpc' && input?.namespace !== undefined) built.rpcNamespace = input.namespace;
      if (documentation) built.documentation = documentation;
      operations.push(built);
    }
    this.bindingOperations.set(binding.node, operations);
    return operations;
  }

  private abstractOperation(portType: NsXmlElement, name: string, bindingOperation: NsXmlElement): NsXmlElement | undefined {
    let byName = this.portTypeOperations.get(portType);
    if (!byName) {
      byName = new Map();
      for (const operation of childrenNamed(portType, WSDL_NS, 'operation')) {
        const operationName = attrValue(operation, 'name') ?? '';
        const list = byName.get(operationName);
        if (list) list.push(operation);
        else byName.set(operationName, [operation]);
      }
      this.portTypeOperations.set(portType, byName);
    }
    const candidates = byName.get(name) ?? [];
    if (candidates.length <= 1) return candidates[0];
    // Overloaded operations are told apart by their input and output names.
    const inputName = bindingMessageName(bindingOperation, 'input');
    const outputName = bindingMessageName(bindingOperation, 'output');
    return (
      candidates.find(
        (candidate) =>
          (inputName === undefined || bindingMessageName(candidate, 'input') === inputName) &&
          (outputName === undefined || bindingMessageName(candidate, 'output') === outputName),
      ) ?? candidates[0]
    );
  }

  private message(name: WsdlQName, source: LoadedDocument, node: NsXmlElement): WsdlMessage | null {
    const known = this.messagesByReference.get(node);
    if (known !== undefined) return known;
    const found = this.findMessage(name, source, node);
    this.messagesByReference.set(node, found);
    return found;
  }

  private findMessage(name: WsdlQName, source: LoadedDocument, node: NsXmlElement): WsdlMessage | null {
    const located = this.lookup(this.messages, 'message', name, source, node);
    if (!located) return null;
    const cached = this.parsedMessages.get(located.node);
    if (cached) return cached;
    const tns = this.targetNamespaces.get(located.source) ?? attrValue(located.source.root, 'targetNamespace') ?? '';
    const parts: WsdlPart[] = [];
    for (const part of childrenNamed(located.node, WSDL_NS, 'part')) {
      const element = this.qnameAttr(part, 'element', located.source, false);
      const type = this.qnameAttr(part, 'type', located.source, false);
      parts.push({ name: attrValue(part, 'name') ?? '', ...(element ? { element } : type ? { type } : {}) });
    }
    const message: WsdlMessage = { name: { ns: tns, local: attrValue(located.node, 'name') ?? '' }, parts };
    this.parsedMessages.set(located.node, message);
    return message;
  }

  private operationMessage(
    direction: 'input' | 'output',
    abstract: NsXmlElement | undefined,
    bindingOperation: NsXmlElement,
    soapNs: string | undefined,
    abstractDocument: LoadedDocument,
  ): WsdlOperationMessage | null {
    const abstractMessage = abstract ? firstChild(abstract, WSDL_NS, direction) : undefined;
    const bindingMessage = firstChild(bindingOperation, WSDL_NS, direction);
    if (!abstractMessage && !bindingMessage) return null;
    const messageName = abstractMessage ? this.qnameAttr(abstractMessage, 'message', abstractDocument) : undefined;
    const message = messageName && abstractMessage ? this.message(messageName, abstractDocument, abstractMessage) : null;
    const body = bindingMessage && soapNs ? soapExtension(bindingMessage, soapNs, 'body') : undefined;
    const headers: WsdlHeaderPart[] = [];
    if (bindingMessage && soapNs) {
      for (const header of soapExtensions(bindingMessage, soapNs, 'header')) {
        const headerMessageName = this.qnameAttr(header, 'message', abstractDocument);
        const partName = attrValue(header, 'part');
        if (!headerMessageName || !partName) continue;
        const headerMessage = this.message(headerMessageName, abstractDocument, header);
        const part = headerMessage?.parts.find((candidate) => candidate.name === partName);
        if (!part) {
          if (headerMessage) this.warn(`soap:header refers to part "${partName}", which message ${headerMessageName.local} does not have`, abstractDocument, header);
          continue;
        }
        const namespace = attrValue(header, 'namespace');
        headers.push({ message: headerMessageName, part, use: useOf(header), ...(namespace !== undefined ? { namespace } : {}) });
      }
    }
    const listed = body ? attrValue(body, 'parts')?.trim().split(/\s+/).filter(Boolean) : undefined;
    const inHeaders = new Set(headers.filter((header) => message && sameName(header.message, message.name)).map((header) => header.part.name));
    const bodyParts = (message?.parts ?? []).filter((part) => (listed ? listed.includes(part.name) : !inHeaders.has(part.name)));
    const name = abstractMessage ? attrValue(abstractMessage, 'name') : undefined;
    const namespace = body ? attrValue(body, 'namespace') : undefined;
    const encodingStyle = body ? attrValue(body, 'encodingStyle') : undefined;
    // Optional fields are assigned, not spread in: object spread is slow on this path, taken
    // twice per operation of every port.
    const result: WsdlOperationMessage = { message, bodyParts, headers, use: body ? useOf(body) : 'literal' };
    if (name !== undefined) result.name = name;
    if (namespace !== undefined) result.namespace = namespace;
    if (encodingStyle !== undefined) result.encodingStyle = encodingStyle;
    return result;
  }

  private faults(abstract: NsXmlElement | undefined, bindingOperation: NsXmlElement, soapNs: string | undefined, source: LoadedDocument): WsdlFault[] {
    if (!abstract) return [];
    const faults: WsdlFault[] = [];
    for (const fault of childrenNamed(abstract, WSDL_NS, 'fault')) {
      const name = attrValue(fault, 'name') ?? '';
      const messageName = this.qnameAttr(fault, 'message', source);
      const bindingFault = childrenNamed(bindingOperation, WSDL_NS, 'fault').find((candidate) => attrValue(candidate, 'name') === name);
      const soapFault = bindingFault && soapNs ? firstChild(bindingFault, soapNs, 'fault') : undefined;
      faults.push({ name, message: messageName ? this.message(messageName, source, fault) : null, use: soapFault ? useOf(soapFault) : 'literal' });
    }
    return faults;
  }
}

// One instance kept for the module's life, so optimised code survives full collections (see layoutAnchors.ts).
keepLayouts(new ModelBuilder([]));
