import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

// Every route's answer is written from its zod response schema (DESIGN 4), compiled once to a fast-json-stringify
// function (docs/decisions/034): it writes only the schema's properties, as the zod check's strip did, at a fraction of
// the cost of checking every value with zod and then calling JSON.stringify. The zod check itself runs wherever
// `verify` is on (development and every test): there each answer must also pass the schema and come out exactly as the
// zod encoding would have written it, so a schema the fast writer reads differently fails a test, not a user.

type JsonSchema = Record<string, unknown>;

/** The zod schema behind a route's response entry (a schema, or `{ properties: schema }`). */
export function zodOf(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : null;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `X | null` as `anyOf: [X, { type: 'null' }]`; fast-json-stringify answers an `anyOf` by running a
 * validator over the value at every call. A type list (`type: [X's type, 'null']`) says the same and is written
 * without one. Everything else is kept as it is.
 */
export function simplifyNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullable);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && isObject(other) && typeof other.type === 'string' && other.type !== 'null' && !('anyOf' in other) && !('$ref' in other)) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema, or null when it has no JSON form. */
export function responseJsonSchema(schema: $ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
    return simplifyNullable(json) as JsonSchema;
  } catch {
    return null;
  }
}

type Writer = (data: unknown) => string;

/**
 * The writer of one schema: fast-json-stringify where the schema has a JSON form it compiles (`fast`), else zod's
 * check and JSON.stringify.
 */
export function compileWriter(schema: $ZodType, method: string, url: string): { write: Writer; fast: boolean } {
  const json = responseJsonSchema(schema);
  if (json) {
    try {
      return { write: fastJson(json) as Writer, fast: true };
    } catch {
      // A schema fast-json-stringify cannot compile is written the checked way.
    }
  }
  return { write: zodSerializerCompiler({ schema, method, url, httpStatus: '200' } as never) as Writer, fast: false };
}

/** `write`, with each answer first checked against the schema and compared with what the zod encoding writes. */
export function verifiedWriter(schema: $ZodType, write: Writer, method: string, url: string): Writer {
  return (data) => {
    const checked = safeEncode(schema, data);
    if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
    const written = write(data);
    const expected = JSON.stringify(checked.data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new ResponseSerializationError(method, url, {
        cause: new z.ZodError([
          {
            code: 'custom',
            path: [],
            input: data,
            message: `the compiled writer wrote ${written.slice(0, 400)} where the schema writes ${expected.slice(0, 400)}`,
          },
        ]),
      });
    }
    return written;
  };
}

export function createResponseSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodOf(schema);
    // Not a zod schema (a plugin's own JSON schema): Fastify's way, plain JSON.
    if (!zodSchema) return (data) => JSON.stringify(data);
    const { write } = compileWriter(zodSchema, method, url);
    return options.verify ? verifiedWriter(zodSchema, write, method, url) : write;
  };
}
