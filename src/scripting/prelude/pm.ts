/**
 * Source (run INSIDE QuickJS, in the engine's library context) of `makeSandbox(host, G)`: it
 * builds `pm`, `postman`, `console`, `require`, the legacy globals and a bounded `setTimeout`
 * on a run's fresh global object G from the run's input, and gives the host a control object
 * (`start`, `finish`, `collect`). The host functions it receives (`host.*`) are captured in
 * the closure and never reachable from a script's globals.
 */
import { COLLECTIONS_SOURCE } from './collections';
import { RESPONSE_SOURCE } from './response';

const PM_SOURCE = String.raw`
function makeSandbox(host, G) {
var realmParse = G.JSON.parse;
var input = parseJson(host.input());
var isPre = input.phase === 'pre-request';
var out = { tests: [], console: [], errors: [], nextRequest: undefined, skipRequest: false };
var pendingTests = [];
function loadChai() { return chai; }

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

var scopes = {
  environment: new VariableScope('environment', input.variables.environment, realmParse),
  collection: new VariableScope('collectionVariables', input.variables.collection, realmParse),
  globals: new VariableScope('globals', input.variables.globals, realmParse),
  local: new VariableScope('variables', input.variables.local, realmParse),
  iterationData: new VariableScope('iterationData', input.variables.iterationData, realmParse),
};
['set', 'unset', 'clear'].forEach(function (name) {
  // defineProperty, not assignment: the prototype's method is frozen, and assigning over it would throw.
  Object.defineProperty(scopes.iterationData, name, { value: function () { throw new TypeError('pm.iterationData is read-only'); } });
});
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
  replaceIn: function (template) { return replaceWith(template, resolveVariable); },
};

function makeRequest(data) {
  var url = new Url(data.url);
  var headers = new PropertyList((data.headers || []).map(function (h) { return { key: h.name, value: h.value }; }));
  var body = data.body === undefined ? undefined : { mode: 'raw', raw: data.body };
  var request = { method: String(data.method || 'GET').toUpperCase() };
  Object.defineProperty(request, 'url', { enumerable: true, get: function () { return url; }, set: function (v) { url = new Url(String(v)); } });
  Object.defineProperty(request, 'headers', { enumerable: true, get: function () { return headers; } });
  Object.defineProperty(request, 'body', {
    enumerable: true,
    get: function () { return body; },
    set: function (v) { body = typeof v === 'string' ? { mode: 'raw', raw: v } : v; },
  });
  request.addHeader = function (h) { headers.add(h); };
  request.upsertHeader = function (h) { headers.upsert(h); };
  request.removeHeader = function (name) { headers.remove(name); };
  request.toJSON = function () { return plainRequest(request); };
  return request;
}
function bodyText(body) {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body.mode === 'urlencoded') {
    return (body.urlencoded || []).filter(function (p) { return !p.disabled; }).map(function (p) {
      return encodeURIComponent(p.key) + '=' + encodeURIComponent(valueText(p.value));
    }).join('&');
  }
  if (body.raw === undefined || body.raw === null) return undefined;
  return typeof body.raw === 'string' ? body.raw : stringify(body.raw);
}
function plainRequest(request) {
  var headerItems = request.headers && request.headers._items ? request.headers._items : [];
  var plain = {
    method: String(request.method || 'GET').toUpperCase(),
    url: String(request.url),
    headers: headerItems.filter(function (h) { return !h.disabled; }).map(function (h) { return { name: h.key, value: h.value }; }),
  };
  var text = bodyText(request.body);
  if (text !== undefined) plain.body = text;
  return plain;
}
/** pm.sendRequest's argument (a URL or a Postman request definition) as the host's plain request. */
function requestFromDefinition(definition) {
  if (typeof definition === 'string') return { method: 'GET', url: definition, headers: [] };
  if (!definition || typeof definition !== 'object') throw new TypeError('pm.sendRequest needs a URL or a request object');
  var header = definition.header || definition.headers || [];
  var list = Array.isArray(header)
    ? header.map(function (h) { return typeof h === 'string' ? h : { key: h.key, value: h.value, disabled: h.disabled }; })
    : Object.keys(header).map(function (k) { return { key: k, value: header[k] }; });
  var headers = new PropertyList(list);
  var body = definition.body;
  if (body && body.mode === 'urlencoded' && !headers.has('Content-Type')) headers.add({ key: 'Content-Type', value: 'application/x-www-form-urlencoded' });
  var url = definition.url;
  if (url && typeof url === 'object' && typeof url.raw === 'string') url = url.raw;
  return plainRequest({ method: definition.method || 'GET', url: String(url), headers: headers, body: body });
}

var request = makeRequest(input.request);
var response = input.response ? makeResponse(input.response, realmParse) : undefined;
var sendCount = 0;

function sendRequest(definition, callback) {
  var settled;
  try {
    sendCount += 1;
    if (sendCount > input.maxSendRequests) {
      throw new Error('pm.sendRequest was called more than ' + input.maxSendRequests + ' times in one script run; the rest were not sent');
    }
    settled = host.send(stringify(requestFromDefinition(definition))).then(function (text) {
      return makeResponse(parseJson(text), realmParse);
    });
  } catch (e) {
    settled = Promise.reject(e);
  }
  if (typeof callback !== 'function') return settled;
  settled.then(function (res) { callback(null, res); }, function (err) { callback(err, undefined); })
    .then(undefined, recordError);
  return undefined;
}

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

function setNextRequest(name) {
  out.nextRequest = name === null || name === undefined ? null : String(name);
}

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
  sendRequest: sendRequest,
  execution: {
    setNextRequest: setNextRequest,
    skipRequest: function () { out.skipRequest = true; },
    location: [input.info.requestName],
  },
  require: requireModule,
  cookies: response ? response.cookies : new PropertyList([], true),
  // Postman's visualizer draws in its app; here it is accepted and ignored so such scripts run.
  visualizer: { set: function () {}, clear: function () {} },
};
Object.defineProperty(pm, 'expect', { enumerable: true, get: function () { return loadChai().expect; } });

var AVAILABLE_MODULES = ['chai'];
function requireModule(name) {
  if (name === 'chai') return loadChai();
  throw new Error("require('" + String(name) + "') is not available in Wirebench scripts (available: " + AVAILABLE_MODULES.join(', ') + ')');
}

function formatArg(value) {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.name + ': ' + value.message;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return '[Function ' + (value.name || 'anonymous') + ']';
  try { var text = stringify(value); return text === undefined ? String(value) : text; } catch (e) { return String(value); }
}
// Bounded: a script printing in a loop must not fill the run's memory, the page or the terminal.
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

var timerIds = 0;
var cancelledTimers = {};
function setTimeoutBounded(fn, ms) {
  var id = ++timerIds;
  var extra = Array.prototype.slice.call(arguments, 2);
  host.timer(Number(ms) || 0).then(function () {
    if (cancelledTimers[id]) return;
    if (typeof fn === 'function') fn.apply(undefined, extra);
  }).then(undefined, recordError);
  return id;
}

// Written by scripts (tests['name'] = …): no prototype, so 'constructor' or 'toString' is a test name like any other.
var legacyTests = Object.create(null);
var postman = {
  setNextRequest: setNextRequest,
  setEnvironmentVariable: function (k, v) { scopes.environment.set(k, v); },
  getEnvironmentVariable: function (k) { return scopes.environment.get(k); },
  clearEnvironmentVariable: function (k) { scopes.environment.unset(k); },
  clearEnvironmentVariables: function () { scopes.environment.clear(); },
  setGlobalVariable: function (k, v) { scopes.globals.set(k, v); },
  getGlobalVariable: function (k) { return scopes.globals.get(k); },
  clearGlobalVariable: function (k) { scopes.globals.unset(k); },
  clearGlobalVariables: function () { scopes.globals.clear(); },
  getResponseHeader: function (name) { return response ? response.headers.get(name) : undefined; },
};

var globals = {
  pm: pm,
  postman: postman,
  require: requireModule,
  console: { log: consoleMethod('log'), info: consoleMethod('info'), warn: consoleMethod('warn'), error: consoleMethod('error'), debug: consoleMethod('debug') },
  setTimeout: setTimeoutBounded,
  atob: decodeBase64,
  btoa: encodeBase64,
  clearTimeout: function (id) { cancelledTimers[id] = true; },
  tests: legacyTests,
  environment: scopes.environment.toObject(),
  globals: scopes.globals.toObject(),
  data: scopes.iterationData.toObject(),
  iteration: input.info.iteration,
  request: { url: input.request.url, method: input.request.method, headers: request.headers.toObject(), data: input.request.body },
};
if (response) {
  var headerObject = {};
  response.headers._items.forEach(function (h) { putOwn(headerObject, h.key, h.value); });
  globals.responseBody = response.text();
  globals.responseCode = { code: response.code, name: response.status, detail: response.status };
  globals.responseTime = response.responseTime;
  globals.responseHeaders = headerObject;
}
// Postman's legacy sandbox gives strings a has() (e.g. responseBody.has('Babbage')).
if (!G.String.prototype.has) {
  Object.defineProperty(G.String.prototype, 'has', { value: function (part) { return this.indexOf(part) >= 0; }, writable: true, configurable: true });
}
Object.keys(globals).forEach(function (name) {
  Object.defineProperty(G, name, { value: globals[name], writable: true, configurable: true, enumerable: false });
});

var control = {
  start: function (main) {
    var ran;
    try { ran = main(); } catch (e) { recordError(e); return; }
    Promise.resolve(ran).then(undefined, recordError);
  },
  finish: function () {
    pendingTests.forEach(function (p) {
      if (!p.state.done) { p.slot.passed = false; p.slot.error = 'the test did not finish (its promise or done callback never settled)'; }
    });
    Object.keys(legacyTests).forEach(function (name) {
      out.tests.push({ name: name, passed: !!legacyTests[name] });
    });
  },
  collect: function () {
    var result = {
      tests: out.tests, errors: out.errors, skipRequest: out.skipRequest,
      console: consoleDropped === 0 ? out.console : out.console.concat([{ level: 'warn', text: '… ' + consoleDropped + ' more line' + (consoleDropped === 1 ? '' : 's') + ' not kept (a script run keeps ' + input.maxConsoleLines + ' console lines)' }]),
      variables: {
        environment: scopes.environment._changes, collection: scopes.collection._changes,
        globals: scopes.globals._changes, local: scopes.local._changes,
      },
    };
    if ('nextRequest' in out && out.nextRequest !== undefined) result.nextRequest = out.nextRequest;
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
 * returns `makeSandbox(host, scriptGlobal)`, after freezing its realm. Each run calls
 * makeSandbox with a fresh context's global object: the pm objects are new per run, the code
 * and chai are shared, frozen.
 */
export const LIBRARY_SOURCE = `(function (chaiModule) {\n'use strict';\n${COLLECTIONS_SOURCE}\n${RESPONSE_SOURCE}\n${HARDEN_SOURCE}
var chai = {};
Object.keys(chaiModule).forEach(function (key) { chai[key] = chaiModule[key]; });
// Postman's chai knows responses: pm.expect(response).to.have.status(200), .header(…), .jsonBody(…), .body(…).
['status', 'header', 'jsonBody', 'body'].forEach(function (name) {
  chaiModule.Assertion.addMethod(name, function () {
    var target = chaiModule.util.flag(this, 'object');
    if (!target || !(target.to instanceof ResponseAssertion)) throw new TypeError('expect(…).to.have.' + name + '() needs a response (pm.response or a pm.sendRequest result)');
    var check = new ResponseAssertion(target, !!chaiModule.util.flag(this, 'negate'));
    check[name].apply(check, arguments);
  });
});
chai.use = function () { throw new Error('chai plugins (chai.use) are not available in Wirebench scripts'); };
${PM_SOURCE}
// Every library function a script can reach (through an instance's prototype or a method) is frozen with its prototype.
harden([globalThis, chai, makeSandbox, VariableScope, PropertyList, Url, AssertionError, ResponseAssertion, makeResponse, cloneValue, valueText, replaceWith, encodeBase64, decodeBase64, putOwn]);
return makeSandbox;
})`;
