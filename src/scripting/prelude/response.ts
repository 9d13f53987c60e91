/**
 * Source (run INSIDE the QuickJS context) of Postman's Response object and its assertion
 * chain `pm.response.to.have.status(…)`, `to.be.ok`… Implemented here rather than through
 * chai so a script that only checks the status does not pay for loading chai; the messages
 * follow Postman's (`expected response to have status code 200 but got 404`).
 */
export const RESPONSE_SOURCE = String.raw`
function AssertionError(message) {
  var error = new Error(message);
  Object.setPrototypeOf(error, AssertionError.prototype);
  return error;
}
AssertionError.prototype = Object.create(Error.prototype, {
  constructor: { value: AssertionError, writable: true, configurable: true },
  name: { value: 'AssertionError', writable: true, configurable: true },
});

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  var keysA = Object.keys(a), keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (var i = 0; i < keysA.length; i++) {
    if (!Object.prototype.hasOwnProperty.call(b, keysA[i]) || !deepEqual(a[keysA[i]], b[keysA[i]])) return false;
  }
  return true;
}

/** Reads a dotted path with [n] indexes ('data.items[0].id') from a parsed JSON value. */
function readPath(value, path) {
  var parts = String(path).replace(/^\$\.?/, '').replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean);
  var current = value;
  for (var i = 0; i < parts.length; i++) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, parts[i])) return { found: false };
    current = current[parts[i]];
  }
  return { found: true, value: current };
}

function show(value) {
  return typeof value === 'string' ? "'" + value + "'" : stringify(value);
}

/** The chain under pm.response.to: .have/.be/.not/.and are the same object with a flag. */
function ResponseAssertion(response, negate) {
  var chain = this;
  this._response = response;
  this._negate = !!negate;
  ['to', 'be', 'have', 'and', 'a', 'an', 'that', 'with', 'is', 'been'].forEach(function (word) {
    Object.defineProperty(chain, word, { get: function () { return chain; } });
  });
  Object.defineProperty(chain, 'not', { get: function () { return new ResponseAssertion(response, !negate); } });
  var byCode = {
    ok: [200, 'response code to be 200'], accepted: [202, 'response code to be 202'],
    withoutContent: [204, 'response code to be 204'], badRequest: [400, 'response code to be 400'],
    unauthorized: [401, 'response code to be 401'], unauthorised: [401, 'response code to be 401'],
    forbidden: [403, 'response code to be 403'], notFound: [404, 'response code to be 404'],
    rateLimited: [429, 'response code to be 429'],
  };
  Object.keys(byCode).forEach(function (name) {
    Object.defineProperty(chain, name, { get: function () {
      var code = response.code;
      chain._check(code === byCode[name][0], 'expected ' + byCode[name][1] + ' but found ' + code, 'expected ' + byCode[name][1].replace(' to be ', ' to not be ') + ' but found ' + code);
      return chain;
    } });
  });
  var byClass = { info: 1, success: 2, redirection: 3, clientError: 4, serverError: 5 };
  Object.keys(byClass).forEach(function (name) {
    Object.defineProperty(chain, name, { get: function () {
      var klass = byClass[name];
      chain._check(Math.floor(response.code / 100) === klass, 'expected response code to be ' + klass + 'XX but found ' + response.code, 'expected response code to not be ' + klass + 'XX but found ' + response.code);
      return chain;
    } });
  });
  Object.defineProperty(chain, 'error', { get: function () {
    chain._check(response.code >= 400, 'expected response code to be 4XX or 5XX but found ' + response.code, 'expected response code to not be 4XX or 5XX but found ' + response.code);
    return chain;
  } });
  Object.defineProperty(chain, 'json', { get: function () {
    var problem = null;
    try { response.json(); } catch (e) { problem = e.message; }
    chain._check(problem === null, 'expected response body to be a valid json but got error ' + problem, 'expected response body not to be a valid json');
    return chain;
  } });
  Object.defineProperty(chain, 'withBody', { get: function () {
    chain._check(response.text().length > 0, 'expected response to have content in body', 'expected response to not have content in body');
    return chain;
  } });
}
ResponseAssertion.prototype._check = function (passed, message, negatedMessage) {
  if (passed === this._negate) throw new AssertionError(this._negate ? negatedMessage : message);
};
ResponseAssertion.prototype.status = function (expected) {
  var response = this._response;
  if (typeof expected === 'number') {
    this._check(response.code === expected, 'expected response to have status code ' + expected + ' but got ' + response.code, 'expected response to not have status code ' + expected);
  } else {
    this._check(response.status === expected, 'expected response to have status reason ' + show(expected) + ' but got ' + show(response.status), 'expected response to not have status reason ' + show(expected));
  }
  return this;
};
ResponseAssertion.prototype.code = ResponseAssertion.prototype.status;
ResponseAssertion.prototype.header = function (name, value) {
  var headers = this._response.headers;
  if (arguments.length < 2) {
    this._check(headers.has(name), 'expected response to have header with key ' + show(name), 'expected response to not have header with key ' + show(name));
  } else {
    var actual = headers.get(name);
    this._check(actual === value, 'expected ' + show(name) + ' response header to be ' + show(value) + ' but got ' + show(actual), 'expected ' + show(name) + ' response header to not be ' + show(value));
  }
  return this;
};
ResponseAssertion.prototype.body = function (expected) {
  var text = this._response.text();
  if (arguments.length === 0) this._check(text.length > 0, 'expected response to have content in body', 'expected response to not have content in body');
  else if (expected instanceof RegExp) this._check(expected.test(text), 'expected response body to match ' + expected, 'expected response body to not match ' + expected);
  else this._check(text === String(expected), 'expected response body to equal ' + show(String(expected)) + ' but got ' + show(text), 'expected response body to not equal ' + show(String(expected)));
  return this;
};
ResponseAssertion.prototype.jsonBody = function (pathOrValue, value) {
  var parsed, problem = null;
  try { parsed = this._response.json(); } catch (e) { problem = e.message; }
  if (problem !== null) return this._check(false, 'expected response body to be a valid json but got error ' + problem, ''), this;
  if (arguments.length === 0) return this._check(true, '', 'expected response body not to be a valid json'), this;
  if (typeof pathOrValue !== 'string') {
    this._check(deepEqual(parsed, pathOrValue), 'expected response body json to equal ' + stringify(pathOrValue) + ' but got ' + stringify(parsed), 'expected response body json to not equal ' + stringify(pathOrValue));
    return this;
  }
  var at = readPath(parsed, pathOrValue);
  if (arguments.length === 1) {
    this._check(at.found, 'expected ' + stringify(parsed) + ' to have property ' + show(pathOrValue), 'expected ' + stringify(parsed) + ' to not have property ' + show(pathOrValue));
  } else {
    this._check(at.found && deepEqual(at.value, value), 'expected response body json at ' + show(pathOrValue) + ' to contain ' + show(value) + ' but got ' + show(at.value), 'expected response body json at ' + show(pathOrValue) + ' to not contain ' + show(value));
  }
  return this;
};
ResponseAssertion.prototype.responseTime = function (max) {
  this._check(this._response.responseTime <= max, 'expected response time to be at most ' + max + ' ms but was ' + this._response.responseTime, 'expected response time to be more than ' + max + ' ms');
  return this;
};

/** The cookies a response sets (name and value of each Set-Cookie), as Postman's cookie list. */
function responseCookies(headers) {
  var list = new PropertyList([], true);
  (headers || []).forEach(function (h) {
    if (String(h.name).toLowerCase() !== 'set-cookie') return;
    var pair = String(h.value).split(';')[0], eq = pair.indexOf('=');
    if (eq > 0) list.upsert({ key: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() });
  });
  return list;
}

/** Postman's Response around the plain data the host passed in. */
function makeResponse(data, parse) {
  var text = data.body || '';
  var response = {
    code: data.code,
    status: data.status,
    headers: new PropertyList((data.headers || []).map(function (h) { return { key: h.name, value: h.value }; })),
    cookies: responseCookies(data.headers),
    responseTime: data.responseTime,
    responseSize: data.responseSize,
    text: function () { return text; },
    json: function () {
      try { return parse(text); }
      catch (e) { var error = new SyntaxError('JSONError: ' + e.message); throw error; }
    },
    reason: function () { return data.status; },
    size: function () { return { body: data.responseSize, header: 0, total: data.responseSize }; },
  };
  Object.defineProperty(response, 'to', { get: function () { return new ResponseAssertion(response, false); } });
  Object.defineProperty(response, 'not', { get: function () { return new ResponseAssertion(response, true); } });
  return response;
}
`;
