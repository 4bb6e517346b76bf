import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

// Drizzle maps each row of a select by walking its field list again for every row and value: which kind of field,
// which decoder, which path, which joined table may turn the nested object into null (`mapResultRow`). On a hot page of
// 20 wide rows that walk was ≈ 7–9 % of the server's CPU (docs/decisions/034). A prepared statement's fields never
// change, so the walk is done once here and each row is then mapped by a flat loop with the same outcome. The test
// (compiled-rows.test.ts) holds the outcome equal to Drizzle's own mapping, so a Drizzle upgrade that changes it fails.

interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The parts of Drizzle's prepared query this reads and sets (not in its public types). */
interface PreparedInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

const identity = Column.prototype.mapFromDriverValue;

/** `SQL.decoder` is internal in Drizzle's types. */
type WithDecoder = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

/** One row mapper for a field list: the same objects `mapResultRow` builds, without re-deciding anything per row. */
export function compileRowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    const decode = decoder.mapFromDriverValue === identity ? null : (value: unknown) => decoder.mapFromDriverValue(value);
    // Only a joined table's own columns, one level deep, may make their object null (Drizzle's rule).
    const table = joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null;
    return { path, decode, table };
  });
  return (row) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | null = null;
    for (let i = 0; i < columns.length; i++) {
      const { path, decode, table } = columns[i];
      const raw = row[i];
      const value = raw === null ? null : decode ? decode(raw) : raw;
      if (path.length === 1) {
        result[path[0]] = value;
        continue;
      }
      let node = result;
      for (let p = 0; p < path.length - 1; p++) node = (node[path[p]] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]] = value;
      if (table !== null) {
        nullify ??= {};
        const name = path[0];
        if (!(name in nullify)) nullify[name] = value === null ? table : false;
        else if (typeof nullify[name] === 'string' && nullify[name] !== table) nullify[name] = false;
      }
    }
    if (nullify) {
      for (const name in nullify) {
        const table = nullify[name];
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[name] = null;
      }
    }
    return result;
  };
}

/** A Drizzle prepared select whose rows are mapped by a compiled mapper; anything else is returned as it is. */
export function withCompiledRows<T>(prepared: T): T {
  const internals = prepared as PreparedInternals;
  if (!internals.fields || internals.customResultMapper) return prepared;
  const mapRow = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
