/**
 * Prefixes for a generated document: every namespace gets a prefix (never a default
 * `xmlns=`), so an unqualified element written without a prefix is truly in no namespace.
 * Prefixes follow what the WSDL itself used where that is unambiguous, so a sample reads
 * like its description; clashes fall back to `ns1`, `ns2`, ….
 */
import { XML_NAMESPACE } from './xmlTree';
import { keepLayouts } from './layoutAnchors';

/** Assigns prefixes to namespace URIs for one generated document and remembers which to declare. */
export class NamespacePrefixes {
  private readonly byUri = new Map<string, string>();
  private readonly taken = new Set<string>(['xml', 'xmlns']);
  private readonly reservedFor = new Map<string, string>();
  private readonly declared: Array<[prefix: string, uri: string]> = [];
  private counter = 0;

  /**
   * @param hints namespace URI → prefix seen in the source documents.
   * @param reserved prefixes kept for well-known namespaces (envelope, xsi, xsd); they are
   *   declared only once used.
   */
  constructor(
    private readonly hints: ReadonlyMap<string, string>,
    reserved: ReadonlyArray<[prefix: string, uri: string]>,
  ) {
    for (const [prefix, uri] of reserved) {
      this.reservedFor.set(uri, prefix);
      this.taken.add(prefix);
    }
  }

  /** The prefix for `uri`, assigning (and recording for declaration) one on first use. */
  prefixFor(uri: string): string {
    if (uri === '') throw new RangeError('The empty namespace has no prefix: write the name unprefixed');
    if (uri === XML_NAMESPACE) return 'xml';
    const known = this.byUri.get(uri);
    if (known !== undefined) return known;
    let prefix = this.reservedFor.get(uri);
    if (prefix === undefined) {
      const hint = this.hints.get(uri);
      if (hint !== undefined && isUsablePrefix(hint) && !this.taken.has(hint)) prefix = hint;
      else {
        do prefix = `ns${++this.counter}`;
        while (this.taken.has(prefix));
      }
      this.taken.add(prefix);
    }
    this.byUri.set(uri, prefix);
    this.declared.push([prefix, uri]);
    return prefix;
  }

  /** Writes `{ns}local` as it must appear: unprefixed only when `ns` is empty. */
  qualify(ns: string, local: string): string {
    return ns === '' ? local : `${this.prefixFor(ns)}:${local}`;
  }

  /** `xmlns:p="uri"` attribute pairs for every namespace used so far, in first-use order. */
  declarations(): Array<[string, string]> {
    return this.declared.map(([prefix, uri]): [string, string] => [`xmlns:${prefix}`, uri]);
  }
}

function isUsablePrefix(prefix: string): boolean {
  return /^[A-Za-z_][\w.-]*$/.test(prefix) && !/^xml/i.test(prefix);
}

// One instance kept for the module's life, so optimised code survives full collections (see layoutAnchors.ts).
keepLayouts(new NamespacePrefixes(new Map(), []));
