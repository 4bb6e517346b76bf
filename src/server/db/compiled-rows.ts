import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

// Drizzle maps each row of a select by walking its field list again for every row and value: which kind of field,
// which decoder, which path, which joined table may turn the nested object into null (`mapResultRow`). On a hot page of
// 20 wide rows that walk was ≈ 7–9 % of the server's CPU (docs/decisions/034). A prepared statement's fields never
// change, so the walk is done once here and each row is then mapped by generated code with the same outcome. The test
// (compiled-rows.api.test.ts) holds the outcome equal to Drizzle's own mapping on sample selects, and with
// holdCompiledRowsEqualToDrizzle every API test does so on the statements production runs.

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

type Leaf = { index: number };
type Tree = Map<string, Leaf | Tree>;

/**
 * One row mapper for a field list: the same objects `mapResultRow` builds, without re-deciding anything per row. The
 * mapper is generated as one object literal per row (`new Function`, from the field list only: keys are written with
 * JSON.stringify, values read by position), so V8 builds each row with one fixed shape instead of adding 46 keys one
 * by one (≈ 150 µs less for a page of 21 request rows, docs/decisions/035).
 */
export function compileRowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>): (row: unknown[]) => Record<string, unknown> {
  const decoders: (((value: unknown) => unknown) | null)[] = [];
  const tree: Tree = new Map();
  // Drizzle's rule: a joined table's object (one level deep) becomes null when its first column of that table is null,
  // unless the object mixes tables or the join cannot be null. Decided here once, per object.
  const firstOfTable = new Map<string, { key: string; table: string; mixed: boolean }>();
  fields.forEach(({ path, field }, index) => {
    const decoder = decoderOf(field);
    decoders.push(decoder.mapFromDriverValue === identity ? null : (value: unknown) => decoder.mapFromDriverValue(value));
    let node = tree;
    for (const key of path.slice(0, -1)) {
      const next = node.get(key) ?? new Map();
      if (!(next instanceof Map)) throw new Error(`compiled rows: ${path.join('.')} is both a value and an object`);
      node.set(key, next);
      node = next;
    }
    const last = path[path.length - 1]!;
    if (node.has(last)) throw new Error(`compiled rows: ${path.join('.')} is selected twice`);
    node.set(last, { index });
    if (joinsNotNullableMap && is(field, Column) && path.length === 2) {
      const table = getTableName(field.table);
      const first = firstOfTable.get(path[0]!);
      if (!first) firstOfTable.set(path[0]!, { key: path[1]!, table, mixed: false });
      else if (first.table !== table) first.mixed = true;
    }
  });
  const literal = (node: Tree): string =>
    `{ ${[...node]
      .map(([key, child]) => {
        if (child instanceof Map) return `${JSON.stringify(key)}: ${literal(child)}`;
        const read = `row[${child.index}]`;
        return `${JSON.stringify(key)}: ${decoders[child.index] ? `(v = ${read}) === null ? null : d[${child.index}](v)` : read}`;
      })
      .join(', ')} }`;
  const nullify = [...firstOfTable]
    .filter(([, first]) => !first.mixed && !joinsNotNullableMap![first.table])
    .map(([name, first]) => `if (r[${JSON.stringify(name)}][${JSON.stringify(first.key)}] === null) r[${JSON.stringify(name)}] = null;`);
  const body = `return function mapRow(row) { let v; const r = ${literal(tree)}; ${nullify.join(' ')} return r; };`;
  // Generated from the statement's field list, never from data. Compiled once per distinct text: the repos prepare a
  // statement again for every transaction that uses it, and each of those gets a closure over the same code.
  let factory = factories.get(body);
  if (!factory) factories.set(body, (factory = new Function('d', body) as MapperFactory));
  return factory(decoders);
}

type MapperFactory = (decoders: (((value: unknown) => unknown) | null)[]) => (row: unknown[]) => Record<string, unknown>;
const factories = new Map<string, MapperFactory>();

/** How many distinct mappers were compiled (tests: preparing a statement again compiles nothing). @internal */
export const compiledMapperCount = () => factories.size;

/** Drizzle's own row mapping (exported by drizzle-orm, absent from its public types). */
const drizzleMapResultRow = (drizzle as unknown as { mapResultRow(fields: SelectedField[], row: unknown[], joins?: Record<string, boolean>): unknown })
  .mapResultRow;

let heldEqualToDrizzle = false;

/**
 * Tests turn this on (tests/helpers/test-app.ts): then every statement production runs through a compiled mapper is
 * also mapped by Drizzle itself, and any difference throws, so the whole API suite holds the compiled mappers equal
 * to Drizzle on every production statement (issue 22), and a Drizzle upgrade that changes its mapping fails there.
 * @internal
 */
export function holdCompiledRowsEqualToDrizzle(on: boolean): void {
  heldEqualToDrizzle = on;
}

function expectSameAsDrizzle(internals: PreparedInternals, rows: unknown[][], mapped: Record<string, unknown>[]): void {
  rows.forEach((row, i) => {
    const expected = drizzleMapResultRow(internals.fields!, row, internals.joinsNotNullableMap);
    if (!isDeepStrictEqual(mapped[i], expected)) {
      throw new Error(`compiled rows differ from Drizzle's mapping: ${JSON.stringify(mapped[i])} instead of ${JSON.stringify(expected)}`);
    }
  });
}

/** A Drizzle prepared select whose rows are mapped by a compiled mapper; anything else is returned as it is. */
export function withCompiledRows<T>(prepared: T): T {
  const internals = prepared as PreparedInternals;
  if (!internals.fields || internals.customResultMapper) return prepared;
  const mapRow = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  internals.customResultMapper = (rows) => {
    const mapped = (rows as unknown[][]).map(mapRow);
    if (heldEqualToDrizzle) expectSameAsDrizzle(internals, rows as unknown[][], mapped);
    return mapped;
  };
  return prepared;
}
