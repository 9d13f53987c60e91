import { describe, expect, it } from 'vitest';
import { wireResponse } from '../http/exchangeFixtures';
import { exchangeView } from './exchangeView';
import { checkJsonSchema, schemaDraftOf } from './jsonSchemaCheck';

const body = (text: string) => exchangeView({ request: { method: 'GET', url: 'https://api.test/', headers: [] }, response: wireResponse(200, ['Content-Type: application/json'], text) });
const order = body('{"id": 7, "name": "Zoë", "items": ["a", 3]}');
const schema = JSON.stringify({
  type: 'object',
  required: ['id', 'name', 'total'],
  properties: { id: { type: 'integer' }, name: { type: 'string', minLength: 1 }, items: { type: 'array', items: { type: 'string' } } },
});

describe('checkJsonSchema', () => {
  it('passes a body that matches', () => {
    expect(checkJsonSchema('{"type": "object", "required": ["id"]}', order)).toEqual({ passed: true });
  });

  it('lists the deepest errors with their instance paths, not the "does not match" wrappers', () => {
    const result = checkJsonSchema(schema, order);
    expect(result.passed).toBe(false);
    expect(result.message).toBe('The body does not match the schema: (root): Instance does not have required property "total".; /items/1: Instance type "number" is invalid. Expected "string".');
    expect(result.actual).toBe('2 errors');
  });

  it('says how many more errors there are past the first three', () => {
    const result = checkJsonSchema('{"type": "array", "items": {"type": "string"}}', body('[1, 2, 3, 4, 5]'));
    expect(result.message).toMatch(/\/0: .*; \/1: .*; \/2: .* \(and 2 more\)$/);
  });

  it.each<[string, string, string, RegExp]>([
    ['a schema that is not JSON', '{"type": "object",\n  required: []}', '{}', /^The schema is not JSON: .*\(line 2, column 3\)\.$/],
    ['a schema that is an array', '[]', '{}', /must be a JSON object/],
    ['a body that is not JSON', '{}', '<xml/>', /^The body is not JSON/],
    ['an empty body', '{}', '', /^The body is empty/],
    ['an unresolvable $ref', '{"$ref": "#/$defs/nope"}', '{}', /^The schema cannot be used: Unresolved \$ref/],
  ])('%s fails with a message', (_name, schemaText, bodyText, message) => {
    expect(checkJsonSchema(schemaText, body(bodyText))).toMatchObject({ passed: false, message: expect.stringMatching(message) });
  });

  it('takes true and false as schemas', () => {
    expect(checkJsonSchema('true', order).passed).toBe(true);
    expect(checkJsonSchema('false', order).passed).toBe(false);
  });

  it('reads the draft from $schema (draft 4: exclusiveMaximum is a boolean)', () => {
    const draft4 = '{"$schema": "http://json-schema.org/draft-04/schema#", "type": "number", "maximum": 7, "exclusiveMaximum": true}';
    expect(checkJsonSchema(draft4, body('7')).passed).toBe(false);
    expect(checkJsonSchema(draft4, body('6')).passed).toBe(true);
  });

  it.each<[unknown, string]>([
    [{}, '2020-12'],
    [{ $schema: 'http://json-schema.org/draft-07/schema#' }, '7'],
    [{ $schema: 'https://json-schema.org/draft/2019-09/schema' }, '2019-09'],
    [true, '2020-12'],
  ])('schemaDraftOf(%j) = %s', (s, draft) => expect(schemaDraftOf(s)).toBe(draft));
});

describe('checkJsonSchema on deep input (issue 26.4)', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it('refuses a schema nested past 1000 levels with its position', () => {
    const deepSchema = `${'{"items":'.repeat(20_000)}{}${'}'.repeat(20_000)}`;
    expect(checkJsonSchema(deepSchema, body('[1]'))).toEqual({ passed: false, message: 'The schema is nested more than 1000 levels deep (line 1, column 9001); the validator cannot walk it.' });
  });

  it('refuses a body nested past 1000 levels with its position', () => {
    expect(checkJsonSchema('{"type":"array","items":{"$ref":"#"}}', body(nested(20_000)))).toEqual({
      passed: false,
      message: 'The body is nested more than 1000 levels deep (line 1, column 1001), too deep to read as JSON; check it as text (body contains, matches) instead.',
    });
  });

  it('never reports a stack overflow as "Maximum call stack size exceeded" for a body within the bound', () => {
    const result = checkJsonSchema('{"type":"array","items":{"$ref":"#"}}', body(nested(1000).replace(/1/, '"x"')));
    expect(result.passed).toBe(false);
    expect(result.message).not.toContain('Maximum call stack');
  });
});
