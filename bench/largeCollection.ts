/**
 * A generated Postman Collection v2.1 of `requests` requests in folders of `perFolder`,
 * each a small GET or POST (100,000 requests make about 9 MB). Used by `npm run bench:workspace` and e2e/largeImport.spec.ts.
 */
export function largePostmanCollection(requests: number, perFolder = 1000, name = 'Large workspace'): string {
  const folders: string[] = [];
  for (let start = 0; start < requests; start += perFolder) {
    const items: string[] = [];
    for (let i = start; i < Math.min(requests, start + perFolder); i++) {
      items.push(
        JSON.stringify({
          name: `Request ${i + 1}`,
          request: { method: i % 5 === 0 ? 'POST' : 'GET', url: `https://api.example.com/items/${i + 1}` },
        }),
      );
    }
    folders.push(`{"name":"Folder ${folders.length + 1}","item":[${items.join(',')}]}`);
  }
  return `{"info":{"name":${JSON.stringify(name)},"schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},"item":[${folders.join(',')}]}`;
}
