/**
 * Keeps one instance of each class a large description's reading and sampling lean on.
 *
 * The engine (V8) keeps an object layout (its "map") only while some object has it, and
 * discards the optimised code built for a layout that is gone. A full garbage collection
 * after a large description, when every scanner, model builder, prefix table and printer
 * of that run is dead, would otherwise throw all that code away, and the next description
 * would be read by unoptimised code again. Measured with `npm run bench:wsdl` on the 3 MB
 * generated WSDL: about 345 ms before, 210–280 ms with the layouts kept.
 *
 * The instances are empty: they hold no document at all.
 */
const anchors: object[] = [];

/** Keeps `instances` (and so their layouts) alive for as long as the program runs. */
export function keepLayouts(...instances: object[]): void {
  anchors.push(...instances);
}
