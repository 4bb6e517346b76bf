import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileWriter, createResponseSerializerCompiler, simplifyNullable, verifiedWriter } from './response-serializer';

const User = z.object({
  id: z.uuid(),
  email: z.string(),
  phone: z.string().nullable(),
  profile: z.object({ rate: z.string() }).nullable(),
  tags: z.array(z.object({ name: z.string(), at: z.iso.datetime() })),
  role: z.enum(['lawyer', 'mediator']),
  note: z.string().optional(),
});
const ID = '0b7a6c1e-3f4d-4a5b-9c8d-1e2f3a4b5c6d';
const user = { id: ID, email: 'a@b.test', phone: null, profile: { rate: '10.00' }, tags: [{ name: 'x', at: '2026-11-26T10:00:00.000Z' }], role: 'lawyer' };

const compile = (verify: boolean, schema: z.ZodType = User) =>
  createResponseSerializerCompiler({ verify })({ schema, method: 'GET', url: '/api/x', httpStatus: '200' }) as (data: unknown) => string;

describe('simplifyNullable', () => {
  it.each([
    ['a nullable string', { anyOf: [{ type: 'string' }, { type: 'null' }] }, { type: ['string', 'null'] }],
    ['null first', { anyOf: [{ type: 'null' }, { type: 'integer' }] }, { type: ['integer', 'null'] }],
    [
      'a nullable object keeps its properties',
      { anyOf: [{ type: 'object', properties: { x: { type: 'number' } }, required: ['x'] }, { type: 'null' }] },
      { type: ['object', 'null'], properties: { x: { type: 'number' } }, required: ['x'] },
    ],
    ['a nullable enum', { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] }, { type: ['string', 'null'], enum: ['a'] }],
    [
      'nested inside properties and items',
      { type: 'array', items: { type: 'object', properties: { p: { anyOf: [{ type: 'string' }, { type: 'null' }] } } } },
      { type: 'array', items: { type: 'object', properties: { p: { type: ['string', 'null'] } } } },
    ],
    ['a union of two types is kept', { anyOf: [{ type: 'string' }, { type: 'number' }] }, { anyOf: [{ type: 'string' }, { type: 'number' }] }],
    [
      'a nullable union is kept',
      { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
      { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
    ],
    ['a nullable reference is kept', { anyOf: [{ $ref: '#/definitions/a' }, { type: 'null' }] }, { anyOf: [{ $ref: '#/definitions/a' }, { type: 'null' }] }],
  ])('%s', (_name, input, output) => {
    expect(simplifyNullable(input)).toEqual(output);
  });
});

describe('the compiled writer', () => {
  it('writes what the zod encoding writes, and only the schema properties (a stray secret never leaves)', () => {
    const written = compile(false)({ ...user, password: 'hash', profile: { rate: '10.00', stripeId: 'acct_1' } });
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(User.parse(user))));
    expect(written).not.toMatch(/hash|acct_1|password|stripeId/);
  });

  it('writes nulls, empty lists and an absent optional property as zod does', () => {
    const data = { ...user, profile: null, tags: [] };
    expect(JSON.parse(compile(false)(data))).toEqual({ id: ID, email: 'a@b.test', phone: null, profile: null, tags: [], role: 'lawyer' });
    expect(JSON.parse(compile(false)({ ...data, note: 'n' })).note).toBe('n');
  });

  it('compiles plain schemas, unions and records; a schema with no JSON form falls back to zod', () => {
    expect(compileWriter(User, 'GET', '/x').fast).toBe(true);
    expect(compileWriter(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]), 'GET', '/x').fast).toBe(true);
    expect(compileWriter(z.record(z.string(), z.number()), 'GET', '/x').fast).toBe(true);
    const custom = z.object({ n: z.custom<string>((v) => typeof v === 'string') });
    const fallback = compileWriter(custom, 'GET', '/x');
    expect(fallback.fast).toBe(false);
    expect(JSON.parse(fallback.write({ n: 'abc', extra: 1 }))).toEqual({ n: 'abc' });
  });
});

describe('the checked writer (development and tests)', () => {
  it('refuses an answer that does not pass the schema', () => {
    expect(() => compile(true)({ ...user, role: 'admin' })).toThrow(/doesn't match the schema/);
    expect(() => compile(true)({ ...user, id: 'not-a-uuid' })).toThrow(/doesn't match the schema/);
    expect(() => compile(false)({ ...user, role: 'admin' })).not.toThrow();
  });

  it('refuses a compiled writer that writes something else than the schema would', () => {
    const wrong = verifiedWriter(User, (data) => JSON.stringify({ ...(data as object), extra: true }), 'GET', '/api/x');
    expect(() => wrong(user)).toThrow(/doesn't match the schema/);
    const right = verifiedWriter(User, compileWriter(User, 'GET', '/api/x').write, 'GET', '/api/x');
    expect(JSON.parse(right(user))).toEqual(user);
  });
});
