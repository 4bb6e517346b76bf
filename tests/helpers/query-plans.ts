import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

// What the plan tests (*.plan.test.ts) share: the repos' own functions run on a database whose every statement is kept,
// and those statements EXPLAINed as they were sent, their parameters bound.

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface SentStatement {
  query: string;
  params: unknown[];
}

/** Every node of a plan, the root first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** A Drizzle database on the pool that keeps every statement it sends in `sent`. */
export function recordingDb(pool: pg.Pool): { db: Db; sent: SentStatement[] } {
  const sent: SentStatement[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => sent.push({ query, params }) } }) as unknown as Db;
  return { db, sent };
}

/** EXPLAIN (ANALYZE) of a statement as it was sent: its plan's nodes and the time PostgreSQL took to run it. */
export async function explainAnalyze(pool: pg.Pool, statement: SentStatement): Promise<{ nodes: PlanNode[]; ms: number }> {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.query}`, statement.params);
  const [result] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number }];
  return { nodes: nodesOf(result.Plan), ms: result['Execution Time'] };
}

/** How many rows the plan's scans of `relation` returned, over all their loops. */
export const rowsReadFrom = (nodes: PlanNode[], relation: string): number =>
  nodes.filter((n) => n['Relation Name'] === relation).reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), 0);
