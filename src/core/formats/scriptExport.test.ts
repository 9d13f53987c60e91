import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { Collection, RequestScript } from '../workspace';
import { formatHttpFile } from './httpFileFormat';
import { exportPostman } from './postmanExport';
import { scriptSecretKinds, scriptSecretWarnings } from './scriptExport';

const GITHUB = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';

function collectionWith(scripts: RequestScript[]): Collection {
  return {
    id: 'c',
    name: 'Scripts',
    variables: [],
    items: [{ kind: 'folder', id: 'f', name: 'Auth', items: [{ kind: 'request', id: 'r', name: 'Login', requestType: 'http', draft: normaliseDraft({ url: 'https://a.test/login' }), scripts }] }],
  };
}

describe('scriptSecretKinds', () => {
  it('finds credentials of recognised kinds in string literals and bare runs, never variables or plain code', () => {
    expect(scriptSecretKinds(`pm.request.headers.add({ key: 'Authorization', value: "Bearer ${JWT}" });\nconst gh = \`${GITHUB}\`;`)).toEqual(['an Authorization credential', 'a GitHub token', 'a JSON Web Token']);
    expect(scriptSecretKinds(`const key = AKIAABCDEFGHIJKLMNOP;`)).toEqual(['an AWS access key']);
    expect(scriptSecretKinds(`pm.environment.set("token", "{{token}}"); client.global.set("auth_token", response.body.token);`)).toEqual([]);
  });
});

describe('scriptSecretWarnings', () => {
  const scripts: RequestScript[] = [
    { phase: 'pre-request', dialect: 'postman', text: `pm.environment.set("gh", "${GITHUB}");` },
    { phase: 'post-response', dialect: 'jetbrains', text: `client.global.set("t", "${JWT}");` },
    { phase: 'post-response', dialect: 'postman', text: 'pm.test("ok", () => pm.response.to.have.status(200));' },
  ];
  const collection = collectionWith(scripts);

  it('names each exported script holding a secret, by request path, phase and kind, for the dialect the export writes', () => {
    expect(scriptSecretWarnings(collection, 'postman')).toEqual([
      '"Auth / Login": its pre-request script holds what looks like a GitHub token. It is written as a {{variable}} in the file: set that variable where the collection runs.',
    ]);
    expect(scriptSecretWarnings(collection, 'http', true)).toEqual([
      '"Auth / Login": its response handler holds what looks like a JSON Web Token. Secrets are included, so it is in the file as written: read it from a variable instead before sharing.',
    ]);
  });

  it("replaces a script's secrets by {{variables}} in a redacted export, and writes them as they are only when asked", () => {
    expect(exportPostman(collection)).not.toContain(GITHUB);
    expect(exportPostman(collection)).toContain(`pm.environment.set(\\"gh\\", \\"{{githubToken}}\\");`);
    expect(formatHttpFile(collection)).not.toContain(JWT);
    expect(exportPostman(collection, { includeSecrets: true })).toContain(`pm.environment.set(\\"gh\\", \\"${GITHUB}\\");`);
    expect(formatHttpFile(collection, { includeSecrets: true })).toContain(`client.global.set("t", "${JWT}");`);
  });
});
