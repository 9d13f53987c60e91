/**
 * The media type of an upload by its file name's extension, as Postman and newman give a
 * form-data file part (the form-data package looks it up with mime-types): `.json` is
 * application/json. Unknown extensions get application/octet-stream. The common ones only.
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  json: 'application/json', xml: 'application/xml', txt: 'text/plain', csv: 'text/csv', html: 'text/html', htm: 'text/html', css: 'text/css',
  js: 'application/javascript', pdf: 'application/pdf', zip: 'application/zip', gz: 'application/gzip', png: 'image/png', jpg: 'image/jpeg',
  jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp', mp3: 'audio/mpeg', mp4: 'video/mp4', yaml: 'text/yaml', yml: 'text/yaml',
};

export function mimeOfFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 && !/[\\/]/.test(name.slice(dot)) ? name.slice(dot + 1).toLowerCase() : '';
  return BY_EXTENSION[extension] ?? 'application/octet-stream';
}
