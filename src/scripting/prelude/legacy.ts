/**
 * Source (run INSIDE QuickJS, in the library context) of Postman's legacy script globals:
 * `tests`, `postman.*`, `environment`, `globals`, `data`, `iteration`, `request`, and in
 * test scripts `responseBody`, `responseCode`, `responseHeaders`, `responseTime`,
 * `responseCookies`. As in Postman, `environment` and `globals` are copies taken when the
 * script starts (kept in step by postman.set…/clear…, not by pm.*), and postman.set…
 * stores a value's text (toString), where pm.*.set keeps its type.
 */
export const LEGACY_SOURCE = String.raw`
function legacyText(value) {
  return (value === false || value) && value !== null && typeof value.toString === 'function' ? value.toString() : value;
}

/** The legacy globals of one run. run: { scopes, request, response, cookies, input, setNextRequest }. */
function makeLegacyGlobals(run) {
  var scopes = run.scopes, response = run.response;
  var environment = scopes.environment.toObject();
  var globals = scopes.globals.toObject();
  function setIn(copy, scope) {
    return function (key, value) { value = legacyText(value); putOwn(copy, key, value); scope.set(key, value); };
  }
  function clearIn(copy, scope) {
    return function (key) { if (key) delete copy[key]; scope.unset(key); };
  }
  function clearAllIn(copy, scope) {
    return function () { Object.keys(copy).forEach(function (key) { delete copy[key]; }); scope.clear(); };
  }
  var postman = {
    setNextRequest: run.setNextRequest,
    setEnvironmentVariable: setIn(environment, scopes.environment),
    getEnvironmentVariable: function (key) { return scopes.environment.get(key); },
    clearEnvironmentVariable: clearIn(environment, scopes.environment),
    clearEnvironmentVariables: clearAllIn(environment, scopes.environment),
    setGlobalVariable: setIn(globals, scopes.globals),
    getGlobalVariable: function (key) { return scopes.globals.get(key); },
    clearGlobalVariable: clearIn(globals, scopes.globals),
    clearGlobalVariables: clearAllIn(globals, scopes.globals),
  };
  if (response) {
    postman.getResponseHeader = function (name) { var found = response.headers.one(name); return found ? found.value : undefined; };
    postman.getResponseCookie = function (name) { return run.cookies.one(String(name)); };
  }
  var body = run.request.body;
  var data = {};
  if (body && !body.isEmpty()) {
    if (body.mode === 'urlencoded' || body.mode === 'formdata') {
      body[body.mode]._items.forEach(function (p) {
        if (p.disabled) return;
        if (Object.prototype.hasOwnProperty.call(data, p.key)) putOwn(data, p.key, [].concat(data[p.key], p.value));
        else putOwn(data, p.key, p.value);
      });
    } else if (body.mode === 'raw') data = body.toString();
  }
  var legacy = {
    tests: Object.create(null),
    postman: postman,
    environment: environment,
    globals: globals,
    data: scopes.iterationData.toObject(),
    iteration: run.input.info.iteration,
    request: { id: run.input.info.requestId, name: run.input.info.requestName, description: run.input.request.description, method: run.request.method, url: String(run.request.url), headers: run.request.headers.toObject(), data: data },
  };
  if (response) {
    var headerObject = {};
    response.headers._items.forEach(function (h) { if (!h.disabled) putOwn(headerObject, h.key, h.value); });
    legacy.responseBody = response.text();
    legacy.responseCode = response.details();
    legacy.responseTime = response.responseTime;
    legacy.responseHeaders = headerObject;
    legacy.responseCookies = run.cookies.all();
  }
  return legacy;
}
`;
