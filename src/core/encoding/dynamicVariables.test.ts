import { faker } from '@faker-js/faker/locale/en';
import { describe, expect, it } from 'vitest';
import { buildWireRequest, normaliseDraft } from '../request';
import { DYNAMIC_VARIABLES, isDynamicVariableName, sampleDynamicValue } from './dynamicVariableNames';
import { drawnDynamicVariables, dynamicVariableResolver } from './dynamicVariables';
import { substituteVariables } from './variables';

const NOW = new Date('2024-05-06T07:08:09.123Z');
const draw = dynamicVariableResolver(faker, () => NOW);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("Postman's dynamic variables", () => {
  it('has a generator for every documented name and no other, and each draws a non-empty string', () => {
    expect(drawnDynamicVariables().sort()).toEqual([...DYNAMIC_VARIABLES.keys()].sort());
    expect(DYNAMIC_VARIABLES.size).toBe(118);
    for (const name of DYNAMIC_VARIABLES.keys()) {
      const value = draw(name);
      expect(typeof value, name).toBe('string');
      expect(value!.length, name).toBeGreaterThan(0);
    }
  });

  it('draws each as Postman does: $guid a v4 UUID, $timestamp Unix seconds, $isoTimestamp ISO at UTC, $randomInt 0..1000', () => {
    expect(draw('$guid')).toMatch(UUID);
    expect(draw('$randomUUID')).toMatch(UUID);
    expect(draw('$timestamp')).toBe(String(Math.round(NOW.getTime() / 1000)));
    expect(draw('$isoTimestamp')).toBe('2024-05-06T07:08:09.123Z');
    for (let i = 0; i < 200; i++) {
      const n = Number(draw('$randomInt'));
      expect(Number.isInteger(n) && n >= 0 && n <= 1000).toBe(true);
    }
    expect(draw('$randomBoolean')).toMatch(/^(true|false)$/);
    expect(draw('$randomAlphaNumeric')).toMatch(/^[a-z0-9]$/i);
    expect(draw('$randomPhoneNumber')).toMatch(/^[2-9]\d\d-[2-9]\d\d-\d{4}$/);
    expect(draw('$randomPhoneNumberExt')).toMatch(/^\d{1,2}-[2-9]\d\d-[2-9]\d\d-\d{4}$/);
    expect(draw('$randomPassword')).toMatch(/^.{15}$/);
    expect(draw('$randomHexColor')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(draw('$randomIP')).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(draw('$randomEmail')).toContain('@');
    expect(draw('$randomLocale')).toMatch(/^[a-z]{2}$/);
    expect(Number(draw('$randomPrice'))).toBeGreaterThanOrEqual(100);
    expect(new Date(draw('$randomDatePast')!).getTime()).toBeLessThan(NOW.getTime());
    expect(new Date(draw('$randomDateFuture')!).getTime()).toBeGreaterThan(NOW.getTime());
    expect(draw('$randomWords')!.split(' ').length).toBeGreaterThanOrEqual(2);
  });

  it('is not a dynamic variable unless documented: $env.NAME, $processEnv, $foo and constructor are not', () => {
    for (const name of ['$env.TOKEN', '$processEnv TOKEN', '$foo', 'guid', 'constructor', '__proto__']) {
      expect(isDynamicVariableName(name), name).toBe(false);
      expect(draw(name), name).toBeUndefined();
      expect(sampleDynamicValue(name), name).toBeUndefined();
    }
  });

  it('draws once per use: two {{$guid}} are two values, and a variable that holds one draws at each use', () => {
    const one = substituteVariables('{{$guid}} {{ $guid }}', {}, { dynamic: draw });
    const [a, b] = one.text.split(' ');
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
    expect(one.unresolved).toEqual([]);
    expect(one.dynamic).toEqual(['$guid']);
    const nested = substituteVariables('{{id}}/{{id}}', { id: 'x-{{$randomInt}}-{{$guid}}' }, { dynamic: draw });
    const [first, second] = nested.text.split('/');
    expect(first).toMatch(/^x-\d+-/);
    expect(first).not.toBe(second);
    expect(nested.used).toEqual(['id']);
  });

  it('lets a defined variable of the same name win, and without a resolver leaves them unresolved as before', () => {
    expect(substituteVariables('{{$guid}}', { $guid: 'mine' }, { dynamic: draw }).text).toBe('mine');
    const plain = substituteVariables('{{$guid}}', {});
    expect(plain.text).toBe('{{$guid}}');
    expect(plain.unresolved).toEqual(['$guid']);
    expect(plain.dynamic).toBeUndefined();
  });

  it('previews with fixed samples, and buildWireRequest reports which were drawn', () => {
    const draft = normaliseDraft({ method: 'POST', url: 'https://api.example.com/u/{{$randomInt}}?id={{$guid}}', headers: [{ name: 'X-Mail', value: '{{$randomEmail}}' }], body: { kind: 'json', texts: { json: '{"at": "{{$isoTimestamp}}", "n": "{{missing}}"}' } } });
    const preview = buildWireRequest(draft, {}, { dynamic: sampleDynamicValue });
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.value.wire.url).toBe('https://api.example.com/u/802?id=611c2e81-2ccb-42d8-9ddc-2d0bfa65c1b4');
    expect(preview.value.wire.headers).toContainEqual({ name: 'X-Mail', value: 'Pablo62@gmail.com' });
    expect([...(preview.value.dynamic ?? [])].sort()).toEqual(['$guid', '$isoTimestamp', '$randomEmail', '$randomInt']);
    expect(preview.value.unresolved).toEqual(['missing']);
    const sent = buildWireRequest(draft, {}, { dynamic: draw });
    expect(sent.ok && sent.value.wire.url).toMatch(/^https:\/\/api\.example\.com\/u\/\d+\?id=[0-9a-f-]{36}$/);
  });

  it('keeps a deep chain of values holding dynamic variables bounded', () => {
    const env: Record<string, string> = { v0: '{{$randomInt}}' };
    for (let i = 1; i < 10; i++) env[`v${i}`] = `{{v${i - 1}}}`.repeat(8);
    const started = performance.now();
    const result = substituteVariables('{{v9}}', env, { dynamic: draw, maxLength: 1_000_000 });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.text.length).toBeGreaterThan(0);
  });
});
