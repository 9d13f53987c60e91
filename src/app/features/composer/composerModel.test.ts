import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../../../core';
import { composerView } from './composerModel';
import { dynamicResolverFor } from './dynamicValues';

describe("the composer's view of Postman's dynamic variables", () => {
  const draft = normaliseDraft({ method: 'POST', url: 'https://api.example.com/users/{{$randomInt}}', headers: [{ name: 'X-Request-Id', value: '{{$guid}}' }] });

  it('counts {{$guid}} and {{$randomInt}} as known, with fixed samples in What will be sent and the names listed', () => {
    const view = composerView(draft, {});
    expect(view.build.ok).toBe(true);
    if (!view.build.ok) return;
    expect(view.build.value.unresolved).toEqual([]);
    expect(view.build.value.dynamic).toEqual(['$randomInt', '$guid']);
    expect(view.build.value.wire.url).toBe('https://api.example.com/users/802');
    // An environment variable of the same name wins, as in Postman.
    const defined = composerView(draft, { $randomInt: '7' });
    expect(defined.build.ok && defined.build.value.wire.url).toBe('https://api.example.com/users/7');
  });

  it('loads the resolver at send time only for a draft or environment that names one', async () => {
    expect(await dynamicResolverFor(normaliseDraft({ method: 'GET', url: 'https://h/{{id}}' }), { id: '1' })).toBeUndefined();
    const draw = await dynamicResolverFor(draft, {});
    expect(draw?.('$guid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(draw?.('$guid')).not.toBe(draw?.('$guid'));
  });
});
