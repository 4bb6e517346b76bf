import fc from 'fast-check';

// Issue 11, family 6: values for the API fuzzer, drawn from the served OpenAPI description (OpenAPI 3.0 JSON schemas
// as fastify-type-provider-zod writes them). Test support only: nothing in the app imports this.

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

/** Values a real caller would pick for ids: the objects that exist, by the parameter's or field's name. */
export type IdPools = (name: string) => string[];

const SAFE_DATE_MIN = new Date('2020-01-01T00:00:00Z');
const SAFE_DATE_MAX = new Date('2030-12-31T00:00:00Z');

/** A fast-check arbitrary of values valid for `schema` (as far as a schema can say: patterns, bounds, enums). */
export function validArbitrary(schema: JsonSchema | undefined, ids: IdPools, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  const base = baseArbitrary(schema, ids, name, depth);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function baseArbitrary(schema: JsonSchema, ids: IdPools, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validArbitrary(s, ids, name, depth + 1)));
  if (schema.allOf?.length) return validArbitrary(schema.allOf[0], ids, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, ids, name);
    case 'integer':
    case 'number': {
      const min = numericBound(schema.minimum, schema.exclusiveMinimum, 1) ?? -1000;
      const max = numericBound(schema.maximum, schema.exclusiveMaximum, -1) ?? Math.max(min + 1000, 1000);
      const lo = Math.max(min, -1e9);
      const hi = Math.min(max, 1e9);
      const integer = fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) });
      if (type === 'integer') return integer;
      return fc.oneof(
        integer,
        fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validArbitrary(schema.items, ids, name, depth + 1), { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? fc.constant({}) : fc.constant(null);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(schema.properties)) shape[key] = validArbitrary(value, ids, key, depth + 1);
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in shape) });
    }
    default:
      return fc.constant(null);
  }
}

function numericBound(bound: number | undefined, exclusive: number | boolean | undefined, step: number): number | undefined {
  if (typeof exclusive === 'number') return exclusive + step * (Number.isInteger(exclusive) ? 1 : 0.01);
  if (bound === undefined) return undefined;
  return exclusive === true ? bound + step * 0.01 : bound;
}

function stringArbitrary(schema: JsonSchema, ids: IdPools, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 80));
  switch (schema.format) {
    case 'uuid': {
      const pool = ids(name);
      return pool.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
    }
    case 'date-time':
      return fc.date({ min: SAFE_DATE_MIN, max: SAFE_DATE_MAX, noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: SAFE_DATE_MIN, max: SAFE_DATE_MAX, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
  }
  if (/email/i.test(name)) return fc.emailAddress();
  const pool = ids(name);
  if (pool.length) return fc.constantFrom(...pool);
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern JavaScript cannot read falls back to a plain string.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** Strings no handler should trip over: sizes, odd Unicode, control characters and the usual injection payloads. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  'a'.repeat(256),
  'x'.repeat(10_000),
  'é'.repeat(70_000), // 140 KB of UTF-8
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800', // a lone high surrogate
  'x\udfff', // a lone low surrogate
  '\udfff\ud800',
  '\u202eexe.fdp', // a right-to-left override
  '\u200b\u200c\u200d\ufeff', // zero-width characters and a BOM
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357', // combining marks
  '𝕳𝖊𝖑𝖑𝖔 👩‍⚖️ 🏳️‍🌈',
  'İıǅß',
  '\r\nSet-Cookie: sid=planted',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '{{7*7}}',
  '${7*7}',
  '<%= 7*7 %>',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'C:\\Windows\\win.ini',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '-0.000001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30T25:61:61Z',
  '%',
  '%%',
  '%u0000',
  '\\',
  '\\u0000',
];

/** Values of every JSON type, for a field whose type is wrong. */
export const WRONG_TYPED: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  [1, 'a', null],
  {},
  { $gt: '' },
  'string',
  '123',
  ['admin'],
];

/** Keys that would reach a prototype if a handler merged bodies naively. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
