/**
 * A description's servers as collection variables: `baseUrl` is the first server's URL
 * with each `{variable}` written as `{{variable}}`, and each of its server variables is a
 * collection variable holding its default — so switching region or version is editing one
 * variable. Every server is listed (in the collection's description and the report), since
 * only the first becomes `baseUrl`.
 */
import type { Variable } from '../workspace';
import type { OpenApiDocument } from './openApiDocument';

type Server = NonNullable<OpenApiDocument['servers']>[number];

/** What the servers give a collection. */
export interface ServerVariables {
  /** `baseUrl` first, then the first server's variables. */
  variables: Variable[];
  /** The servers as a Markdown list for the collection's description; empty with one server or none. */
  listing: string;
  warnings: string[];
}

/** `{name}` as `{{name}}` for the server's declared variables; undeclared ones are left as written. */
function templated(server: Server): string {
  return server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => (server.variables?.[name] !== undefined ? `{{${name}}}` : whole));
}

function withDefaults(server: Server): string {
  return server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
}

function enumOf(variable: Record<string, unknown>): string[] {
  return Array.isArray(variable.enum) ? variable.enum.map(String) : [];
}

/**
 * The URL of the first of an operation's or path item's own `servers` (variables at their
 * defaults, no trailing `/`), which OpenAPI says replace the document's for that operation;
 * undefined when it declares none.
 */
export function ownServerUrl(servers: unknown): string | undefined {
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  if (typeof first !== 'object' || first === null || typeof (first as { url?: unknown }).url !== 'string') return undefined;
  const { url, variables } = first as { url: string; variables?: Record<string, { default?: unknown } | undefined> };
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = variables?.[name]?.default;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  }).replace(/\/$/, '');
}

/** The collection variables and notes for `doc.servers`. */
export function serverVariables(doc: OpenApiDocument): ServerVariables {
  const warnings: string[] = [];
  const servers = doc.servers ?? [];
  const first = servers[0];
  if (!first) {
    warnings.push("The document lists no servers; set the baseUrl variable to the API's address.");
    return { variables: [{ name: 'baseUrl', value: '' }], listing: '', warnings };
  }
  const variables: Variable[] = [{ name: 'baseUrl', value: templated(first).replace(/\/$/, '') }];
  for (const [name, variable] of Object.entries(first.variables ?? {})) {
    if (name === 'baseUrl') {
      warnings.push('The server variable "baseUrl" has the name of the collection\'s base URL variable; it was filled in with its default instead.');
      variables[0]!.value = variables[0]!.value.replace(/\{\{baseUrl\}\}/g, variable.default);
      continue;
    }
    variables.push({ name, value: variable.default });
    const allowed = enumOf(variable);
    if (allowed.length > 0) warnings.push(`Server variable "${name}" is set to its default "${variable.default}"; the server also allows: ${allowed.filter((v) => v !== variable.default).join(', ') || 'nothing else'}.`);
  }
  const resolved = withDefaults(first);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(resolved)) warnings.push(`The first server's URL "${first.url}" is relative; set the baseUrl variable to the API's full address.`);
  const describe = (server: Server) => `${server.url}${typeof server.description === 'string' && server.description.trim() ? ` (${server.description.trim()})` : ''}`;
  if (servers.length > 1) warnings.push(`The description lists ${servers.length} servers; baseUrl is the first, ${describe(first)}. The others: ${servers.slice(1).map(describe).join('; ')}.`);
  const listing = servers.length > 1 ? `Servers:\n${servers.map((s, i) => `- ${describe(s)}${i === 0 ? ' — baseUrl' : ''}`).join('\n')}` : '';
  return { variables, listing, warnings };
}

/** The hosts of the servers with absolute URLs (defaults filled in), for where a vault token may go. */
export function serverHosts(doc: OpenApiDocument): string[] {
  const hosts = new Set<string>();
  for (const server of doc.servers ?? []) {
    const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(withDefaults(server));
    if (match && !/[{}]/.test(match[1]!)) hosts.add(match[1]!.replace(/^[^@]*@/, '').toLowerCase());
  }
  return [...hosts];
}

/** `url` made absolute against the first server when it is relative (a Swagger tokenUrl of `/oauth/token`). */
export function absoluteAgainstServer(doc: OpenApiDocument, url: string): string {
  if (url === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  const first = doc.servers?.[0];
  if (!first) return url;
  try {
    return new URL(url, withDefaults(first)).toString();
  } catch {
    return url;
  }
}
