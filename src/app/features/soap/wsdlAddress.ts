/**
 * Where a service's description is. By the convention of spec §4.5, appending `?WSDL`
 * to the endpoint URL returns the WSDL, so an endpoint typed without a query gets it; a
 * URL that already has a query (`?wsdl`, `?singleWsdl`, `?xsd=1`) is taken as written.
 */

/** Why a typed WSDL address cannot be fetched. */
export interface WsdlAddressProblem {
  message: string;
}

/** The URL to fetch for `typed`: trimmed, `?WSDL` appended when it has no query; or why it is not a URL. */
export function wsdlAddressFor(typed: string): { url: string } | WsdlAddressProblem {
  const trimmed = typed.trim();
  if (trimmed === '') return { message: 'Type the address of the WSDL or of the service endpoint.' };
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return { message: `"${trimmed}" is not an absolute URL; it needs http:// or https://.` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { message: `${parsed.protocol} addresses cannot be fetched through the relay; use http:// or https://.` };
  }
  const hash = trimmed.indexOf('#');
  const withoutFragment = hash < 0 ? trimmed : trimmed.slice(0, hash);
  if (withoutFragment.includes('?')) return { url: withoutFragment };
  return { url: `${withoutFragment}?WSDL` };
}
