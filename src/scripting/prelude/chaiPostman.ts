/**
 * Source (run INSIDE QuickJS, in the library context) of the chai assertions Postman adds
 * for its requests and responses (its chai-postman plugin, written here from its documented
 * behaviour): `pm.response.to.have.status(200)`, `.to.be.ok`, `.to.be.clientError`,
 * `.to.have.header(…)`, `.to.have.jsonBody(…)`, `.to.have.jsonSchema(…)`,
 * `.to.have.responseTime.below(…)` and the rest, with Postman's messages. Added once to the
 * engine's chai, before it is frozen. Postman's quirks are kept: `unauthorised` wants the
 * reason "Unauthorised" and `notAcceptable` the reason "Acceptable", so both fail on
 * ordinary 401 and 406 answers there, and so here.
 */
export const CHAI_POSTMAN_SOURCE = String.raw`
var STATUS_CLASSES = { info: 1, success: 2, redirection: 3, clientError: 4, serverError: 5 };
var STATUS_REASONS = {
  accepted: [202, 'Accepted'], withoutContent: [204, 'No Content'], badRequest: [400, 'Bad Request'],
  unauthorised: [401, 'Unauthorised'], unauthorized: [401, 'Unauthorized'], forbidden: [403, 'Forbidden'],
  notFound: [404, 'Not Found'], notAcceptable: [406, 'Acceptable'], rateLimited: [429, 'Too Many Requests'],
};

/** True for a plain object of any realm ({…} written by a script, or JSON parsed anywhere). */
function isPlainObject(value) {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  var proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}
function isRegExp(value) { return Object.prototype.toString.call(value) === '[object RegExp]'; }

/** lodash's path syntax: a.b[0].c, a["b.c"], or an array of keys. */
function pathKeys(path) {
  if (Array.isArray(path)) return path.map(String);
  var keys = [];
  String(path).replace(/[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g, function (match, number, quote, quoted) {
    keys.push(quote ? quoted.replace(/\\(\\)?/g, '$1') : number !== undefined ? number : match);
    return match;
  });
  return keys;
}
/** lodash's _.has and _.get over parsed JSON. */
function readPath(value, path) {
  var keys = pathKeys(path), current = value;
  if (keys.length === 0) return { found: false };
  for (var i = 0; i < keys.length; i++) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, keys[i])) return { found: false };
    current = current[keys[i]];
  }
  return { found: true, value: current };
}

/** lodash's _.isEqual for what JSON and scripts build: values, arrays, plain objects, dates and regexps. */
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  var tagA = Object.prototype.toString.call(a);
  if (tagA !== Object.prototype.toString.call(b)) return false;
  if (tagA === '[object Date]') return a.getTime() === b.getTime();
  if (tagA === '[object RegExp]') return String(a) === String(b);
  var keysA = Object.keys(a), keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (var i = 0; i < keysA.length; i++) {
    if (!Object.prototype.hasOwnProperty.call(b, keysA[i]) || !deepEqual(a[keysA[i]], b[keysA[i]])) return false;
  }
  return true;
}

/** The parse failure of a response's JSON, in Postman's words ('' when it parses). */
function jsonProblem(target) {
  try { target.json(); return ''; } catch (e) {
    return e && e.name === 'JSONError' && e.message ? String(e.message).split('\n')[0] : (e && e.name) + ': ' + (e && e.message);
  }
}

function addPostmanAssertions(chai, isResponse, isRequest, loadModule) {
  var Assertion = chai.Assertion;
  var flag = chai.util.flag;
  function mustBeResponse(assertion) { new Assertion(assertion._obj).to.be.postmanResponse; }
  function kind(target) { return isRequest(target) ? 'request' : isResponse(target) ? 'response' : undefined; }

  Assertion.addProperty('postmanRequest', function () {
    this.assert(isRequest(this._obj), 'expecting a postman request object but got #{this}', 'not expecting a postman request object');
  });
  Assertion.addProperty('postmanResponse', function () {
    this.assert(isResponse(this._obj), 'expecting a postman response object but got #{this}', 'not expecting a postman response object');
  });
  Assertion.addProperty('postmanRequestOrResponse', function () {
    this.assert(isResponse(this._obj) || isRequest(this._obj), 'expecting a postman request or response object but got #{this}', 'not expecting a postman request or response object');
  });

  function assertClass(assertion, klass) {
    mustBeResponse(assertion);
    var code = assertion._obj.code;
    assertion.assert(Math.floor(code / 100) === klass, 'expected response code to be #{exp}XX but found #{act}', 'expected response code to not be #{exp}XX', klass, code);
  }
  Assertion.addMethod('statusCodeClass', function (klass) { assertClass(this, klass); });
  Object.keys(STATUS_CLASSES).forEach(function (name) {
    Assertion.addProperty(name, function () { assertClass(this, STATUS_CLASSES[name]); });
  });
  Assertion.addProperty('error', function () {
    mustBeResponse(this);
    var klass = Math.floor(this._obj.code / 100);
    this.assert(klass === 4 || klass === 5, 'expected response code to be 4XX or 5XX but found #{act}', 'expected response code to not be 4XX or 5XX', null, this._obj.code);
  });

  function assertCode(assertion, code) {
    assertion.assert(assertion._obj.code === Number(code), 'expected response to have status code #{exp} but got #{act}', 'expected response to not have status code #{act}', Number(code), assertion._obj.code);
  }
  function assertReason(assertion, reason) {
    var actual = assertion._obj.reason();
    assertion.assert(actual === reason, 'expected response to have status reason #{exp} but got #{act}', 'expected response to not have status reason #{act}', reason, actual);
  }
  Assertion.addMethod('statusCode', function (code) { mustBeResponse(this); assertCode(this, code); });
  Assertion.addMethod('statusReason', function (reason) { mustBeResponse(this); assertReason(this, String(reason)); });
  Assertion.addMethod('status', function (codeOrReason) {
    mustBeResponse(this);
    if (typeof codeOrReason === 'number') assertCode(this, codeOrReason);
    else assertReason(this, codeOrReason);
  });

  function assertNamedStatus(assertion, code, reason) {
    var wanted = reason.toUpperCase(), actual = String(assertion._obj.reason()).toUpperCase(), actualCode = Number(assertion._obj.details().code);
    assertion.assert(actual === wanted, 'expected response to have status reason #{exp} but got #{act}', 'expected response to not have status reason #{act}', wanted, actual);
    assertion.assert(actualCode === code, 'expected response to have status code #{exp} but got #{act}', 'expected response to not have status code #{act}', code, actualCode);
  }
  Object.keys(STATUS_REASONS).forEach(function (name) {
    Assertion.addProperty(name, function () { mustBeResponse(this); assertNamedStatus(this, STATUS_REASONS[name][0], STATUS_REASONS[name][1]); });
  });
  // 'ok' is chai's own for anything but a response.
  Assertion.addProperty('ok', function () {
    if (!isResponse(this._obj)) { this.assert(flag(this, 'object'), 'expected #{this} to be truthy', 'expected #{this} to be falsy'); return; }
    assertNamedStatus(this, 200, 'OK');
  });

  Assertion.addMethod('header', function (key, value) {
    new Assertion(this._obj).to.be.postmanRequestOrResponse;
    var of = kind(this._obj), headers = this._obj.headers, has = headers.has(key);
    this.assert(has, 'expected ' + of + " to have header with key '" + String(key) + "'", 'expected ' + of + " to not have header with key '" + String(key) + "'", true, has);
    if (arguments.length < 2) return;
    var actual = headers.one(key).value;
    this.assert(actual === value, "expected '" + String(key) + "' " + of + ' header to be #{exp} but got #{act}', "expected '" + String(key) + "' " + of + ' header to not be #{act}', value, actual);
  });

  Assertion.addProperty('withBody', function () {
    mustBeResponse(this);
    var text = this._obj.text();
    this.assert(typeof text === 'string' && text.length > 0, 'expected response to have content in body', 'expected response to not have content in body');
  });
  Assertion.addProperty('json', function () {
    mustBeResponse(this);
    var problem = jsonProblem(this._obj);
    this.assert(!problem, 'expected response body to be a valid json but got error ' + problem, 'expected response body not to be a valid json');
  });
  Assertion.addMethod('body', function (content) {
    mustBeResponse(this);
    var data;
    if (isPlainObject(content)) {
      try { data = this._obj.json(); } catch (e) { data = undefined; }
      this.assert(deepEqual(data, content), 'expected response body json to equal #{exp} but got #{act}', 'expected response body json to not equal #{exp} but got #{act}', content, data);
      return;
    }
    data = this._obj.text();
    if (arguments.length === 0) {
      this.assert(typeof data === 'string' && data.length > 0, 'expected response to have content in body', 'expected response to not have content in body');
      return;
    }
    if (isRegExp(content)) {
      this.assert(content.exec(data) !== null, 'expected response body text to match #{exp} but got #{act}', 'expected response body text #{act} to not match #{exp}', content, data);
      return;
    }
    this.assert(deepEqual(data, content), 'expected response body to equal #{exp} but got #{act}', 'expected response body to not equal #{exp}', content, data);
  });
  Assertion.addMethod('jsonBody', function (path, value) {
    mustBeResponse(this);
    var body, problem = jsonProblem(this._obj);
    if (!problem) body = this._obj.json();
    if (arguments.length === 0) {
      this.assert(!problem, 'expected response body to be a valid json but got error ' + problem, 'expected response body not to be a valid json');
      return;
    }
    if (typeof path !== 'string') return;
    var at = readPath(body, path);
    this.assert(at.found, 'expected #{act} in response to contain property #{exp}', 'expected #{act} in response to not contain property #{exp}', path, body);
    if (arguments.length > 1) {
      this.assert(deepEqual(at.value, value), 'expected response body json at "' + path + '" to contain #{exp} but got #{act}', 'expected response body json at "' + path + '" to not contain #{exp} but got #{act}', value, at.value);
    }
  });

  Assertion.addChainableMethod('responseTime', function (value) {
    var time = flag(this, 'number');
    this.assert(typeof time === 'number', 'expected response to have a valid response time but got #{act}', 'expected response to not have a valid response time but got #{act}', null, time);
    if (arguments.length) this.assert(deepEqual(time, value), 'expected response to have a valid response time but got #{act}', 'expected response to not have a valid response time but got #{act}', null, time);
  }, function () {
    mustBeResponse(this);
    new Assertion(this._obj).to.have.property('responseTime');
    flag(this, 'number', this._obj.responseTime);
    this._obj = this._obj.responseTime;
  });
  Assertion.addChainableMethod('responseSize', function (value) {
    var size = flag(this, 'number');
    this.assert(typeof size === 'number', 'expected response to have a valid response size but got #{act}', 'expected response to not have a valid response size but got #{act}', null, size);
    if (arguments.length) this.assert(deepEqual(size, value), 'expected response size to equal #{act} but got #{exp}', 'expected response size to not equal #{act} but got #{exp}', value, size);
  }, function () {
    mustBeResponse(this);
    var size = this._obj.size(), total = (size.header || 0) + (size.body || 0);
    flag(this, 'number', total);
    this._obj = total;
  });

  Assertion.addMethod('jsonSchema', function (schema, options) {
    new Assertion(schema).to.be.an('object');
    var settings = {};
    var given = options || {};
    settings.allErrors = true;
    settings.logger = false;
    Object.keys(given).forEach(function (key) { settings[key] = given[key]; });
    var target = this._obj;
    var data = isResponse(target) || (isRequest(target) && typeof target.json === 'function') ? target.json() : target;
    var Ajv = loadModule('ajv');
    var ajv = new Ajv(settings);
    var valid = ajv.validate(schema, data);
    this.assert(valid && !ajv.errors, 'expected data to satisfy schema but found following errors: \n' + ajv.errorsText(), 'expected data to not satisfy schema', true, valid);
  });
}
`;
