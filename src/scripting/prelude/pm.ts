/**
 * Source (run INSIDE QuickJS, in the engine's library context) of `makeSandbox(host, G, session)`:
 * it builds `pm`, `postman`, `console`, `require`, the legacy globals and the run's bounded
 * timers on the session context's global object G from the run's input (each run anew: a
 * script gets its own pm, as in Postman), keeps the session's modules in `session`, and gives
 * the host a control object (`start`, `finish`, `collect`). The host functions it receives (`host.*`) are
 * captured in the closure and never reachable from a script's globals.
 */
import { CHAI_POSTMAN_SOURCE } from './chaiPostman';
import { COLLECTIONS_SOURCE } from './collections';
import { COOKIES_SOURCE } from './cookies';
import { LEGACY_SOURCE } from './legacy';
import { MODULES_SOURCE } from './modules';
import { REQUEST_SOURCE } from './request';
import { RESPONSE_SOURCE } from './response';

const PM_SOURCE = String.raw`
function makeSandbox(host, G, session) {
var realmParse = G.JSON.parse;
var input = parseJson(host.input());
var isPre = input.phase === 'pre-request';
var out = { tests: [], console: [], errors: [], nextRequest: undefined, skipRequest: false, visualizer: undefined };
var pendingTests = [];

function errorRecord(e) {
  if (e instanceof Error || (e && typeof e === 'object' && 'message' in e)) {
    return { name: String(e.name || 'Error'), message: String(e.message), stack: String(e.stack || '') };
  }
  return { name: 'Error', message: 'a value was thrown: ' + (e === null || e === undefined ? String(e) : valueText(e)), stack: '', thrownValue: true };
}
function recordError(e) { out.errors.push(errorRecord(e)); }
function testMessage(e) {
  var record = errorRecord(e);
  return record.name === 'AssertionError' ? record.message : record.name + ': ' + record.message;
}

// --- variables: Postman's scopes, and pm.variables over them (local > data > environment > collection > globals)
var scopes = {
  environment: new VariableScope('environment', input.variables.environment, realmParse),
  collection: new VariableScope('collectionVariables', input.variables.collection, realmParse),
  globals: new VariableScope('globals', input.variables.globals, realmParse),
  local: new VariableScope('variables', input.variables.local, realmParse),
  // As in Postman, a script may change the data row for itself; nothing of it is reported back.
  iterationData: new VariableScope('iterationData', input.variables.iterationData, realmParse),
};
if (input.info.environmentName !== undefined) scopes.environment.name = input.info.environmentName;
var resolutionOrder = [scopes.local, scopes.iterationData, scopes.environment, scopes.collection, scopes.globals];
function resolveVariable(name) {
  for (var i = 0; i < resolutionOrder.length; i++) if (resolutionOrder[i].has(name)) return resolutionOrder[i].get(name);
  return undefined;
}
var variables = {
  get: resolveVariable,
  has: function (name) { return resolveVariable(name) !== undefined; },
  set: function (name, value) { scopes.local.set(name, value); },
  unset: function (name) { scopes.local.unset(name); },
  toObject: function () {
    var merged = {};
    for (var i = resolutionOrder.length - 1; i >= 0; i--) {
      var values = resolutionOrder[i].toObject(), keys = Object.keys(values);
      for (var k = 0; k < keys.length; k++) putOwn(merged, keys[k], values[keys[k]]);
    }
    return cloneValue(merged, realmParse);
  },
  replaceIn: function (template) { return replaceDeep(template, resolveVariable, realmParse); },
};
variables.toJSON = variables.toObject;

// --- timers, bounded by the run: a callback due after the run's time limit never runs
var timerIds = 0;
var cancelledTimers = {};
function schedule(fn, ms, extra, repeat) {
  var id = ++timerIds;
  var delay = Math.max(0, Number(ms) || 0);
  (function tick() {
    host.timer(delay).then(function () {
      if (cancelledTimers[id]) return;
      if (typeof fn === 'function') fn.apply(undefined, extra);
      if (repeat && !cancelledTimers[id]) tick();
    }).then(undefined, recordError);
  })();
  return id;
}
function cancel(id) { cancelledTimers[id] = true; }
var timers = {
  setTimeout: function (fn, ms) { return schedule(fn, ms, Array.prototype.slice.call(arguments, 2), false); },
  setInterval: function (fn, ms) { return schedule(fn, Math.max(1, Number(ms) || 0), Array.prototype.slice.call(arguments, 2), true); },
  setImmediate: function (fn) { return schedule(fn, 0, Array.prototype.slice.call(arguments, 1), false); },
  clearTimeout: cancel, clearInterval: cancel, clearImmediate: cancel,
};

// --- modules (require, and the globals backed by them)
var modules = makeModules(host, G, {
  chai: chai, atob: decodeBase64, btoa: encodeBase64, recordError: recordError,
  setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout, setInterval: timers.setInterval,
  clearInterval: timers.clearInterval, setImmediate: timers.setImmediate, clearImmediate: timers.clearImmediate,
}, session);
activeModules = modules;

// --- request, response, cookies
var request = new PostmanRequest(input.request, input.info);
var cookies = makeCookieList(input.cookies, input.response && input.response.headers);
var response = input.response ? new PostmanResponse(input.response, realmParse, makeCookieList(undefined, input.response.headers), modules.load) : undefined;
var jar = makeCookieJar(host, recordError);
cookies.jar = function () { return jar; };

var sendCount = 0;
function sendRequest(definition, callback) {
  var settled;
  try {
    sendCount += 1;
    if (sendCount > input.maxSendRequests) {
      throw new Error('pm.sendRequest was called more than ' + input.maxSendRequests + ' times in one script run; the rest were not sent');
    }
    settled = host.send(stringify(requestFromDefinition(definition))).then(function (text) {
      var data = parseJson(text);
      return new PostmanResponse(data, realmParse, makeCookieList(undefined, data.headers), modules.load);
    });
  } catch (e) {
    settled = Promise.reject(e);
  }
  if (typeof callback !== 'function') return settled;
  settled.then(function (res) { callback(null, res); }, function (err) { callback(err, undefined); })
    .then(undefined, recordError);
  return undefined;
}

// --- tests
function test(name, fn) {
  var slot = { name: String(name), passed: true };
  out.tests.push(slot);
  function fail(e) { slot.passed = false; slot.error = testMessage(e); }
  if (typeof fn !== 'function') { slot.skipped = true; return pm; }
  try {
    if (fn.length > 0) {
      var state = { done: false };
      pendingTests.push({ slot: slot, state: state });
      fn(function done(err) { if (state.done) return; state.done = true; if (err) fail(err); });
    } else {
      var result = fn();
      if (result && typeof result.then === 'function') {
        var tracked = { done: false };
        pendingTests.push({ slot: slot, state: tracked });
        result.then(function () { tracked.done = true; }, function (e) { tracked.done = true; fail(e); });
      }
    }
  } catch (e) {
    fail(e);
  }
  return pm;
}
test.skip = function (name) { out.tests.push({ name: String(name), passed: true, skipped: true }); return pm; };
test.index = function () { return out.tests.length; };

function setNextRequest(name) {
  out.nextRequest = name === null || name === undefined ? null : String(name);
}

var location = (input.info.location || [input.info.requestName]).slice();
Object.defineProperty(location, 'current', { value: input.info.currentLocation !== undefined ? input.info.currentLocation : input.info.requestName, enumerable: false });

var pm = {
  test: test,
  info: {
    eventName: isPre ? 'prerequest' : 'test',
    iteration: input.info.iteration,
    iterationCount: input.info.iterationCount,
    requestName: input.info.requestName,
    requestId: input.info.requestId,
  },
  environment: scopes.environment,
  collectionVariables: scopes.collection,
  globals: scopes.globals,
  iterationData: scopes.iterationData,
  variables: variables,
  request: request,
  response: response,
  cookies: cookies,
  sendRequest: sendRequest,
  execution: { setNextRequest: setNextRequest, skipRequest: function () { out.skipRequest = true; }, location: location },
  require: modules.require,
  visualizer: {
    set: function (template, data, options) {
      if (typeof template !== 'string') throw new Error('Invalid template. Template must be of type string, found ' + typeof template);
      if (data && typeof data !== 'object') throw new Error('Invalid data. Data must be an object, found ' + typeof data);
      if (options && typeof options !== 'object') throw new Error('Invalid options. Options must be an object, found ' + typeof options);
      out.visualizer = { template: template, data: cloneValue(data === undefined ? {} : data), options: cloneValue(options === undefined ? {} : options) };
    },
    clear: function () { out.visualizer = undefined; },
  },
};
Object.defineProperty(pm, 'expect', { enumerable: true, value: chai.expect });

// --- console, bounded: a script printing in a loop must not fill the run's memory, the page or the terminal
function formatArg(value) {
  if (typeof value === 'string') return value;
  if (value instanceof Error || (value && typeof value === 'object' && Object.prototype.toString.call(value) === '[object Error]')) return value.name + ': ' + value.message;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return '[Function ' + (value.name || 'anonymous') + ']';
  try { var text = stringify(value); return text === undefined ? String(value) : text; } catch (e) { return String(value); }
}
var consoleDropped = 0;
function consoleMethod(level) {
  return function () {
    if (out.console.length >= input.maxConsoleLines) { consoleDropped += 1; return; }
    var parts = [];
    for (var i = 0; i < arguments.length; i++) parts.push(formatArg(arguments[i]));
    var text = parts.join(' ');
    if (text.length > input.maxConsoleLineChars) {
      text = text.slice(0, input.maxConsoleLineChars) + '… (' + (text.length - input.maxConsoleLineChars) + ' more characters not kept)';
    }
    out.console.push({ level: level, text: text });
  };
}

var legacy = makeLegacyGlobals({ scopes: scopes, request: request, response: response, cookies: cookies, input: input, setNextRequest: setNextRequest });
var globals = {
  pm: pm,
  require: modules.require,
  console: { log: consoleMethod('log'), info: consoleMethod('info'), warn: consoleMethod('warn'), error: consoleMethod('error'), debug: consoleMethod('debug') },
  atob: decodeBase64,
  btoa: encodeBase64,
};
Object.keys(timers).forEach(function (name) { globals[name] = timers[name]; });
Object.keys(legacy).forEach(function (name) { globals[name] = legacy[name]; });
// Postman's legacy sandbox gives strings a has() (e.g. responseBody.has('Babbage')).
if (!G.String.prototype.has) {
  Object.defineProperty(G.String.prototype, 'has', { value: function (part) { return this.indexOf(part) >= 0; }, writable: true, configurable: true });
}
Object.keys(globals).forEach(function (name) {
  Object.defineProperty(G, name, { value: globals[name], writable: true, configurable: true, enumerable: false });
});
modules.defineGlobals();

var control = {
  start: function (main) {
    var ran;
    // As in Postman, a script's own this is an object of its own (its top-level vars are its own too: a script is a function body).
    try { ran = main.call(new G.Object()); } catch (e) { recordError(e); return; }
    Promise.resolve(ran).then(undefined, recordError);
  },
  finish: function () {
    pendingTests.forEach(function (p) {
      if (!p.state.done) { p.slot.passed = false; p.slot.error = 'the test did not finish (its promise or done callback never settled)'; }
    });
    Object.keys(legacy.tests).forEach(function (name) {
      var value = legacy.tests[name];
      // Postman's words for a falsy legacy test.
      out.tests.push(value ? { name: name, passed: true } : { name: name, passed: false, error: 'expected ' + String(value) + ' to be truthy' });
    });
  },
  collect: function () {
    activeModules = undefined;
    var result = {
      tests: out.tests, errors: out.errors, skipRequest: out.skipRequest,
      console: consoleDropped === 0 ? out.console : out.console.concat([{ level: 'warn', text: '… ' + consoleDropped + ' more line' + (consoleDropped === 1 ? '' : 's') + ' not kept (a script run keeps ' + input.maxConsoleLines + ' console lines)' }]),
      variables: {
        environment: scopes.environment._changes, collection: scopes.collection._changes,
        globals: scopes.globals._changes, local: scopes.local._changes,
      },
    };
    if ('nextRequest' in out && out.nextRequest !== undefined) result.nextRequest = out.nextRequest;
    if (out.visualizer) result.visualizer = out.visualizer;
    if (isPre) result.request = plainRequest(request);
    return stringify(result);
  },
};
return control;
}
`;

/**
 * Freezes everything reachable from the given roots (own properties, accessors, prototypes),
 * so the library realm that every run shares holds no state a script could change for the next.
 */
const HARDEN_SOURCE = String.raw`
function harden(roots) {
  var seen = new Set();
  var stack = roots.slice();
  while (stack.length) {
    var item = stack.pop();
    if (item === null || (typeof item !== 'object' && typeof item !== 'function') || seen.has(item)) continue;
    seen.add(item);
    Object.freeze(item);
    stack.push(Object.getPrototypeOf(item));
    var keys = Reflect.ownKeys(item);
    for (var i = 0; i < keys.length; i++) {
      var descriptor = Object.getOwnPropertyDescriptor(item, keys[i]);
      if (!descriptor) continue;
      if ('value' in descriptor) stack.push(descriptor.value);
      else stack.push(descriptor.get, descriptor.set);
    }
  }
}
`;

/**
 * The library evaluated once per engine in its own context: a function of chai's exports that
 * returns `makeSandbox(host, scriptGlobal, session)`, after adding Postman's assertions to chai
 * and freezing its realm. Each run calls makeSandbox with its session context's global object: the pm
 * objects are new per run, the code and chai are shared, frozen. `activeModules` is the one
 * binding that changes: the running run's modules (runs are serialized), for jsonSchema.
 */
export const LIBRARY_SOURCE = `(function (chaiModule) {\n'use strict';\n${COLLECTIONS_SOURCE}\n${RESPONSE_SOURCE}\n${REQUEST_SOURCE}\n${COOKIES_SOURCE}\n${CHAI_POSTMAN_SOURCE}\n${MODULES_SOURCE}\n${LEGACY_SOURCE}\n${HARDEN_SOURCE}
var activeModules;
function loadForAssertion(name) {
  if (!activeModules) throw new Error('jsonSchema can only be checked while a script runs');
  return activeModules.load(name);
}
addPostmanAssertions(chaiModule, PostmanResponse.isResponse, PostmanRequest.isRequest, loadForAssertion);
var chai = {};
Object.keys(chaiModule).forEach(function (key) { chai[key] = chaiModule[key]; });
chai.use = function () { throw new Error('chai plugins (chai.use) are not available in Wirebench scripts: the engine\\'s chai is shared by every run and frozen (Postman\\'s own assertions are built in)'); };
Object.defineProperty(PostmanResponse.prototype, 'to', { get: function () { return chai.expect(this).to; } });
Object.defineProperty(PostmanRequest.prototype, 'to', { get: function () { return chai.expect(this).to; } });
${PM_SOURCE}
// Every library function a script can reach (through an instance's prototype or a method) is frozen with its prototype.
harden([globalThis, chai, makeSandbox, VariableScope, PropertyList, Url, PostmanResponse, PostmanRequest, RequestBody, cloneValue, valueText, replaceWith, replaceDeep, encodeBase64, decodeBase64, putOwn, makeModules, makeCookieList, makeCookieJar, makeLegacyGlobals]);
return makeSandbox;
})`;
