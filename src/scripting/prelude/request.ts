/**
 * Source (run INSIDE QuickJS, in the library context) of Postman's Request as a script sees
 * it (`pm.request`) and of what `pm.sendRequest` accepts: the URL, headers and a body with
 * its mode (raw, urlencoded, formdata, file, graphql), back to the host's plain request.
 */
export const REQUEST_SOURCE = String.raw`
var BODY_MODES = ['raw', 'urlencoded', 'formdata', 'file', 'graphql'];

/** Items of a list given as an array, a Postman list (all()), or a { key: value } object. */
function listOf(value) {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (typeof value.all === 'function') return value.all();
  if (typeof value === 'object') return Object.keys(value).map(function (key) { return { key: key, value: value[key] }; });
  return [];
}

function formEncode(text) {
  return encodeURIComponent(text);
}
function formDecode(text) {
  try { return decodeURIComponent(text.replace(/\+/g, ' ')); } catch (e) { return text; }
}

/** Postman's RequestBody: a mode and the part for it. */
function RequestBody(spec) { this.update(spec); }
RequestBody.prototype.update = function (spec) {
  if (typeof spec === 'string') spec = { mode: 'raw', raw: spec };
  spec = spec || {};
  var self = this;
  BODY_MODES.concat(['options', 'disabled']).forEach(function (name) { delete self[name]; });
  this.mode = spec.mode === undefined ? 'raw' : String(spec.mode);
  if (this.mode === 'raw') this.raw = spec.raw === undefined || spec.raw === null ? '' : spec.raw;
  else if (this.mode === 'urlencoded') this.urlencoded = new PropertyList(listOf(spec.urlencoded), true);
  else if (this.mode === 'formdata') this.formdata = new PropertyList(listOf(spec.formdata), true);
  else if (this.mode === 'file') this.file = spec.file || {};
  else if (this.mode === 'graphql') this.graphql = spec.graphql || {};
  if (spec.options !== undefined) this.options = spec.options;
  if (spec.disabled) this.disabled = true;
};
RequestBody.prototype.isEmpty = function () {
  if (this.disabled) return true;
  if (this.mode === 'raw') return this.raw === '' || this.raw === undefined;
  if (this.mode === 'urlencoded' || this.mode === 'formdata') return this[this.mode].count() === 0;
  if (this.mode === 'file') return !this.file.src && !this.file.content;
  if (this.mode === 'graphql') return !this.graphql.query;
  return true;
};
/** The body's text as sent: raw as it is, urlencoded form-encoded, graphql as JSON; '' for formdata and file. */
RequestBody.prototype.toString = function () {
  if (this.disabled) return '';
  if (this.mode === 'raw') return typeof this.raw === 'string' ? this.raw : stringify(this.raw);
  if (this.mode === 'urlencoded') {
    return this.urlencoded._items.filter(function (p) { return !p.disabled; }).map(function (p) { return formEncode(p.key) + '=' + formEncode(p.value); }).join('&');
  }
  if (this.mode === 'graphql') {
    var variables = this.graphql.variables;
    if (typeof variables === 'string') { try { variables = parseJson(variables); } catch (e) { variables = undefined; } }
    return stringify({ query: this.graphql.query, variables: variables });
  }
  return '';
};
RequestBody.prototype.toJSON = function () {
  var json = { mode: this.mode };
  if (this.mode === 'raw') json.raw = this.raw;
  else if (this.mode === 'urlencoded' || this.mode === 'formdata') json[this.mode] = this[this.mode].all();
  else if (this.mode === 'file' || this.mode === 'graphql') json[this.mode] = cloneValue(this[this.mode]);
  if (this.options !== undefined) json.options = cloneValue(this.options);
  if (this.disabled) json.disabled = true;
  return json;
};

var LANGUAGES = [[/json/, 'json'], [/xml/, 'xml'], [/html/, 'html'], [/javascript/, 'javascript'], [/^text\//, 'text']];
/** The body a host gave (its detail, else its text read by Content-Type), as a RequestBody. */
function bodyFromInput(data, headers) {
  if (data.bodyDetail) return new RequestBody(data.bodyDetail);
  if (data.body === undefined) return undefined;
  var type = String(headers.get('Content-Type') || '').toLowerCase();
  if (type.indexOf('application/x-www-form-urlencoded') === 0) {
    var pairs = data.body === '' ? [] : data.body.split('&').map(function (pair) {
      var eq = pair.indexOf('=');
      return eq < 0 ? { key: formDecode(pair), value: '' } : { key: formDecode(pair.slice(0, eq)), value: formDecode(pair.slice(eq + 1)) };
    });
    return new RequestBody({ mode: 'urlencoded', urlencoded: pairs });
  }
  var language;
  for (var i = 0; i < LANGUAGES.length && !language; i++) if (LANGUAGES[i][0].test(type)) language = LANGUAGES[i][1];
  return new RequestBody(language ? { mode: 'raw', raw: data.body, options: { raw: { language: language } } } : { mode: 'raw', raw: data.body });
}

function toUrl(value) {
  if (value instanceof Url) return value;
  if (value && typeof value === 'object' && typeof value.raw === 'string') return new Url(value.raw);
  return new Url(value === undefined || value === null ? '' : String(value));
}

/** Postman's Request for pm.request: the host's request, changeable before it is sent. */
function PostmanRequest(data, info) {
  var url = toUrl(data.url);
  var headers = new PropertyList((data.headers || []).map(function (h) { return { key: h.name, value: h.value }; }));
  var body = bodyFromInput(data, headers);
  var original = body ? stringify(body.toJSON()) : undefined;
  this.id = info.requestId;
  this.name = info.requestName;
  if (data.description !== undefined) this.description = data.description;
  this.method = String(data.method || 'GET').toUpperCase();
  Object.defineProperty(this, 'url', { enumerable: true, get: function () { return url; }, set: function (v) { url = toUrl(v); } });
  Object.defineProperty(this, 'headers', { enumerable: true, get: function () { return headers; } });
  Object.defineProperty(this, 'body', {
    enumerable: true,
    get: function () { return body; },
    set: function (v) { body = v === undefined || v === null ? undefined : v instanceof RequestBody ? v : new RequestBody(v); },
  });
  // The host's own text when the script left the body as it was (a re-encoded form could differ in its escapes).
  Object.defineProperty(this, '_originalBody', { value: function () { return body && original === stringify(body.toJSON()) ? data.body : undefined; } });
}
Object.defineProperty(PostmanRequest.prototype, '_postman_propertyName', { value: 'Request' });
PostmanRequest.prototype.addHeader = function (header) { this.headers.add(header); };
PostmanRequest.prototype.upsertHeader = function (header) { this.headers.upsert(header); };
PostmanRequest.prototype.removeHeader = function (name, options) {
  var caseSensitive = options && options.ignoreCase === false;
  var key = name && name.key !== undefined ? name.key : name;
  this.headers.remove(function (h) { return caseSensitive ? h.key === key : String(h.key).toLowerCase() === String(key).toLowerCase(); });
};
/** Headers as an object: options ignoreCase (lower-case keys), enabled (leave disabled out), multiValue (arrays for repeats). */
PostmanRequest.prototype.getHeaders = function (options) {
  var settings = options || {}, out = {};
  this.headers._items.forEach(function (h) {
    if (settings.enabled && h.disabled) return;
    var key = settings.ignoreCase ? h.key.toLowerCase() : h.key;
    if (Object.prototype.hasOwnProperty.call(out, key)) putOwn(out, key, settings.multiValue ? [].concat(out[key], h.value) : out[key]);
    else putOwn(out, key, settings.multiValue ? [h.value] : h.value);
  });
  return out;
};
PostmanRequest.prototype.forEachHeader = function (fn) { this.headers.all().forEach(fn); };
PostmanRequest.prototype.addQueryParams = function (params) { this.url.addQueryParams(params); };
PostmanRequest.prototype.removeQueryParams = function (params) { this.url.removeQueryParams(params); };
PostmanRequest.prototype.toJSON = function () {
  var json = { id: this.id, name: this.name, method: this.method, url: this.url.toJSON(), header: this.headers.all() };
  if (this.body) json.body = this.body.toJSON();
  return json;
};
PostmanRequest.isRequest = function (value) { return value instanceof PostmanRequest; };

/** The plain request the host sends: method, URL text, enabled headers, and the body's text (with its detail unless raw). */
function plainRequest(request) {
  var headerItems = request.headers && request.headers._items ? request.headers._items : listOf(request.headers);
  var plain = {
    method: String(request.method || 'GET').toUpperCase(),
    url: String(request.url),
    headers: headerItems.filter(function (h) { return !h.disabled; }).map(function (h) { return { name: String(h.key), value: valueText(h.value) }; }),
  };
  var body = request.body;
  if (body instanceof RequestBody) {
    var kept = typeof request._originalBody === 'function' ? request._originalBody() : undefined;
    var text = kept !== undefined ? kept : body.mode === 'formdata' || body.mode === 'file' ? undefined : body.toString();
    if (text !== undefined) plain.body = text;
    if (body.mode !== 'raw') plain.bodyDetail = body.toJSON();
  } else if (typeof body === 'string') {
    plain.body = body;
  }
  return plain;
}

/** Multipart text of a formdata body's text fields (pm.sendRequest reads no files). */
function multipartOf(body) {
  var boundary = '--------------------------';
  for (var i = 0; i < 24; i++) boundary += Math.floor(Math.random() * 10);
  var parts = body.formdata._items.filter(function (field) { return !field.disabled; }).map(function (field) {
    if (field.type === 'file' || field.src !== undefined) throw new TypeError("pm.sendRequest cannot send files: the formdata field '" + field.key + "' names one");
    return '--' + boundary + '\r\nContent-Disposition: form-data; name="' + String(field.key).replace(/"/g, '%22') + '"' +
      (field.contentType ? '\r\nContent-Type: ' + field.contentType : '') + '\r\n\r\n' + field.value + '\r\n';
  });
  return { boundary: boundary, text: parts.join('') + '--' + boundary + '--\r\n' };
}

/** Postman's request auth for pm.sendRequest: basic, bearer and apikey, as headers or query. */
function applyAuth(auth, headers, url) {
  if (!auth || typeof auth !== 'object' || !auth.type || auth.type === 'noauth') return;
  var params = new PropertyList(listOf(auth[auth.type]), true);
  if (auth.type === 'basic') headers.upsert({ key: 'Authorization', value: 'Basic ' + encodeBase64(utf8Bytes(valueText(params.get('username')) + ':' + valueText(params.get('password')))) });
  else if (auth.type === 'bearer') headers.upsert({ key: 'Authorization', value: 'Bearer ' + valueText(params.get('token')) });
  else if (auth.type === 'apikey') {
    var key = valueText(params.get('key')), value = valueText(params.get('value'));
    if (params.get('in') === 'query') url.addQueryParams([{ key: key, value: value }]);
    else headers.upsert({ key: key, value: value });
  } else throw new TypeError("pm.sendRequest does not apply auth of type '" + auth.type + "' (basic, bearer and apikey are applied); set the header yourself");
}

/** pm.sendRequest's argument (a URL, a request definition, or a Postman Request) as the host's plain request. */
function requestFromDefinition(definition) {
  if (typeof definition === 'string') return { method: 'GET', url: definition, headers: [] };
  if (!definition || typeof definition !== 'object') throw new TypeError('pm.sendRequest needs a URL or a request object');
  if (definition instanceof PostmanRequest) return plainRequest(definition);
  var headers = new PropertyList(listOf(definition.header || definition.headers).map(function (h) {
    return typeof h === 'string' ? h : { key: h.key, value: h.value, disabled: h.disabled };
  }));
  var url = toUrl(definition.url);
  applyAuth(definition.auth, headers, url);
  var body = definition.body === undefined || definition.body === null ? undefined : new RequestBody(definition.body);
  var request = { method: definition.method || 'GET', url: url, headers: headers };
  if (body && !body.isEmpty()) {
    if (body.mode === 'urlencoded' && !headers.has('Content-Type')) headers.add({ key: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    if (body.mode === 'graphql' && !headers.has('Content-Type')) headers.add({ key: 'Content-Type', value: 'application/json' });
    if (body.mode === 'formdata') {
      var multipart = multipartOf(body);
      if (!headers.has('Content-Type')) headers.add({ key: 'Content-Type', value: 'multipart/form-data; boundary=' + multipart.boundary });
      request.body = multipart.text;
    } else if (body.mode === 'file') {
      throw new TypeError('pm.sendRequest cannot send files (a body of mode file)');
    } else {
      request.body = body.toString();
    }
  }
  var plain = plainRequest(request);
  delete plain.bodyDetail;
  return plain;
}
`;
