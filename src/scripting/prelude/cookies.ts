/**
 * Source (run INSIDE QuickJS, in the library context) of Postman's cookies: `pm.cookies` (a
 * list of Cookie objects by name) and `pm.cookies.jar()`, whose get/getAll/set/unset/clear
 * take callbacks as in Postman and go to the host's cookie jar (`host.jar`), when the host
 * gave one.
 */
export const COOKIES_SOURCE = String.raw`
/** One Set-Cookie line as Postman's Cookie: name, value and its attributes. */
function parseSetCookie(line) {
  var parts = String(line).split(';');
  var pair = parts[0], eq = pair.indexOf('=');
  if (eq <= 0) return undefined;
  var cookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), httpOnly: false, secure: false };
  for (var i = 1; i < parts.length; i++) {
    var attribute = parts[i].trim(), at = attribute.indexOf('=');
    var key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase(), value = at < 0 ? '' : attribute.slice(at + 1).trim();
    if (key === 'domain') cookie.domain = value.replace(/^\./, '');
    else if (key === 'path') cookie.path = value;
    else if (key === 'expires') cookie.expires = value;
    else if (key === 'max-age') cookie.maxAge = Number(value);
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = value;
  }
  cookie.session = cookie.expires === undefined && cookie.maxAge === undefined;
  return cookie;
}

/** A cookie as Postman's list holds it: the fields, key = name, and toString() 'name=value'. */
function cookieItem(cookie) {
  var item = { key: String(cookie.name), name: String(cookie.name), value: cookie.value === undefined || cookie.value === null ? '' : String(cookie.value), disabled: false };
  ['domain', 'path', 'expires', 'maxAge', 'httpOnly', 'secure', 'hostOnly', 'session', 'sameSite'].forEach(function (field) {
    if (cookie[field] !== undefined) item[field] = cookie[field];
  });
  return item;
}

/** Postman's CookieList from cookie records (the host's) or, without them, from the response's Set-Cookie lines. */
function makeCookieList(cookies, headers) {
  var list = new PropertyList([], true);
  var records = cookies || (headers || []).filter(function (h) { return String(h.name).toLowerCase() === 'set-cookie'; }).map(function (h) { return parseSetCookie(h.value); });
  records.forEach(function (cookie) {
    if (!cookie) return;
    var item = cookieItem(cookie), at = list.indexOf(item.key);
    if (at >= 0) list._items[at] = item;
    else list._items.push(item);
  });
  return list;
}

var NO_JAR = 'pm.cookies.jar() is not available here: the caller gave the script engine no cookie jar';

/**
 * Postman's cookie jar: each method calls back (error, result) once the host's jar answered.
 * run: recordError for a callback that throws, and the host bridge (host.jar or undefined).
 */
function makeCookieJar(host, recordError) {
  function call(op, args, callback, shape, problem) {
    var settled;
    try {
      if (typeof args.url !== 'string' || args.url === '') throw new TypeError('pm.cookies.jar().' + op + ' needs a URL (a string)');
      if (problem) throw new TypeError(problem);
      if (!host.jar) throw new Error(NO_JAR);
      settled = host.jar(op, stringify(args)).then(function (text) { return shape(text === '' ? undefined : parseJson(text)); });
    } catch (e) {
      settled = Promise.reject(e);
    }
    if (typeof callback !== 'function') { settled.then(undefined, function () {}); return; }
    settled.then(function (result) { callback(null, result); }, function (error) { callback(error); }).then(undefined, recordError);
  }
  function nothing() { return undefined; }
  return {
    get: function (url, name, callback) {
      call('getAll', { url: url }, callback, function (cookies) {
        var found = (cookies || []).filter(function (c) { return c.name === String(name); })[0];
        return found ? found.value : undefined;
      });
    },
    getAll: function (url, callback) {
      call('getAll', { url: url }, callback, function (cookies) { return (cookies || []).map(cookieItem).map(function (item) { delete item.key; delete item.disabled; return item; }); });
    },
    set: function (url, nameOrCookie, value, callback) {
      var cookie;
      if (nameOrCookie && typeof nameOrCookie === 'object') { cookie = nameOrCookie; callback = typeof value === 'function' ? value : callback; }
      else if (typeof value === 'function') { cookie = { name: nameOrCookie, value: '' }; callback = value; }
      else cookie = { name: nameOrCookie, value: value };
      var record = cookieItem(cookie);
      delete record.key;
      delete record.disabled;
      call('set', { url: url, cookie: record }, callback, function () {
        var made = cookieItem(record);
        delete made.key;
        delete made.disabled;
        return made;
      }, record.name ? undefined : 'pm.cookies.jar().set needs a cookie name');
    },
    unset: function (url, name, callback) { call('unset', { url: url, name: String(name) }, callback, nothing); },
    clear: function (url, callback) { call('clear', { url: url }, callback, nothing); },
  };
}
`;
