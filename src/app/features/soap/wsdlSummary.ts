/**
 * What the SOAP pickers need from a parsed WSDL: services, ports and operations with
 * their actions and addresses, the documents read and the warnings. The full model (with
 * every schema node) stays in the worker that parsed it; this small copy crosses to the
 * page, so a description of many megabytes never has to be cloned into the UI thread.
 */
import type { SoapVersion, WsdlModel, WsdlOperation, WsdlQName, WsdlWarning } from '../../../core';

/** One operation as a picker lists it. */
export interface WsdlOperationSummary {
  name: string;
  soapAction: string;
  style: 'document' | 'rpc';
  use: 'literal' | 'encoded';
  documentation?: string;
  /** The element the request Body must hold: the input's first part element, or the rpc wrapper. */
  bodyElement?: WsdlQName;
}

/** One port: where it is, which SOAP version it speaks, what it offers. */
export interface WsdlPortSummary {
  name: string;
  protocol: 'soap' | 'http';
  soapVersion: SoapVersion | null;
  address: string;
  operations: WsdlOperationSummary[];
}

/** One service. */
export interface WsdlServiceSummary {
  name: string;
  documentation?: string;
  ports: WsdlPortSummary[];
}

/** The whole description, as the page sees it. */
export interface WsdlSummary {
  entryUrl: string;
  name?: string;
  targetNamespace: string;
  services: WsdlServiceSummary[];
  /** Every document read, entry first. */
  documents: string[];
  warnings: WsdlWarning[];
  /** Operations over all SOAP ports. */
  operationCount: number;
}

/** The summary of `model`. */
export function summariseWsdl(model: WsdlModel): WsdlSummary {
  let operationCount = 0;
  const services = model.services.map((service): WsdlServiceSummary => ({
    name: service.name,
    ...(service.documentation ? { documentation: service.documentation } : {}),
    ports: service.ports.map((port): WsdlPortSummary => {
      if (port.protocol === 'soap') operationCount += port.operations.length;
      return {
        name: port.name,
        protocol: port.protocol,
        soapVersion: port.soapVersion,
        address: port.address,
        operations: port.operations.map((operation) => ({
          name: operation.name,
          soapAction: operation.soapAction,
          style: operation.style,
          use: operation.use,
          ...(operation.documentation ? { documentation: operation.documentation } : {}),
          ...bodyElementOf(operation, model.targetNamespace),
        })),
      };
    }),
  }));
  return {
    entryUrl: model.entryUrl,
    ...(model.name ? { name: model.name } : {}),
    targetNamespace: model.targetNamespace,
    services,
    documents: [...model.documents],
    warnings: model.warnings.map((w) => ({ ...w })),
    operationCount,
  };
}

function bodyElementOf(operation: WsdlOperation, targetNamespace: string): { bodyElement?: WsdlQName } {
  if (operation.style === 'rpc') return { bodyElement: { ns: operation.input?.namespace ?? targetNamespace, local: operation.name } };
  const element = operation.input?.bodyParts[0]?.element;
  return element ? { bodyElement: { ns: element.ns, local: element.local } } : {};
}

/** The port `portName` of service `serviceName`, if the summary has it. */
export function summaryPort(summary: WsdlSummary, serviceName: string, portName: string): WsdlPortSummary | undefined {
  return summary.services.find((s) => s.name === serviceName)?.ports.find((p) => p.name === portName);
}

/**
 * The first SOAP port and operation to offer when nothing is chosen yet, preferring SOAP
 * 1.1 (the version spec §4.5 describes) when a service offers both.
 */
export function defaultSoapTarget(summary: WsdlSummary): { service: string; port: string; operation: string } | undefined {
  for (const service of summary.services) {
    const soapPorts = service.ports.filter((p) => p.protocol === 'soap' && p.operations.length > 0);
    const port = soapPorts.find((p) => p.soapVersion === '1.1') ?? soapPorts[0];
    if (port) return { service: service.name, port: port.name, operation: port.operations[0]!.name };
  }
  return undefined;
}
