import type { FastifyReply } from 'fastify';
import { z } from 'zod';

// Lists that can grow take `limit` and `cursor`; the next cursor comes in X-Next-Cursor (RULES.md 7).
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(50),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

/** Cursor = base64url of "<createdAt ISO>|<id>": stable order by (createdAt desc, id desc). */
type CursorKey = { createdAt: Date; id: string };

export function decodeCursor(cursor: string | undefined): CursorKey | null {
  if (!cursor) return null;
  try {
    const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const createdAt = new Date(iso);
    // Junk cursors mean "first page": a real uuid and a date PostgreSQL can read, or nothing.
    const year = createdAt.getUTCFullYear();
    if (Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999) return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id ?? '')) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

export function encodeCursor(row: CursorKey): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** Given limit+1 rows, sets the header and returns the page; `keyOf` finds the cursor's key in a row that nests it. */
export function sendPage<T extends CursorKey>(reply: FastifyReply, rows: T[], limit: number): T[];
export function sendPage<T>(reply: FastifyReply, rows: T[], limit: number, keyOf: (row: T) => CursorKey): T[];
export function sendPage<T>(reply: FastifyReply, rows: T[], limit: number, keyOf?: (row: T) => CursorKey): T[] {
  if (rows.length > limit) {
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    reply.header('X-Next-Cursor', encodeCursor(keyOf ? keyOf(last) : (last as CursorKey)));
    return page;
  }
  return rows;
}
