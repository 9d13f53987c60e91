/**
 * The modules a script can `require`, as Postman's sandbox offers them: which package each
 * is built from, the small adapters written here, and which modules a script's text names
 * (so the engine loads their texts before the run: `require` inside QuickJS is synchronous).
 * Pure data and functions: the page's worker, the CLI and the builder all read it.
 */

/** A module's text for the sandbox: a CommonJS body, and the modules it may require. */
export interface SandboxLibrary {
  name: string;
  /** Evaluated as the body of `function (module, exports, require, __wirebench) { … }`. */
  text: string;
  /** Modules the text may require (loaded with it, evaluated only when required). */
  requires: string[];
}

/** Gets a module's text: the page's from its build (Vite chunks), the CLI's from node_modules. */
export type SandboxLibraryLoader = (name: string) => Promise<SandboxLibrary>;

/**
 * Bundled from packages: the entry's source, resolved from the project's node_modules. The
 * Node modules are the browserify shims Postman's sandbox uses (buffer, url, util, events,
 * querystring-es3, assert, path-browserify, stream-browserify, string_decoder, punycode).
 */
export const BUNDLED_MODULES: Readonly<Record<string, string>> = {
  lodash: "module.exports = require('lodash');",
  'crypto-js': "module.exports = require('crypto-js');",
  // Postman's sandbox ships ajv 6 (draft-07, formats built in, no strict mode); ajv 8 would refuse many schemas it accepts.
  ajv: "module.exports = require('ajv6');",
  tv4: "module.exports = require('tv4');",
  moment: "module.exports = require('moment');",
  // Postman's require('uuid') is callable (a v4) and has .v4; the real package's other functions come along.
  uuid: "var uuid = require('uuid'); function v4() { return uuid.v4.apply(this, arguments); } module.exports = Object.assign(v4, uuid);",
  xml2js: "module.exports = require('xml2js');",
  cheerio: "module.exports = require('cheerio');",
  'csv-parse/sync': "module.exports = require('csv-parse/sync');",
  'postman-collection': "module.exports = require('postman-collection');",
  assert: "module.exports = require('assert/');",
  buffer: "module.exports = require('buffer/');",
  events: "module.exports = require('events/');",
  path: "module.exports = require('path-browserify');",
  punycode: "module.exports = require('punycode/');",
  querystring: "module.exports = require('querystring-es3');",
  stream: "module.exports = require('stream-browserify');",
  string_decoder: "module.exports = require('string_decoder/');",
  url: "module.exports = require('url/');",
  util: "module.exports = require('util/');",
};

/** Written here: adapters to Postman's module shapes, and the pieces the run itself provides. */
export const INLINE_MODULES: Readonly<Record<string, SandboxLibrary>> = {
  // csv-parse 1.x, which Postman ships, exported the parser itself from csv-parse/lib/sync.
  'csv-parse/lib/sync': {
    name: 'csv-parse/lib/sync',
    text: "var sync = require('csv-parse/sync'); module.exports = function parse() { return sync.parse.apply(this, arguments); }; module.exports.parse = sync.parse;",
    requires: ['csv-parse/sync'],
  },
  atob: { name: 'atob', text: 'module.exports = __wirebench.atob;', requires: [] },
  btoa: { name: 'btoa', text: 'module.exports = __wirebench.btoa;', requires: [] },
  timers: { name: 'timers', text: 'module.exports = __wirebench.timers;', requires: [] },
  // Not for scripts (Postman offers no crypto module): what crypto-js asks for its random words, backed by the host's CSPRNG.
  crypto: { name: 'crypto', text: 'module.exports = __wirebench.crypto;', requires: [] },
};

/**
 * Files written elsewhere and kept in this folder (vendor/): Sugar (2013), which Postman's
 * sandbox loads into every script context (postman-sandbox's lib/vendor/sugar.js, unchanged).
 * Not a module a script requires: a run evaluates it when a script first reads a method it adds.
 */
export const VENDORED_MODULES: Readonly<Record<string, string>> = {
  sugar: 'src/scripting/sandboxLibraries/vendor/sugar.js',
};

/**
 * The methods Sugar adds that the language does not have (found by evaluating it in QuickJS
 * and comparing each constructor and prototype before and after), by where they go. A
 * session's context gets a stand-in for each that evaluates Sugar the first time it is read.
 * String's `has` is left out: the run gives strings its own `has` (Postman's legacy sandbox),
 * which Sugar's replaces once it loads.
 */
export const SUGAR_METHODS: Readonly<Record<string, string>> = {
  'Object': 'map reduce each size any all none count find findAll isEmpty sum average min max least most watch isObject isNaN equal extended merge clone fromQueryString toQueryString tap has select reject isArray isBoolean isDate isFunction isNumber isString isRegExp',
  'Array': 'create AlphanumericSortOrder AlphanumericSortIgnoreCase AlphanumericSortEquivalents',
  'Array.prototype': 'findAll count removeAt include exclude clone unique flatten union intersect subtract first last from to min max least most sum average inGroups inGroupsOf isEmpty sortBy randomize zip sample each add remove compact groupBy none all any insert',
  'String': 'Inflector',
  'String.prototype': 'escapeRegExp escapeURL unescapeURL escapeHTML unescapeHTML encodeBase64 decodeBase64 each shift codes chars words lines paragraphs isBlank add remove reverse compact from to dasherize underscore camelize spacify stripTags removeTags truncate pad padLeft padRight first last toNumber capitalize assign insert pluralize singularize humanize titleize parameterize hankaku zenkaku hiragana katakana isArabic hasArabic isCyrillic hasCyrillic isDevanagari hasDevanagari isGreek hasGreek isHangul hasHangul isHan hasHan isKanji hasKanji isHebrew hasHebrew isHiragana hasHiragana isKana hasKana isKatakana hasKatakana isLatin hasLatin isThai hasThai',
  'Number': 'random',
  'Number.prototype': 'duration year years yearBefore yearsBefore yearAgo yearsAgo yearAfter yearsAfter yearFromNow yearsFromNow month months monthBefore monthsBefore monthAgo monthsAgo monthAfter monthsAfter monthFromNow monthsFromNow week weeks weekBefore weeksBefore weekAgo weeksAgo weekAfter weeksAfter weekFromNow weeksFromNow day days dayBefore daysBefore dayAgo daysAgo dayAfter daysAfter dayFromNow daysFromNow hour hours hourBefore hoursBefore hourAgo hoursAgo hourAfter hoursAfter hourFromNow hoursFromNow minute minutes minuteBefore minutesBefore minuteAgo minutesAgo minuteAfter minutesAfter minuteFromNow minutesFromNow second seconds secondBefore secondsBefore secondAgo secondsAgo secondAfter secondsAfter secondFromNow secondsFromNow millisecond milliseconds millisecondBefore millisecondsBefore millisecondAgo millisecondsAgo millisecondAfter millisecondsAfter millisecondFromNow millisecondsFromNow log abbr metric bytes isInteger isOdd isEven isMultipleOf format hex upto downto times chr pad ordinalize toNumber round floor ceil abs pow sin asin cos acos tan atan exp sqrt',
  'Date': 'create past future addLocale setLocale getLocale addFormat utc RFC1123 RFC1036 ISO8601_DATE ISO8601_DATETIME range',
  'Date.prototype': 'set setWeekday setISOWeek getISOWeek getUTCOffset utc isUTC advance rewind isValid isAfter isBefore isBetween isLeapYear daysInMonth format relative is reset clone iso getWeekday getUTCWeekday yearsAgo yearsUntil yearsSince yearsFromNow addYears isLastYear isThisYear isNextYear beginningOfYear endOfYear monthsAgo monthsUntil monthsSince monthsFromNow addMonths isLastMonth isThisMonth isNextMonth beginningOfMonth endOfMonth weeksAgo weeksUntil weeksSince weeksFromNow addWeeks isLastWeek isThisWeek isNextWeek beginningOfWeek endOfWeek daysAgo daysUntil daysSince daysFromNow addDays beginningOfDay endOfDay hoursAgo hoursUntil hoursSince hoursFromNow addHours minutesAgo minutesUntil minutesSince minutesFromNow addMinutes secondsAgo secondsUntil secondsSince secondsFromNow addSeconds millisecondsAgo millisecondsUntil millisecondsSince millisecondsFromNow addMilliseconds short long full isToday isYesterday isTomorrow isWeekday isWeekend isFuture isPast isSunday isMonday isTuesday isWednesday isThursday isFriday isSaturday isJanuary isFebruary isMarch isApril isMay isJune isJuly isAugust isSeptember isOctober isNovember isDecember',
  'Function.prototype': 'lazy delay throttle debounce cancel after once fill',
  'RegExp.prototype': 'getFlags setFlags addFlag removeFlag',
};

/** Names a script may require, besides chai (which the engine always holds). */
export const SCRIPT_MODULES: readonly string[] = [
  'ajv', 'atob', 'btoa', 'cheerio', 'crypto-js', 'csv-parse/lib/sync', 'csv-parse/sync', 'lodash', 'moment', 'postman-collection', 'tv4', 'uuid', 'xml2js',
  'assert', 'buffer', 'events', 'path', 'punycode', 'querystring', 'stream', 'string_decoder', 'timers', 'url', 'util',
];

/** Modules only other modules may require. */
export const INTERNAL_MODULES: readonly string[] = ['crypto'];

/**
 * Postman's legacy globals backed by a module (`_` is lodash 4 here; Postman's legacy `_`
 * is lodash 3), and Node's Buffer, which Postman's sandbox gives every script.
 */
export const MODULE_GLOBALS: Readonly<Record<string, { module: string; member?: string }>> = {
  _: { module: 'lodash' },
  CryptoJS: { module: 'crypto-js' },
  tv4: { module: 'tv4' },
  cheerio: { module: 'cheerio' },
  Buffer: { module: 'buffer', member: 'Buffer' },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const NAMED_AS_STRING = SCRIPT_MODULES.map((name) => [name, new RegExp(`(['"\`])${escapeRegExp(name)}\\1`)] as const);
const IDENTIFIER = (name: string) => new RegExp(`(^|[^\\w$.])${escapeRegExp(name)}(?![\\w$])`);
const NAMED_AS_GLOBAL = [
  ...Object.entries(MODULE_GLOBALS).map(([global, { module }]) => [module, IDENTIFIER(global)] as const),
  ['xml2js', IDENTIFIER('xml2Json')] as const,
  // pm.response.to.have.jsonSchema and chai's jsonSchema validate with ajv, as Postman's chai plugin does.
  ['ajv', /\bjsonSchema\b/] as const,
  // A response's stream is a Buffer.
  ['buffer', /\.stream\b/] as const,
];

/**
 * The modules a script's text names: any module name written as a string literal
 * (`require('lodash')`, `const name = 'moment'`), the legacy globals (`_`, `CryptoJS`,
 * `tv4`, `cheerio`, `xml2Json`, `Buffer`), `jsonSchema` (ajv) and `.stream` (buffer). Generous on purpose: a
 * name loaded and never required costs its text only, never an evaluation.
 */
export function modulesNamedIn(code: string): string[] {
  const found = new Set<string>();
  for (const [name, pattern] of NAMED_AS_STRING) if (pattern.test(code)) found.add(name);
  for (const [name, pattern] of NAMED_AS_GLOBAL) if (pattern.test(code)) found.add(name);
  return [...found];
}

/** True for a module kept as a file in vendor/ (Sugar). */
export function isVendoredModule(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(VENDORED_MODULES, name);
}

/** True for a module the builder makes from a package (as opposed to one written here). */
export function isBundledModule(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUNDLED_MODULES, name);
}
