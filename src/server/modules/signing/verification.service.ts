// The public verification (decision 055): anyone holding a PDF learns whether we sealed it and whether it changed
// since. The file's SHA-256 is looked up among sealed documents; nothing of a document is shown unless the very file
// was presented. A file that names one of our documents but hashes differently was changed; anything else is unknown.
import { createHash } from 'node:crypto';
import type { Verification } from '../../../common/schemas/signing';
import type { AppContext } from '../../context';
import { findRequest } from '../requests/requests.repo';
import { readDocumentId } from './pdf/document-id';
import * as repo from './signing.repo';

export async function verifyDocument(ctx: AppContext, file: Buffer): Promise<Verification> {
  const sha256 = createHash('sha256').update(file).digest('hex');
  const sealed = await repo.findSealedByHash(ctx.db, sha256);
  if (sealed?.sealedAt) {
    const [signers, request] = await Promise.all([repo.signersOf(ctx.db, [sealed.id]), findRequest(ctx.db, sealed.requestId)]);
    return {
      result: 'sealed',
      document: {
        title: sealed.title,
        caseNumber: request?.caseNumber ?? '',
        sealedAt: sealed.sealedAt.toISOString(),
        sha256,
        signers: signers.flatMap((s) => (s.signedAt && s.method ? [{ name: s.name, role: s.role, signedAt: s.signedAt.toISOString(), method: s.method }] : [])),
      },
    };
  }
  const id = readDocumentId(file);
  const named = id ? await repo.findEnvelope(ctx.db, id) : undefined;
  return { result: named?.status === 'sealed' ? 'changed' : 'unknown', document: null };
}
