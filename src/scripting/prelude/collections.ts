/**
 * Source (run INSIDE the QuickJS context, never in the host) of the Postman-shaped lists a
 * script touches: variable scopes, header and query lists, and the URL object. Kept as text
 * because it must not pass through the host's bundler (which may add helpers the sandbox
 * does not have). Strict-mode function declarations only; the prelude wraps them.
 */
export const COLLECTIONS_SOURCE = String.raw`
var VAR_PATTERN = /\{\{([^{}]+)\}\}/g;
var stringify = JSON.stringify;
var parseJson = JSON.parse;

/** A JSON copy of a value, made by parse (the script realm JSON.parse, so arrays are its arrays). */
function cloneValue(value, parse) {
  if (value === undefined) return null;
  if (typeof value === 'function' || typeof value === 'symbol') return String(value);
  var text = stringify(value);
  return text === undefined ? null : (parse || parseJson)(text);
}

function valueText(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return stringify(value);
  return String(value);
}

function dynamicValue(name) {
  switch (name) {
    case '$guid':
    case '$randomUUID':
      return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, function (c) {
        var r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 3) | 8).toString(16);
      });
    case '$timestamp':
      return String(Math.floor(Date.now() / 1000));
    case '$isoTimestamp':
      return new Date().toISOString();
    case '$randomInt':
      return String(Math.floor(Math.random() * 1001));
    default:
      return undefined;
  }
}

/** replaceWith over a string, or over every string inside an object or array (a copy), as Postman's replaceIn. */
function replaceDeep(template, lookup, parse) {
  if (template === null || typeof template !== 'object') return replaceWith(template, lookup);
  var copy = cloneValue(template, parse);
  (function walk(node) {
    Object.keys(node).forEach(function (key) {
      var value = node[key];
      if (typeof value === 'string') node[key] = replaceWith(value, lookup);
      else if (value !== null && typeof value === 'object') walk(value);
    });
  })(copy);
  return copy;
}

function replaceWith(template, lookup) {
  if (typeof template !== 'string') return template;
  return template.replace(VAR_PATTERN, function (whole, name) {
    var found = lookup(name);
    if (found !== undefined) return valueText(found);
    var dynamic = dynamicValue(name);
    return dynamic === undefined ? whole : dynamic;
  });
}

/**
 * An own, enumerable property, whatever the key: assignment would set the prototype for
 * "__proto__", and throw for "constructor" or "toString" on an object of the library's
 * realm, whose Object.prototype is frozen (its members read-only).
 */
function putOwn(target, key, value) {
  Object.defineProperty(target, key, { value: value, writable: true, enumerable: true, configurable: true });
}

/** One variable scope: a name -> value map that remembers what the script changed. Maps without a prototype, so any name is a name. */
function VariableScope(name, values, parse) {
  this._name = name;
  this._parse = parse;
  this._values = Object.create(null);
  this._changes = { set: Object.create(null), unset: [] };
  var keys = Object.keys(values || {});
  for (var i = 0; i < keys.length; i++) this._values[keys[i]] = values[keys[i]];
}
VariableScope.prototype.get = function (key) {
  return Object.prototype.hasOwnProperty.call(this._values, key) ? this._values[key] : undefined;
};
VariableScope.prototype.has = function (key) {
  return Object.prototype.hasOwnProperty.call(this._values, key);
};
VariableScope.prototype.set = function (key, value) {
  if (typeof key !== 'string' || key === '') throw new TypeError('pm.' + this._name + '.set needs a variable name (a non-empty string)');
  var stored = cloneValue(value, this._parse);
  this._values[key] = stored;
  this._changes.set[key] = stored;
  var at = this._changes.unset.indexOf(key);
  if (at >= 0) this._changes.unset.splice(at, 1);
};
VariableScope.prototype.unset = function (key) {
  delete this._values[key];
  delete this._changes.set[key];
  if (this._changes.unset.indexOf(key) < 0) this._changes.unset.push(key);
};
VariableScope.prototype.clear = function () {
  var keys = Object.keys(this._values);
  for (var i = 0; i < keys.length; i++) this.unset(keys[i]);
};
VariableScope.prototype.toObject = function () {
  return cloneValue(this._values, this._parse);
};
VariableScope.prototype.replaceIn = function (template) {
  var self = this;
  return replaceDeep(template, function (name) { return self.get(name); }, this._parse);
};
/** Postman's JSON of a scope: its values as { key, value, type } rows. */
VariableScope.prototype.toJSON = function () {
  var values = this._values;
  return {
    name: this.name,
    values: Object.keys(values).map(function (key) {
      var value = values[key];
      return { key: key, value: value, type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : typeof value === 'object' && value !== null ? 'any' : 'string' };
    }),
  };
};

/** A case-insensitive list of key/value pairs (headers, query parameters) with Postman's methods. */
function PropertyList(items, caseSensitive) {
  this._items = [];
  this._caseSensitive = !!caseSensitive;
  for (var i = 0; i < (items || []).length; i++) this.add(items[i]);
}
PropertyList.prototype._same = function (a, b) {
  return this._caseSensitive ? String(a) === String(b) : String(a).toLowerCase() === String(b).toLowerCase();
};
PropertyList.prototype._find = function (key) {
  for (var i = 0; i < this._items.length; i++) if (this._same(this._items[i].key, key)) return this._items[i];
  return undefined;
};
PropertyList.prototype.get = function (key) {
  var found = this._find(key);
  return found ? found.value : undefined;
};
PropertyList.prototype.one = function (key) { return this._find(key); };
PropertyList.prototype.has = function (key, value) {
  for (var i = 0; i < this._items.length; i++) {
    var item = this._items[i];
    if (this._same(item.key, key) && (arguments.length < 2 || item.value === value)) return true;
  }
  return false;
};
/** Fields a list item keeps besides key, value and disabled (form fields, cookies, descriptions). */
var ITEM_EXTRAS = ['type', 'src', 'contentType', 'description', 'name', 'domain', 'path', 'expires', 'maxAge', 'httpOnly', 'secure', 'hostOnly', 'session', 'sameSite'];
function listItem(item) {
  if (typeof item === 'string') {
    var colon = item.indexOf(':');
    item = colon < 0 ? { key: item.trim(), value: '' } : { key: item.slice(0, colon).trim(), value: item.slice(colon + 1).trim() };
  }
  if (!item || item.key === undefined) throw new TypeError('add needs { key, value }');
  var made = { key: String(item.key), value: item.value === undefined || item.value === null ? '' : String(item.value), disabled: !!item.disabled };
  for (var i = 0; i < ITEM_EXTRAS.length; i++) if (item[ITEM_EXTRAS[i]] !== undefined) made[ITEM_EXTRAS[i]] = item[ITEM_EXTRAS[i]];
  return made;
}
PropertyList.prototype.add = function (item) {
  this._items.push(listItem(item));
};
PropertyList.prototype.prepend = function (item) { this._items.unshift(listItem(item)); };
PropertyList.prototype.insert = function (item, before) {
  var at = before === undefined ? -1 : this.indexOf(before);
  if (at < 0) this.add(item);
  else this._items.splice(at, 0, listItem(item));
};
PropertyList.prototype.populate = function (items) {
  var self = this;
  [].concat(items || []).forEach(function (item) { self.add(item); });
};
PropertyList.prototype.repopulate = function (items) { this.clear(); this.populate(items); };
PropertyList.prototype.indexOf = function (keyOrItem) {
  var key = keyOrItem && keyOrItem.key !== undefined ? keyOrItem.key : keyOrItem;
  for (var i = 0; i < this._items.length; i++) if (this._same(this._items[i].key, key)) return i;
  return -1;
};
PropertyList.prototype.idx = function (index) { return this._items[index]; };
PropertyList.prototype.append = PropertyList.prototype.add;
PropertyList.prototype.upsert = function (item) {
  if (!item || item.key === undefined) throw new TypeError('upsert needs { key, value }');
  var found = this._find(item.key);
  if (!found) { this.add(item); return null; }
  var made = listItem(item);
  Object.keys(made).forEach(function (name) { found[name] = made[name]; });
  return false;
};
PropertyList.prototype.remove = function (predicate) {
  var self = this;
  var test = typeof predicate === 'function' ? predicate : function (item) { return self._same(item.key, predicate && predicate.key !== undefined ? predicate.key : predicate); };
  this._items = this._items.filter(function (item) { return !test(item); });
};
PropertyList.prototype.clear = function () { this._items = []; };
PropertyList.prototype.count = function () { return this._items.length; };
/** Copies of the items: key, value and what else they carry (disabled only when true). */
PropertyList.prototype.all = function () {
  return this._items.map(function (item) {
    var copy = {};
    Object.keys(item).forEach(function (name) { if (name !== 'disabled' || item.disabled) copy[name] = item[name]; });
    return copy;
  });
};
PropertyList.prototype.reduce = function (fn, start) { return this.all().reduce(fn, start); };
PropertyList.prototype.each = function (fn) { this.all().forEach(fn); };
PropertyList.prototype.map = function (fn) { return this.all().map(fn); };
PropertyList.prototype.filter = function (fn) { return this.all().filter(fn); };
PropertyList.prototype.find = function (fn) { return this.all().find(fn); };
/**
 * An object of the items' values by key, as Postman's toObject(excludeDisabled, caseSensitive,
 * multiValue): disabled items are left out here either way; keys are lower-cased for a
 * case-insensitive list unless caseSensitive; with multiValue a repeated key gives an array.
 */
PropertyList.prototype.toObject = function (excludeDisabled, caseSensitive, multiValue) {
  var out = {};
  var lower = !this._caseSensitive && caseSensitive === false;
  for (var i = 0; i < this._items.length; i++) {
    var item = this._items[i];
    if (item.disabled) continue;
    var key = lower ? item.key.toLowerCase() : item.key;
    if (multiValue && Object.prototype.hasOwnProperty.call(out, key)) putOwn(out, key, [].concat(out[key], item.value));
    else putOwn(out, key, item.value);
  }
  return out;
};
PropertyList.prototype.toJSON = function () { return this.all(); };
Object.defineProperty(PropertyList.prototype, 'members', { get: function () { return this._items; } });
PropertyList.prototype.toString = function () {
  return this._items.map(function (item) { return item.key + ': ' + item.value; }).join('\n');
};

var URL_PATTERN = /^(?:([A-Za-z][A-Za-z0-9+.-]*):\/\/)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;

function parseQuery(text) {
  if (!text) return [];
  return text.split('&').map(function (pair) {
    var eq = pair.indexOf('=');
    return eq < 0 ? { key: pair, value: null } : { key: pair.slice(0, eq), value: pair.slice(eq + 1) };
  });
}

/** Postman's Url: the raw text split into parts (nothing is encoded or decoded), rebuilt by toString. */
function Url(text) { this.update(text); }
Url.prototype.update = function (text) {
  var match = URL_PATTERN.exec(String(text === undefined || text === null ? '' : text)) || [];
  this.protocol = match[1];
  var authority = match[2] || '';
  var at = authority.lastIndexOf('@');
  this.auth = at >= 0 ? authority.slice(0, at) : undefined;
  var hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  var portMatch = /:(\d+|\{\{[^{}]+\}\})$/.exec(hostPort);
  this.port = portMatch ? portMatch[1] : undefined;
  var host = portMatch ? hostPort.slice(0, portMatch.index) : hostPort;
  this.host = host ? host.split('.') : [];
  var path = match[3] || '';
  this.path = path ? path.replace(/^\//, '').split('/') : [];
  this._trailing = path;
  var query = new PropertyList([], true);
  parseQuery(match[4]).forEach(function (pair) { query._items.push({ key: pair.key, value: pair.value, disabled: false }); });
  this.query = query;
  this.hash = match[5];
  if (!this.variables) this.variables = new PropertyList([], true);
};
Url.prototype.getHost = function () { return this.host.join('.'); };
Url.prototype.getPath = function () { return '/' + this.path.join('/'); };
Url.prototype.getQueryString = function () {
  return this.query._items.filter(function (q) { return !q.disabled; }).map(function (q) {
    return q.value === null || q.value === undefined ? q.key : q.key + '=' + q.value;
  }).join('&');
};
Url.prototype.getPathWithQuery = function () {
  var query = this.getQueryString();
  return this.getPath() + (query ? '?' + query : '');
};
Url.prototype.getRemote = function () { return this.getHost() + (this.port ? ':' + this.port : ''); };
Url.prototype.addQueryParams = function (params) {
  var self = this;
  (typeof params === 'string' ? parseQuery(params) : params || []).forEach(function (p) { self.query.add({ key: p.key, value: p.value }); });
};
Url.prototype.removeQueryParams = function (names) {
  var self = this;
  [].concat(names).forEach(function (name) { self.query.remove(name && name.key !== undefined ? name.key : name); });
};
Url.prototype.toString = function () {
  var out = this.protocol ? this.protocol + '://' : '';
  if (this.auth !== undefined) out += this.auth + '@';
  out += this.getHost();
  if (this.port) out += ':' + this.port;
  if (this.path.length) out += '/' + this.path.join('/');
  else if (this._trailing === '/') out += '/';
  var query = this.getQueryString();
  if (query) out += '?' + query;
  if (this.hash !== undefined) out += '#' + this.hash;
  return out;
};
Url.prototype.getRaw = function () { return this.toString(); };
/** Postman's JSON of a URL: its parts, and raw. */
Url.prototype.toJSON = function () {
  var json = { raw: this.toString(), protocol: this.protocol, host: this.host.slice(), path: this.path.slice() };
  if (this.port !== undefined) json.port = this.port;
  if (this.auth !== undefined) json.auth = this.auth;
  if (this.query.count()) json.query = this.query.all();
  if (this.hash !== undefined) json.hash = this.hash;
  if (this.variables.count()) json.variable = this.variables.all();
  return json;
};

var BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** btoa as browsers have it: Latin-1 text to base64; a character above U+00FF is an error. */
function encodeBase64(input) {
  var text = String(input), out = '';
  for (var i = 0; i < text.length; i += 3) {
    var a = text.charCodeAt(i), b = text.charCodeAt(i + 1), c = text.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the text has a character outside Latin-1');
    var n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63] + (i + 1 < text.length ? BASE64[(n >> 6) & 63] : '=') + (i + 2 < text.length ? BASE64[n & 63] : '=');
  }
  return out;
}

/** atob as browsers have it: base64 (whitespace ignored, padding optional) to Latin-1 text. */
function decodeBase64(input) {
  var text = String(input).replace(/[\t\n\f\r ]+/g, '').replace(/={1,2}$/, '');
  if (/[^A-Za-z0-9+/]/.test(text) || text.length % 4 === 1) throw new Error('atob: the text is not valid base64');
  var out = '', bits = 0, count = 0;
  for (var i = 0; i < text.length; i++) {
    bits = (bits << 6) | BASE64.indexOf(text[i]);
    count += 6;
    if (count >= 8) { count -= 8; out += String.fromCharCode((bits >> count) & 255); }
  }
  return out;
}
`;
