/**
 * HAR as files from the import corpus hold it (issue 15, item 8): HAR Viewer's JSONP
 * padding, and multipart params whose fileName is a path (readmeio/httpsnippet's fixtures).
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import { importHar } from './harImport';
import type { ImportResult } from './importResult';

function imported(document: unknown): ImportResult {
  const result = importHar(typeof document === 'string' ? document : JSON.stringify(document));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function requests(result: ImportResult): SavedRequest[] {
  return collectionRequests(result.collection.items).map((r) => r.request);
}

describe('HAR from the corpus', () => {
  it('HAR Viewer: HAR padded as JSONP (onInputData({…});) imports, and says so', () => {
    const har = { log: { version: '1.1', creator: { name: 'Firebug', version: '1.6' }, entries: [{ request: { method: 'GET', url: 'http://a.test/x', httpVersion: 'HTTP/1.1', headers: [], cookies: [], queryString: [], headersSize: 40, bodySize: -1 } }] } };
    const result = imported(`onInputData(${JSON.stringify(har, null, 2)});\n`);
    expect(requests(result).map((r) => r.draft.url)).toEqual(['http://a.test/x']);
    expect(result.warnings).toEqual(["The file is HAR wrapped in a JavaScript call, onInputData(…) (HAR Viewer's JSONP form); the HAR inside was read."]);
    expect(importHar('onInputData(1, 2)').ok).toBe(false);
  });

  it('a part whose fileName is a path sends only its last segment, as httpsnippet and browsers do', () => {
    const params = [{ name: 'foo', value: 'Hello World', fileName: 'src/fixtures/files/hello.txt', contentType: 'text/plain' }, { name: 'w', value: 'x', fileName: 'C:\\tmp\\a b.txt' }];
    const [upload] = requests(imported({ method: 'POST', url: 'http://a.test/', postData: { mimeType: 'multipart/form-data', params } }));
    expect(upload!.draft.body.multipart.map((p) => [p.name, p.value, p.filename])).toEqual([['foo', 'Hello World', 'hello.txt'], ['w', 'x', 'a b.txt']]);
  });
});
