import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine } from './engine';

/**
 * Every script of the Postman collections in test-data/newman (written for newman and run by
 * it) compiles in the engine and runs to its end without a script error (or, for one that
 * fails on purpose, with the error at its line and column), given a response of
 * the shape its request gets. Which tests pass is the CLI's comparison with newman (issue 18,
 * item 6); here: nothing in them is beyond the engine's pm API.
 */
const collectionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-data/newman/collections');

interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  event?: Array<{ listen: string; script: { exec: string[] | string } }>;
}

function scriptsOf(items: PostmanItem[], into: Array<{ name: string; listen: string; code: string }>) {
  for (const item of items) {
    if (item.item) scriptsOf(item.item, into);
    for (const event of item.event ?? []) {
      const code = Array.isArray(event.script.exec) ? event.script.exec.join('\n') : event.script.exec;
      into.push({ name: item.name, listen: event.listen, code });
    }
  }
  return into;
}

const scripts = readdirSync(collectionsDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => {
    const collection = JSON.parse(readFileSync(path.join(collectionsDir, file), 'utf8')) as PostmanItem & { item: PostmanItem[] };
    return scriptsOf([{ name: `${file} (collection)`, event: collection.event }, ...collection.item], []).map((s) => ({ ...s, file }));
  });

/** A body with every field these collections read, so a script runs to its end. */
const anything = JSON.stringify({
  users: [{ id: 1, orders: '/sandbox/api/users/1/orders' }],
  orders: [{ total: 30 }, { total: 10 }],
  count: 1,
  userId: 1,
  id: 7,
  item: 'widget',
  total: 30,
  restored: ['orders'],
  token_type: 'Bearer',
  access_token: 'a',
  expires_in: 60,
  scope: 'orders:read orders:write',
  principal: 'demo',
  access: 'read-write',
  action: 'read',
  title: 'x',
  args: { q: 'x', page: '1' },
  headerList: [{ name: 'X-Case', value: 'c' }, { name: 'X-Tag-Count', value: '1' }],
  json: { name: 'c', tags: ['a'], orders: 6, total: 1 },
  missing: { deep: 1 },
});

/** Scripts that fail on purpose, with the error the engine must name. */
const EXPECTED_ERRORS: Record<string, unknown[]> = {
  'Pre-request script with a typo › prerequest': [{ kind: 'runtime', message: "TypeError: cannot read property 'set' of undefined", line: 2, column: 14 }],
};

let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createScriptEngine();
});

describe('the newman comparison collections run in the engine', () => {
  it('finds their scripts', () => {
    expect(scripts.length).toBeGreaterThan(20);
  });

  it.each(scripts.map((s) => [`${s.file} › ${s.name} › ${s.listen}`, s] as const))('%s', async (_label, script) => {
    const result = await engine.run({
      phase: script.listen === 'prerequest' ? 'pre-request' : 'post-response',
      code: script.code,
      request: { method: 'GET', url: 'http://127.0.0.1/sandbox/api/users', headers: [] },
      response: { code: 200, status: 'OK', headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Location', value: '/x/orders/7' }], body: anything, responseTime: 5 },
      variables: {
        environment: { clientId: 'demo' },
        collection: { pendingUsers: '[1,2]', orderCount: '0', grandTotal: '0', userId: '1', orderId: '7', itemName: 'widget' },
        globals: {},
        local: {},
        iterationData: { quantity: '2', unitPrice: '15', expectedStatus: '200', item: 'widget', userId: '1', caseName: 'c', query: 'x', page: 1, tags: ['a'], expectedTags: 1 },
      },
      info: { iteration: 0, iterationCount: 1, requestName: script.name, requestId: script.name },
      sendRequest: async () => ({ code: 200, status: 'OK', headers: [], body: anything, responseTime: 1 }),
    });
    expect(result.errors).toEqual(EXPECTED_ERRORS[`${script.name} › ${script.listen}`] ?? []);
  });
});
