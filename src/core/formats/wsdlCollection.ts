/**
 * A parsed WSDL as a collection of SOAP requests: one per operation of every SOAP port,
 * each a POST of the sample envelope to the port's address with the headers its SOAP
 * version requires, remembering the operation so the SOAP tools can regenerate it.
 * Fetching and parsing the WSDL (with its imports) is the app's part: it hands the model.
 */
import type { WsdlModel } from '../soap';
import { sampleEnvelope } from '../soap';
import { normaliseDraft } from '../request';
import { workspaceItemId, type CollectionItem, type Folder, type SavedRequest } from '../workspace';
import { emptyCollection, type ImportResult } from './importResult';

/**
 * The collection for `model`, loaded from `wsdlUrl`. With a single SOAP port its
 * operations are at the top level; with several (often the same operations over SOAP 1.1
 * and 1.2) each port gets a folder "Service / Port (SOAP 1.x)". HTTP-binding ports and
 * operations whose sample cannot be written are skipped with the reason; the model's own
 * warnings are passed on.
 */
export function wsdlToCollection(model: WsdlModel, wsdlUrl: string): ImportResult {
  if (!model || !Array.isArray(model.services)) throw new TypeError('wsdlToCollection expects a WsdlModel returned by parseWsdl');
  const collection = emptyCollection(model.name || model.services[0]?.name || 'SOAP service');
  const result: ImportResult = { collection, skipped: [], warnings: model.warnings.map((w) => `${w.url}: ${w.message}`) };
  const groups: { label: string; items: CollectionItem[] }[] = [];
  for (const service of model.services) {
    for (const port of service.ports) {
      const label = `${service.name} / ${port.name}${port.soapVersion ? ` (SOAP ${port.soapVersion})` : ''}`;
      if (port.protocol !== 'soap') {
        result.skipped.push({ item: label, reason: `it is an HTTP${port.httpVerb ? ` ${port.httpVerb}` : ''} binding, not SOAP; its operations are plain HTTP requests` });
        continue;
      }
      const items: CollectionItem[] = [];
      for (const operation of port.operations) {
        const target = { service: service.name, port: port.name, operation: operation.name };
        const sample = sampleEnvelope(model, target);
        if (!sample.ok) {
          result.skipped.push({ item: `${label} / ${operation.name}`, reason: sample.error.message });
          continue;
        }
        const draft = normaliseDraft({
          name: operation.name,
          method: 'POST',
          url: sample.value.endpoint,
          headers: sample.value.headers.map((h) => ({ name: h.name, value: h.value })),
          body: { kind: 'xml', texts: { xml: sample.value.envelope } },
        });
        const request: SavedRequest = { kind: 'request', id: workspaceItemId('req'), name: operation.name, draft, requestType: 'soap', soap: { wsdlUrl, ...target } };
        if (operation.documentation) request.description = operation.documentation;
        items.push(request);
      }
      groups.push({ label, items });
    }
  }
  if (groups.length === 1) collection.items = groups[0]!.items;
  else collection.items = groups.map((g): Folder => ({ kind: 'folder', id: workspaceItemId('fld'), name: g.label, items: g.items }));
  const documentation = model.services.map((s) => s.documentation).filter((d): d is string => !!d);
  if (documentation.length > 0) collection.description = documentation.join('\n\n');
  collection.variables = [];
  return result;
}
