/**
 * Source (run INSIDE the QuickJS context) of Postman's Response (postman-collection's shape):
 * `pm.response` and what `pm.sendRequest` gives back. Its assertions (`pm.response.to…`) are
 * chai's with Postman's plugin (chaiPostman.ts), as in Postman.
 */
import { STATUS_REGISTRY } from '../../core/http/statusRegistry';

/** Reason phrases by code: reason() falls back to them when the answer carried none (HTTP/2), as Postman's does. */
const REASONS: Record<number, string> = Object.fromEntries(STATUS_REGISTRY.filter((e) => e.registration !== 'unused').map((e) => [e.code, e.reason]));

export const RESPONSE_SOURCE = String.raw`
var STANDARD_REASONS = ${JSON.stringify(REASONS)};
/** Postman's JSON error: name JSONError, and liquid-json's words for an empty body. */
function jsonError(e, text) {
  var error = new Error(text === '' ? 'No data, empty input at 1:1' : String(e && e.message));
  // Defined: Error.prototype.name is frozen in the library realm, so assigning would throw.
  Object.defineProperty(error, 'name', { value: 'JSONError', writable: true, configurable: true });
  return error;
}

/** Parses JSON as Postman's Response.json does: a byte-order mark is not part of the JSON. */
function parseBodyJson(text, parse, reviver) {
  var source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try { return parse(source, reviver); } catch (e) { throw jsonError(e, source); }
}

/** Text as UTF-8 bytes, each byte one character (for base64). */
function utf8Bytes(text) {
  return unescape(encodeURIComponent(text));
}

/** Media type, charset and file name of a Content-Type (and Content-Disposition), as Response.contentInfo gives them. */
function contentInfoOf(headers) {
  var contentType = headers.get('Content-Type') || '';
  var mimeType = contentType.split(';')[0].trim().toLowerCase();
  var charsetMatch = /;\s*charset\s*=\s*"?([^";]+)"?/i.exec(contentType);
  var slash = mimeType.indexOf('/');
  var subtype = slash >= 0 ? mimeType.slice(slash + 1) : '';
  var format = /json/.test(subtype) ? 'json' : /xml/.test(subtype) ? 'xml' : /html/.test(subtype) ? 'html' : /javascript|ecmascript/.test(subtype) ? 'script' : mimeType.indexOf('text/') === 0 ? 'text' : mimeType.indexOf('image/') === 0 ? 'image' : mimeType.indexOf('audio/') === 0 ? 'audio' : mimeType.indexOf('video/') === 0 ? 'video' : 'raw';
  var extension = subtype.replace(/^.*\+/, '').replace(/^x-/, '') || 'bin';
  var disposition = headers.get('Content-Disposition') || '';
  var nameMatch = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  var info = {
    contentType: contentType || undefined,
    mimeType: mimeType.slice(0, slash >= 0 ? slash : undefined) || undefined,
    mimeFormat: format,
    charset: charsetMatch ? charsetMatch[1].toLowerCase() : 'utf8',
    fileExtension: extension,
    fileName: nameMatch ? decodeURIComponent(nameMatch[1]) : 'response.' + extension,
  };
  return info;
}

/**
 * Postman's Response around the plain data the host passed in: code, status, headers,
 * cookies, responseTime, responseSize; text(), json(), jsonp(), reason(), details(), size(),
 * contentInfo(), dataURI(), toJSON(), a Buffer as stream; to (chai's expect(response).to).
 */
function PostmanResponse(data, parse, cookies, loadModule) {
  var text = data.body || '';
  Object.defineProperty(this, '_text', { value: text });
  Object.defineProperty(this, '_parse', { value: parse });
  Object.defineProperty(this, '_load', { value: loadModule });
  this.id = data.id;
  this.code = data.code;
  this.status = data.status;
  this.headers = new PropertyList((data.headers || []).map(function (h) { return { key: h.name, value: h.value }; }));
  this.cookies = cookies;
  this.responseTime = data.responseTime;
  this.responseSize = data.responseSize;
}
Object.defineProperty(PostmanResponse.prototype, '_postman_propertyName', { value: 'Response' });
Object.defineProperty(PostmanResponse.prototype, 'stream', { get: function () { return this._load('buffer').Buffer.from(this._text, 'utf8'); } });
PostmanResponse.prototype.text = function () { return this._text; };
PostmanResponse.prototype.json = function (reviver) { return parseBodyJson(this._text, this._parse, reviver); };
PostmanResponse.prototype.jsonp = function (reviver) {
  var match = /^[\s;]*[\w$.]+\s*\(([\s\S]*)\)[\s;]*$/.exec(this._text);
  return parseBodyJson(match ? match[1] : this._text, this._parse, reviver);
};
PostmanResponse.prototype.reason = function () { return this.status || STANDARD_REASONS[this.code] || ''; };
PostmanResponse.prototype.details = function () { var name = this.reason(); return { code: this.code, name: name, detail: name }; };
PostmanResponse.prototype.contentInfo = function () { return contentInfoOf(this.headers); };
PostmanResponse.prototype.encoding = function () { return { format: 'utf8', source: 'header' }; };
PostmanResponse.prototype.size = function () {
  var header = 0;
  this.headers._items.forEach(function (h) { header += utf8Bytes(h.key + ': ' + h.value + '\r\n').length; });
  var body = this.responseSize === undefined ? utf8Bytes(this._text).length : this.responseSize;
  return { body: body, header: header, total: body + header };
};
PostmanResponse.prototype.dataURI = function () {
  var info = this.contentInfo();
  return 'data:' + (info.contentType ? info.contentType.split(';')[0].trim() : 'application/octet-stream') + ';base64,' + encodeBase64(utf8Bytes(this._text));
};
PostmanResponse.prototype.toJSON = function () {
  return {
    id: this.id, status: this.status, code: this.code,
    header: this.headers.all(), cookie: this.cookies.all(),
    body: this._text, responseTime: this.responseTime, responseSize: this.responseSize,
  };
};
PostmanResponse.isResponse = function (value) { return value instanceof PostmanResponse; };
`;
