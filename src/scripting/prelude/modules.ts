/**
 * Source (run INSIDE QuickJS, in the library context) of a session's module system: `require`
 * for the modules Postman's sandbox offers, each evaluated in the session's context the first
 * time a script of the session requires it and kept for the session's later scripts (as
 * Postman keeps one sandbox context per collection run), and the globals backed by them (`_`,
 * `CryptoJS`, `tv4`, `cheerio`, `Buffer`, `xml2Json`), which load on first use. Sugar, which
 * Postman loads into every context, is evaluated the first time a script reads one of the
 * methods it adds (a stand-in getter for each, SUGAR_METHODS).
 *
 * The host compiles a module's text in the session's context (`host.module(name)`), from the
 * texts the engine loaded before the run (the modules the script names, catalog.ts). What a
 * module holds of the run (timers, errors, the host) goes through `state`, which each run
 * points at itself, so a module kept from an earlier run never calls a run that has ended.
 */
import { INTERNAL_MODULES, MODULE_GLOBALS, SCRIPT_MODULES, SUGAR_METHODS } from '../sandboxLibraries/catalog';

export const MODULES_SOURCE = String.raw`
var SCRIPT_MODULES = ${JSON.stringify([...SCRIPT_MODULES].sort())};
var INTERNAL_MODULES = ${JSON.stringify(INTERNAL_MODULES)};
var MODULE_GLOBALS = ${JSON.stringify(MODULE_GLOBALS)};
var SUGAR_METHODS = ${JSON.stringify(SUGAR_METHODS)};
var MAX_RANDOM_BYTES = 65536;

/**
 * A run's modules. provided: chai, atob, btoa, recordError and the run's timers. session: an
 * object the engine keeps per session (one context, many runs); its module state is made by
 * the first run and reused by the next ones. Objects a module sees (module, exports, process)
 * are made in the session's realm, so a library assigning exports.toString or process.env.X
 * meets the realm's own Object.prototype, not the frozen one.
 */
function makeModules(host, G, provided, session) {
  var state = session && session.modules;
  if (!state) {
    state = newModuleState(G);
    if (session) session.modules = state;
  }
  state.host = host;
  state.provided = provided;
  return state.api;
}

function newModuleState(G) {
  var RealmObject = G.Object;
  var RealmPromise = G.Promise;
  var state = { host: undefined, provided: undefined, api: undefined, sugar: undefined };
  var cache = Object.create(null);
  function realmObject() { return new RealmObject(); }
  /** A function that calls the current run's own (timers, errors): never a run that has ended. */
  function current(name) { return function () { return state.provided[name].apply(undefined, arguments); }; }

  var processShim = realmObject();
  processShim.env = realmObject();
  processShim.argv = new G.Array();
  processShim.versions = realmObject();
  processShim.version = '';
  processShim.platform = 'browser';
  processShim.browser = true;
  processShim.title = 'browser';
  processShim.cwd = function () { return '/'; };
  processShim.nextTick = function (fn) {
    var args = Array.prototype.slice.call(arguments, 1);
    RealmPromise.resolve().then(function () { fn.apply(undefined, args); }).then(undefined, current('recordError'));
  };

  var cryptoShim = realmObject();
  /** Web Crypto's getRandomValues, from the host's CSPRNG: uuid and crypto-js draw from it. */
  cryptoShim.getRandomValues = function (array) {
    if (!array || typeof array.byteLength !== 'number' || !array.buffer || array instanceof G.Float32Array || array instanceof G.Float64Array) {
      throw new TypeError('crypto.getRandomValues needs an integer typed array');
    }
    if (array.byteLength > MAX_RANDOM_BYTES) throw new RangeError('crypto.getRandomValues gives at most ' + MAX_RANDOM_BYTES + ' bytes at once');
    var hex = state.host.random(array.byteLength);
    var bytes = new G.Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (var i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    return array;
  };

  var timers = realmObject();
  ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'].forEach(function (name) { timers[name] = current(name); });

  var scope = realmObject();
  Object.defineProperty(scope, 'Buffer', { get: function () { return load('buffer').Buffer; } });
  scope.process = processShim;
  scope.crypto = cryptoShim;
  scope.setImmediate = timers.setImmediate;
  scope.clearImmediate = timers.clearImmediate;
  scope.timers = timers;
  scope.atob = current('atob');
  scope.btoa = current('btoa');

  var loading = 0;
  function load(name) {
    var found = cache[name];
    if (found) return found.exports;
    var factory = state.host.module(name);
    if (typeof factory !== 'function' && factory === '' && loading > 0 && missingIsUndefined) return undefined;
    if (typeof factory !== 'function') {
      throw new Error("require('" + name + "'): " + (factory || 'the module was not loaded for this run. Wirebench loads the modules a script names in quotes before it runs; write the name as a string, e.g. require(\'' + name + '\')'));
    }
    var module = realmObject();
    module.exports = realmObject();
    module.id = name;
    module.loaded = false;
    // Cached before it runs: modules that require each other get the part already exported, as in Node.
    cache[name] = module;
    loading += 1;
    try {
      factory.call(module.exports, module, module.exports, requireFromModule, scope);
    } catch (e) {
      delete cache[name];
      throw e;
    } finally {
      loading -= 1;
    }
    module.loaded = true;
    return module.exports;
  }

  function requireFromModule(name) {
    var id = String(name).replace(/^node:/, '').replace(/\/$/, '');
    if (id === 'chai') return state.provided.chai;
    if (SCRIPT_MODULES.indexOf(id) < 0 && INTERNAL_MODULES.indexOf(id) < 0) throw new Error("Cannot find module '" + id + "' (it is not in the script sandbox)");
    return load(id);
  }

  /** require as scripts have it: chai and the modules Postman's sandbox offers. */
  function requireForScript(name) {
    var id = String(name);
    if (id === 'chai') return state.provided.chai;
    if (SCRIPT_MODULES.indexOf(id) < 0) {
      throw new Error("require('" + id + "') is not available in Wirebench scripts (available: " + ['chai'].concat(SCRIPT_MODULES).sort().join(', ') + ')');
    }
    return load(id);
  }

  /** Postman's xml2Json(text): xml2js's parse with its options, run synchronously. */
  function xml2Json(text) {
    var result = realmObject();
    load('xml2js').parseString(text, { explicitArray: false, async: false, trim: true, mergeAttrs: false }, function (error, parsed) { result = parsed; });
    return result;
  }

  var missingIsUndefined = false;
  /**
   * Defines the module-backed globals on the context's global object (each run, since a
   * script may have replaced them): each loads on first read. A library probing the global
   * object while it loads (lodash reads root._ and root.Buffer) gets undefined for a module
   * that is loading or was not loaded for the run, not an error.
   */
  function defineGlobals() {
    Object.keys(MODULE_GLOBALS).forEach(function (name) {
      var spec = MODULE_GLOBALS[name];
      var settle = function (value) { Object.defineProperty(G, name, { value: value, writable: true, configurable: true, enumerable: false }); return value; };
      Object.defineProperty(G, name, {
        configurable: true,
        enumerable: false,
        get: function () {
          if (loading > 0 && cache[spec.module] && !cache[spec.module].loaded) return undefined;
          missingIsUndefined = true;
          var exported;
          try { exported = load(spec.module); } finally { missingIsUndefined = false; }
          if (exported === undefined) return undefined;
          return settle(spec.member ? exported[spec.member] : exported);
        },
        set: settle,
      });
    });
    Object.defineProperty(G, 'xml2Json', { value: xml2Json, writable: true, configurable: true, enumerable: false });
  }

  /**
   * Sugar's methods as stand-ins on the realm's constructors and prototypes: reading one
   * evaluates Sugar (once per session; it costs a few hundred milliseconds, so only sessions
   * that use it pay) and answers with Sugar's method; assigning one just sets the value.
   */
  var sugarStubs = [];
  function ensureSugar() {
    if (state.sugar) return;
    state.sugar = 'loading';
    sugarStubs.forEach(function (stub) {
      var now = Object.getOwnPropertyDescriptor(stub.target, stub.name);
      if (now && now.get === stub.get) delete stub.target[stub.name];
    });
    try { load('sugar'); state.sugar = 'loaded'; } catch (e) { state.sugar = 'failed'; throw e; }
  }
  Object.keys(SUGAR_METHODS).forEach(function (where) {
    var parts = where.split('.');
    var target = parts.length > 1 ? G[parts[0]].prototype : G[parts[0]];
    SUGAR_METHODS[where].split(' ').forEach(function (name) {
      if (Object.prototype.hasOwnProperty.call(target, name)) return;
      var stub = {
        target: target, name: name,
        get: function () { ensureSugar(); return this === undefined || this === null ? undefined : this[name]; },
      };
      Object.defineProperty(target, name, {
        configurable: true, enumerable: false, get: stub.get,
        set: function (value) {
          if (this === null || (typeof this !== 'object' && typeof this !== 'function')) return;
          Object.defineProperty(this, name, { value: value, writable: true, configurable: true, enumerable: this !== target });
        },
      });
      sugarStubs.push(stub);
    });
  });

  state.api = { require: requireForScript, load: load, defineGlobals: defineGlobals, sugarLoaded: function () { return state.sugar === 'loaded'; } };
  return state;
}
`;
