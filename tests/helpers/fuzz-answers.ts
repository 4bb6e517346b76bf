import { Ajv, type ValidateFunction } from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import type { JsonSchema } from '../../src/server/security/schema-arbitrary';
import type { Operation } from './fuzz-world';

// The API fuzzer's judge of an answer (src/server/security/openapi-fuzz/): no 5xx, a status the operation declares,
// and a JSON body that validates against the schema declared for that status.

/**
 * OpenAPI 3.0's `nullable: true` beside an `enum` admits null (the 3.0.3 reading every generator follows); Ajv wants
 * null listed in the enum itself, so it is added before compiling.
 */
function nullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableEnums);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'enum' ? v : nullableEnums(v)])) as JsonSchema;
  if (copy.nullable && copy.enum && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}

/** A judge of answers, with its own cache of compiled schemas. */
export function answerChecker() {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date-time', (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)));
  ajv.addFormat('date', /^\d{4}-\d\d-\d\d$/);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat('binary', () => true);
  const validators = new Map<string, ValidateFunction>();

  /** What is wrong with one answer, or null. */
  function problemWith(operation: Operation, res: LightMyRequestResponse): string | null {
    if (res.statusCode >= 500) return `server error ${res.statusCode}: ${res.body.slice(0, 300)}`;
    const declared = operation.responses[String(res.statusCode)];
    if (!declared) return `undeclared status ${res.statusCode}: ${res.body.slice(0, 200)}`;
    if (res.statusCode >= 300 && res.statusCode < 400) return res.body.length > 200 ? 'a redirect with a body' : null;
    const contentType = String(res.headers['content-type'] ?? '');
    const json = declared.content?.['application/json'];
    if (!json) {
      if (declared.content && !Object.keys(declared.content).some((type) => contentType.startsWith(type))) return `content type ${contentType} not declared`;
      return null;
    }
    if (!contentType.startsWith('application/json')) return `content type ${contentType} where JSON is declared`;
    const id = `${operation.method} ${operation.path} ${res.statusCode}`;
    let validate = validators.get(id);
    if (!validate) {
      validate = ajv.compile(nullableEnums(json.schema) as object);
      validators.set(id, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      return `unparsable JSON: ${res.body.slice(0, 200)}`;
    }
    if (!validate(parsed)) return `answer does not match its schema: ${ajv.errorsText(validate.errors)}; ${res.body.slice(0, 200)}`;
    return null;
  }
  return problemWith;
}
