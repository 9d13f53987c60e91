/**
 * Multi-file descriptions as found in peers' fixtures (the multi-file conformance corpus):
 * a fragment written as a YAML flow mapping, and a list (tags) kept in a file of its own.
 */
import { describe, expect, it } from 'vitest';
import { importOpenApiFiles } from './openApiImport';

const ENTRY = `openapi: 3.0.0
info: { title: Split, version: "1" }
tags:
  $ref: ./tags/tags.yaml
paths:
  /items:
    get:
      summary: List items
      tags: [Authorization]
      parameters:
        - name: q
          in: query
          required: true
          schema:
            $ref: ./ref.yaml
`;

describe('importOpenApiFiles: fragments as peers write them', () => {
  const result = importOpenApiFiles([
    { path: 'openapi.yaml', text: ENTRY },
    { path: 'ref.yaml', text: "{ 'type': 'string', 'example': 'abc' }\n" },
    { path: 'tags/tags.yaml', text: '- name: Authorization\n  description: Signing in\n- name: Sign\n' },
  ]);

  it('reads a fragment that starts with { but is a YAML flow mapping, not JSON', () => {
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.warnings.filter((w) => w.includes('ref.yaml'))).toEqual([]);
    const folder = result.value.collection.items[0];
    const request = folder?.kind === 'folder' ? folder.items[0] : undefined;
    expect(request?.kind === 'request' && request.draft.url).toBe('{{baseUrl}}/items?q=abc');
  });

  it('resolves a $ref to a file holding a list (the document tags) as that list', () => {
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.warnings.filter((w) => w.includes('tags.yaml'))).toEqual([]);
    const folder = result.value.collection.items[0];
    expect(folder?.kind === 'folder' && [folder.name, folder.description]).toEqual(['Authorization', 'Signing in']);
  });

  it('still gives the JSON error of broken JSON that is not YAML either', () => {
    const broken = importOpenApiFiles([{ path: 'openapi.json', text: '{\n  "openapi": "3.1.0",\n  "info": {' }]);
    expect(!broken.ok && broken.error.message).toMatch(/not valid JSON/);
  });
});
