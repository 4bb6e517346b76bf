import type { Readable } from 'node:stream';
import { ACCOUNT_DATA_TEXTS, DATA_EXPORT_TTL_DAYS, type DataExportDto } from '../../../common/schemas/account-data';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../errors';
import { enqueueJob, enqueueMail } from '../../outbox/messages';
import { hitRateLimit } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { safeFileName, typeOfContent } from '../files/file-rules';
import { getSettings } from '../settings/settings.repo';
import { composeEmail } from '../settings/email-templates';
import { findUserById } from '../users/users.repo';
import { buildArchive, type ArchiveFile } from './export-archive';
import { findOwnStoredUploads, readExportContents } from './export-contents.repo';
import {
  findExport,
  findLatestExport,
  giveUpStalePending,
  insertPendingExport,
  markExportExpired,
  markExportReady,
  type DataExportRow,
} from './data-export.repo';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Archives a user may ask for in an hour (shared across instances, decision 056): each one reads all their files. */
const EXPORTS_PER_HOUR = 3;
/** A pending archive older than this was given up by its job (five retries spent): the user may ask again. */
const STALE_PENDING_MS = 6 * HOUR_MS;

export const exportDownloadUrl = (id: string) => `/api/profile/data-export/${id}/download`;

export function presentExport(row: DataExportRow, now: Date): DataExportDto {
  const expired = row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now);
  const status = expired ? 'expired' : row.status === 'ready' ? 'ready' : 'pending';
  return {
    id: row.id,
    status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size,
    downloadUrl: status === 'ready' ? exportDownloadUrl(row.id) : null,
  };
}

export async function latestExport(ctx: AppContext, user: SessionUser): Promise<DataExportDto | null> {
  const row = await findLatestExport(ctx.db, user.id);
  return row ? presentExport(row, ctx.clock.now()) : null;
}

/**
 * "Download my data" (issue 28, decision 061): a pending archive and the job that builds it, in one transaction. One
 * at a time per user: while one is pending, another is 409 with the words the profile shows.
 */
export async function requestExport(ctx: AppContext, user: SessionUser): Promise<DataExportDto> {
  await hitRateLimit(ctx, `data-export:${user.id}`, EXPORTS_PER_HOUR, HOUR_MS);
  const now = ctx.clock.now();
  const row = await transaction(ctx, async (tx) => {
    await giveUpStalePending(tx, user.id, new Date(now.getTime() - STALE_PENDING_MS));
    const created = await insertPendingExport(tx, user.id, now);
    if (!created) throw conflict(ACCOUNT_DATA_TEXTS.exportRunning);
    await enqueueJob(tx, 'account.export', { exportId: created.id }, now, `account.export:${created.id}`);
    return created;
  });
  return presentExport(row, now);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The `account.export` job: reads what the user owns and their stored files, writes the zip under the export's id
 * (no transaction is open around a storage call), then marks it ready, e-mails the link and schedules its expiry in
 * one transaction. Idempotent: a rerun after a crash writes the same object again; a ready export is left alone.
 */
export async function buildExport(ctx: AppContext, exportId: string): Promise<void> {
  const row = await findExport(ctx.db, exportId);
  if (!row || row.status !== 'pending') return;
  const user = await findUserById(ctx.db, row.userId);
  if (!user || user.anonymizedAt) return;
  const contents = await readExportContents(ctx.db, user.id, user.role);
  const uploads = await findOwnStoredUploads(ctx.db, user.id);
  const files: ArchiveFile[] = [];
  const documents: ((typeof uploads)[number] & { archivePath: string | null })[] = [];
  for (const upload of uploads) {
    const stream = await ctx.storage.read(upload.id);
    const name = safeFileName(upload.fileName, typeOfContent(upload.contentType));
    if (stream) files.push({ id: upload.id, name, bytes: await readAll(stream) });
    documents.push({ ...upload, archivePath: stream ? `documents/${upload.id}-${name}` : null });
  }
  const now = ctx.clock.now();
  const archive = buildArchive({ exportedAt: now.toISOString(), ...contents, documents }, files, now);
  await ctx.storage.write(row.id, archive);
  const expiresAt = new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS);
  const settings = await getSettings(ctx.db);
  const marked = await transaction(ctx, async (tx) => {
    if (!(await markExportReady(tx, row.id, { readyAt: now, expiresAt, size: archive.length }))) return false;
    // The e-mail leads to the profile, where the signed-in owner downloads it: the link itself opens nothing.
    const email = composeEmail('data_export_ready', settings.emailTemplates, { firstName: user.firstName, link: `${ctx.publicUrl}/profile#your-data` });
    await enqueueMail(tx, { to: user.email, subject: email.subject, text: email.text, html: email.html });
    await enqueueJob(tx, 'account.export-expiry', { exportId: row.id }, expiresAt, `account.export-expiry:${row.id}`);
    return true;
  });
  // Given up meanwhile (or the account deleted): the object just written belongs to nobody.
  if (!marked && (await findExport(ctx.db, row.id))?.status !== 'ready') await ctx.storage.remove(row.id);
}

/** The `account.export-expiry` job: the archive expires, then its object goes (again on a rerun: removing is idempotent). */
export async function expireExport(ctx: AppContext, exportId: string): Promise<void> {
  const row = await findExport(ctx.db, exportId);
  if (!row || row.status === 'pending') return;
  if (row.status === 'ready') {
    if (!row.expiresAt || row.expiresAt > ctx.clock.now()) return;
    await transaction(ctx, (tx) => markExportExpired(tx, row.id));
  }
  await ctx.storage.remove(row.id);
}

/**
 * The archive, to its owner only (anyone else: 404, as if it did not exist), while ready: before it is built 409,
 * once expired 410 — the expiry is checked on the clock, not only by the job that removes it.
 */
export async function openExport(ctx: AppContext, user: SessionUser, id: string): Promise<{ stream: Readable; size: number | null; requestedAt: Date }> {
  const row = await findExport(ctx.db, id);
  if (!row || row.userId !== user.id) throw notFound(ACCOUNT_DATA_TEXTS.exportNotFound);
  const state = presentExport(row, ctx.clock.now());
  if (state.status === 'pending') throw conflict(ACCOUNT_DATA_TEXTS.exportRunning);
  if (state.status === 'expired') throw new AppError(410, ACCOUNT_DATA_TEXTS.exportExpired);
  const stream = await ctx.storage.read(row.id);
  if (!stream) throw new AppError(410, ACCOUNT_DATA_TEXTS.exportExpired);
  return { stream, size: row.size, requestedAt: row.requestedAt };
}
