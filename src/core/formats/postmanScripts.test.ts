import { describe, expect, it } from 'vitest';
import { collectionRequests } from '../workspace';
import { exportPostman } from './postmanExport';
import { importPostman } from './postmanImport';

const collection = {
  info: { name: 'Scripts', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [
    {
      name: 'Create order',
      event: [
        { listen: 'prerequest', script: { type: 'text/javascript', exec: ['pm.variables.set("n", 1);'] } },
        { listen: 'test', script: { type: 'text/javascript', exec: ['pm.test("created", () => {', '  pm.response.to.have.status(201);', '});'] } },
      ],
      request: { method: 'POST', url: 'https://api.example.test/orders' },
    },
  ],
};

describe('exportPostman: scripts (issue 15, item 7)', () => {
  it('writes a request\'s Postman scripts back as its event list, so they survive a round trip', () => {
    const first = importPostman(JSON.stringify(collection));
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const exported = JSON.parse(exportPostman(first.value.collection)) as { item: { event?: { listen: string; script: { exec: string[] } }[] }[] };
    expect(exported.item[0]!.event).toEqual([
      { listen: 'prerequest', script: { type: 'text/javascript', exec: ['pm.variables.set("n", 1);'] } },
      { listen: 'test', script: { type: 'text/javascript', exec: ['pm.test("created", () => {', '  pm.response.to.have.status(201);', '});'] } },
    ]);
    const again = importPostman(JSON.stringify(exported));
    expect(again.ok && collectionRequests(again.value.collection.items)[0]!.request.scripts).toEqual(collectionRequests(first.value.collection.items)[0]!.request.scripts);
  });

  it('leaves out scripts of another dialect, which Postman cannot run', () => {
    const first = importPostman(JSON.stringify(collection));
    if (!first.ok) throw new Error(first.error.message);
    const request = collectionRequests(first.value.collection.items)[0]!.request;
    request.scripts = [{ phase: 'post-response', dialect: 'jetbrains', text: 'client.test("ok", () => {});' }];
    const exported = JSON.parse(exportPostman(first.value.collection)) as { item: { event?: unknown[] }[] };
    expect(exported.item[0]!.event).toBeUndefined();
  });
});
