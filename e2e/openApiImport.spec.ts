import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

/** A description over three files: the entry, a path item in a folder, and schemas it reaches with nested relative refs. */
const FILES: Record<string, string> = {
  'openapi.yaml': `openapi: 3.1.0
info: { title: Split Pets, version: "1" }
servers:
  - url: https://{region}.pets.example.test/v1
    variables:
      region: { default: eu, enum: [eu, us] }
paths:
  /pets:
    $ref: ./paths/pets.yaml
  /owners:
    post:
      summary: Add owner
      requestBody:
        content:
          application/json:
            schema: { $ref: './schemas/owner.yaml#/Owner' }
`,
  'paths/pets.yaml': `get:
  summary: List pets
  parameters:
    - { name: limit, in: query, required: true, schema: { type: integer, default: 25 } }
post:
  summary: Add pet
  requestBody:
    content:
      application/json:
        schema: { $ref: '../schemas/pet.yaml#/Pet' }
`,
  'schemas/pet.yaml': `Pet:
  type: object
  properties:
    name: { type: string, example: Rex }
    kind: { $ref: '#/Kind' }
Kind: { type: string, enum: [dog, cat] }
`,
};

test('a description over several files, picked together (they arrive without their folders), is imported with its relative $refs resolved and a missing file named (issue 15)', async ({ workspace }, testInfo) => {
  await workspace.open();
  const dir = testInfo.outputPath('split-pets');
  const paths = Object.entries(FILES).map(([name, text]) => {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  });

  await workspace.openImport();
  await workspace.importDialog.getByLabel('Choose a file…').setInputFiles(paths);
  await expect(workspace.importSuccess()).toContainText('Imported Split Pets (OpenAPI / Swagger): 3 requests.');
  await expect(workspace.importSuccess()).toContainText('openapi.yaml refers to schemas/owner.yaml, which is not among the files given');
  await expect(workspace.importSuccess()).toContainText('Server variable "region" is set to its default "eu"; the server also allows: us.');
  await workspace.closeImport();

  const names = await workspace.rowNames();
  expect(names.slice(names.indexOf('Split Pets') + 1, names.indexOf('Split Pets') + 4)).toEqual(['List pets', 'Add pet', 'Add owner']);

  await workspace.rowAction('Split Pets', 'Export…');
  await workspace.exportDialog.getByLabel(/\.http file/).check();
  const preview = workspace.exportDialog.getByLabel('Preview');
  await expect(preview).toHaveValue(/GET \{\{baseUrl\}\}\/pets\?limit=25/);
  await expect(preview).toHaveValue(/POST \{\{baseUrl\}\}\/pets\n(.*\n)*\{\n {2}"name": "Rex",\n {2}"kind": "dog"\n\}/);
  await expect(preview).toHaveValue(/@baseUrl = https:\/\/\{\{region\}\}\.pets\.example\.test\/v1/);
});
