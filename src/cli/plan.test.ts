import { describe, expect, it } from 'vitest';
import { substituteVariables, emptyDraft, type Collection, type CollectionItem } from '../core';
import { EnvVarAllowList } from './envAllow';
import { planUnits } from './plan';
import { SecretMask } from './secrets';
import { InputError } from './source';
import { envReferences, processEnvValues, RunScope } from './variables';
import { readVaultFile } from './vaultGrants';

const request = (name: string): CollectionItem => ({ kind: 'request', id: `req-${name}`, name, draft: emptyDraft('http://x/'), requestType: 'http' });
const folder = (name: string, items: CollectionItem[]): CollectionItem => ({ kind: 'folder', id: `fld-${name}`, name, items });
const shop: Collection = { id: 'c', name: 'Shop', variables: [], items: [request('Login'), folder('Orders', [request('Create'), folder('Items', [request('Add')])]), request('Logout')] };

const names = (units: ReturnType<typeof planUnits>) => units.map((unit) => unit.map((r) => [...r.path, r.request.name].join('/')));

describe('planUnits', () => {
  it('makes each top-level request or folder one unit, depth first', () => {
    expect(names(planUnits([shop], undefined))).toEqual([['Login'], ['Orders/Create', 'Orders/Items/Add'], ['Logout']]);
  });
  it('runs one folder (found at any depth) or a collection by name', () => {
    expect(names(planUnits([shop], 'Items'))).toEqual([['Orders/Items/Add']]);
    expect(names(planUnits([shop], 'Orders'))).toEqual([['Orders/Create'], ['Orders/Items/Add']]);
    expect(names(planUnits([shop], 'Shop'))).toHaveLength(3);
  });
  it('lists the folders there are when the name matches none', () => {
    expect(() => planUnits([shop], 'Nope')).toThrow(InputError);
    expect(() => planUnits([shop], 'Nope')).toThrow('the folders are "Orders", "Items"');
  });
});

describe('SecretMask', () => {
  it('masks known secrets everywhere and credential-shaped values nobody declared', () => {
    const mask = new SecretMask();
    mask.add('hunter2-very-secret');
    expect(mask.text('url?key=hunter2-very-secret&x=1')).toBe('url?key=•••• (masked: a secret)&x=1');
    expect(mask.text('token ghp_abcdefghijklmnopqrstuvwxyz0123')).not.toContain('ghp_');
    expect(mask.text('an ordinary sentence')).toBe('an ordinary sentence');
    expect(mask.headers([{ name: 'Set-Cookie', value: 'sid=abc' }, { name: 'X-Echo', value: 'hunter2-very-secret' }])).toEqual([
      { name: 'Set-Cookie', value: '•••• (masked: Set-Cookie)' },
      { name: 'X-Echo', value: '•••• (masked: a secret)' },
    ]);
  });
});

describe('process environment secrets', () => {
  it('reads {{$env.NAME}} and {{$processEnv NAME}} from the process environment only, as secrets', () => {
    expect(envReferences('a {{$env.TOKEN}} b {{ $processEnv  KEY }}')).toEqual([
      { reference: '$env.TOKEN', name: 'TOKEN' },
      { reference: '$processEnv  KEY', name: 'KEY' },
    ]);
    const mask = new SecretMask();
    expect({ ...processEnvValues(['Bearer {{$env.TOKEN}}'], { TOKEN: 'from-the-ci-secret' }, mask, new EnvVarAllowList(['TOKEN'])) }).toEqual({ '$env.TOKEN': 'from-the-ci-secret' });
    expect(mask.text('from-the-ci-secret')).not.toContain('from-the-ci');
  });
  it('refuses a run naming unset or empty variables, naming them all', () => {
    expect(() => processEnvValues(['{{$env.A}} {{$env.B}}'], { B: '' }, new SecretMask(), new EnvVarAllowList(['A', 'B']))).toThrow(/A, B/);
  });
  it('reads only the names allowed, by name or * pattern, and names every other one with how to allow it', () => {
    const env = { API_TOKEN: 'api-token-value', API_KEY: 'api-key-value', HOME_SECRET: 'home-secret-value' };
    expect(Object.keys(processEnvValues(['{{$env.API_TOKEN}} {{$env.API_KEY}}'], env, new SecretMask(), new EnvVarAllowList(['API_*'])))).toEqual(['$env.API_TOKEN', '$env.API_KEY']);
    const refuse = () => processEnvValues(['{{$env.API_TOKEN}} {{$processEnv HOME_SECRET}} {{$env.AWS_SECRET_ACCESS_KEY}}'], env, new SecretMask(), new EnvVarAllowList(['API_TOKEN'], [], true));
    expect(refuse).toThrow(/HOME_SECRET, AWS_SECRET_ACCESS_KEY .*not allowed.*--env-var-allow HOME_SECRET,AWS_SECRET_ACCESS_KEY.*"envVarAllow" in the workspace's wirebench.json/);
    // Not allowed comes before not set: a name nobody allowed is never looked up.
    expect(() => processEnvValues(['{{$env.UNSET}}'], {}, new SecretMask(), new EnvVarAllowList())).toThrow(/not allowed/);
    expect(new EnvVarAllowList([], ['CI_*']).allowedBy('CI_TOKEN')).toBe('wirebench.json');
    expect(new EnvVarAllowList(['CI_TOKEN'], ['CI_*']).allowedBy('CI_TOKEN')).toBe('--env-var-allow');
    expect(new EnvVarAllowList(['CI_*']).allowedBy('CIX_TOKEN')).toBeUndefined();
  });
});

describe('readVaultFile', () => {
  const write = async (entries: unknown[]) => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/wb-vault-`);
    await writeFile(`${dir}/vault.json`, JSON.stringify({ entries }));
    return `${dir}/vault.json`;
  };
  const base = { id: 'ci', grant: 'client_credentials', tokenUrl: 'http://127.0.0.1/token', clientId: 'c' };

  it('takes secrets from environment variables and masks them', async () => {
    const mask = new SecretMask();
    const entries = await readVaultFile(await write([{ ...base, clientSecret: '{{$env.CI_SECRET}}' }]), {}, { CI_SECRET: 'client-secret-value' }, mask, new EnvVarAllowList(['CI_SECRET']));
    expect(entries.get('ci')).toMatchObject({ clientSecret: 'client-secret-value', authMethod: 'client_secret_basic' });
    expect(mask.text('client-secret-value')).not.toContain('client-secret');
  });

  it('refuses a secret written into the file, an interactive grant and an unset variable', async () => {
    await expect(readVaultFile(await write([{ ...base, clientSecret: 'written-in-the-file' }]), {}, {}, new SecretMask(), new EnvVarAllowList())).rejects.toThrow(/never from files/);
    await expect(readVaultFile(await write([{ ...base, grant: 'authorization_code' }]), {}, {}, new SecretMask(), new EnvVarAllowList())).rejects.toThrow(/interactive grants need the app/);
    await expect(readVaultFile(await write([{ ...base, clientSecret: '{{$env.NOPE}}' }]), {}, {}, new SecretMask(), new EnvVarAllowList(['NOPE']))).rejects.toThrow(/NOPE.*not set/);
    // A vault file can be someone else's too: its references need the same allowance.
    await expect(readVaultFile(await write([{ ...base, clientSecret: '{{$env.CI_SECRET}}' }]), {}, { CI_SECRET: 'client-secret-value' }, new SecretMask(), new EnvVarAllowList())).rejects.toThrow(/CI_SECRET .*not allowed/);
  });
});

describe('RunScope and names like Object.prototype members', () => {
  it('resolves __proto__, constructor and toString as ordinary variables, and leaves them unresolved while undefined', () => {
    const collection: Collection = { id: 'c', name: 'C', items: [], variables: [{ name: '__proto__', value: 'proto-value' }, { name: 'constructor', value: 'ctor-value' }] };
    const scope = new RunScope([collection], undefined, [['toString', 'ts-value']], {}, new SecretMask());
    expect(substituteVariables('{{__proto__}} {{constructor}} {{toString}}', scope.values()).text).toBe('proto-value ctor-value ts-value');
    scope.set('run', 'hasOwnProperty', 'own-value');
    expect(substituteVariables('{{hasOwnProperty}}', scope.values()).text).toBe('own-value');
    expect(scope.layer('run')).toMatchObject({ toString: 'ts-value', hasOwnProperty: 'own-value' });
    const empty = new RunScope([], undefined, [], {}, new SecretMask());
    expect(substituteVariables('{{constructor}} {{__proto__}} {{valueOf}}', empty.values())).toMatchObject({ text: '{{constructor}} {{__proto__}} {{valueOf}}', unresolved: ['constructor', '__proto__', 'valueOf'] });
  });
});
