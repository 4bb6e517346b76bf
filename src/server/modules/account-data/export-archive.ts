import { strToU8, zipSync, type Zippable } from 'fflate';

export interface ArchiveFile {
  /** The upload's id: file names repeat, so each document's name in the archive starts with it. */
  id: string;
  name: string;
  bytes: Buffer;
}

const README = [
  'Your MediateHub data',
  '',
  'data.json holds your account and profile, the cases you take part in, the messages you sent, the reviews you wrote',
  'and those about you, the payments of your cases, your notifications and your e-mail choices.',
  'documents/ holds the files you uploaded (briefs, case files, attachments, your photo).',
  '',
].join('\n');

/**
 * The archive as one zip (decision 061): README.txt, data.json and documents/<id>-<name>. Documents are stored as
 * they are (PDFs and images are compressed already); the text is deflated. Built in memory: one user's uploads are
 * bounded by the upload limits.
 */
export function buildArchive(data: unknown, files: ArchiveFile[], madeAt: Date): Buffer {
  const mtime = madeAt;
  const entries: Zippable = {
    'README.txt': [strToU8(README), { level: 6, mtime }],
    'data.json': [strToU8(JSON.stringify(data, null, 2)), { level: 6, mtime }],
  };
  for (const file of files) entries[`documents/${file.id}-${file.name}`] = [new Uint8Array(file.bytes), { level: 0, mtime }];
  return Buffer.from(zipSync(entries));
}
