/**
 * Turns chai's bundled ES module build into one script that evaluates to chai's exports, so
 * each script context can load it with a plain global eval (no module loader in the sandbox).
 * Chai 6 raises plugin events on an EventTarget; QuickJS has none, so a silent one is given
 * inside the wrapper (it never leaks into the script's globals).
 */

const EXPORT_BLOCK = /\bexport\s*\{([^}]*)\};?\s*$/;
/**
 * loupe (chai's inspect) prints an object whose prototype is not its own realm's
 * Object.prototype as a class instance: `Object{ a: 1 }`. Chai lives in the engine's library
 * context and a script's objects in their run's, so every message would say so; a plain
 * object of any realm (its prototype's prototype is null) is printed as one: `{ a: 1 }`.
 */
const PLAIN_OBJECT_TEST = 'if (proto === Object.prototype || proto === null) {';
const PLAIN_OBJECT_ANY_REALM = 'if (proto === null || Object.getPrototypeOf(proto) === null) {';

/**
 * The chai bundle (chai/index.js) rewritten as `(function () { …; return { expect, … }; })()`.
 * Throws a TypeError when the text is not chai's single-export-block bundle.
 */
export function chaiAsScript(moduleSource: string): string {
  const match = EXPORT_BLOCK.exec(moduleSource);
  if (!match || /^\s*import\s/m.test(moduleSource)) {
    throw new TypeError('chaiAsScript expects chai\'s bundled build (one trailing `export { … }` block and no imports)');
  }
  const members = (match[1] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, exported] = part.split(/\s+as\s+/);
      return `${exported ?? local}: ${local}`;
    });
  const body = moduleSource.slice(0, match.index).replace(PLAIN_OBJECT_TEST, PLAIN_OBJECT_ANY_REALM);
  return [
    '(function () {',
    'var EventTarget = function () {};',
    'EventTarget.prototype.addEventListener = function () {};',
    'EventTarget.prototype.removeEventListener = function () {};',
    'EventTarget.prototype.dispatchEvent = function () { return true; };',
    'var Event = function (type) { this.type = type; };',
    body,
    `return { ${members.join(', ')} };`,
    '})()',
  ].join('\n');
}
