// Test tools for the signing PDFs: an independent reader (Debian's poppler-utils: pdftotext, pdfsig, pdfimages) to
// check what we render, and a PKCS#12 seal like one an operator would configure.
import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

/** Runs `read` on the PDF written to a temporary file (poppler's tools read files, not standard input). */
function withFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'signing-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text pdftotext reads, pages separated by form feeds. */
export const pdfText = (pdf: Buffer) => withFile(pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

/** pdfsig's report; it exits non-zero for an invalid or unreadable signature, so the status is not an error here. */
export const pdfSignatures = (pdf: Buffer) =>
  withFile(pdf, (file) => {
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    return `${run.stdout}${run.stderr}`;
  });

/** The images pdfimages finds: width and height of each, masks left out. */
export const pdfImages = (pdf: Buffer) =>
  withFile(pdf, (file) =>
    execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[2] === 'image')
      .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) })),
  );

/** Every word pdftotext places, with its box in points, and the page's width. */
export const pdfWords = (pdf: Buffer) =>
  withFile(pdf, (file) => {
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const pageWidth = Number(/<page width="([\d.]+)"/.exec(html)?.[1]);
    const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]),
      xMax: Number(m[2]),
      text: m[3],
    }));
    return { pageWidth, words };
  });

/** A PKCS#12 with an RSA key and a self-signed certificate for `commonName`, as `openssl pkcs12 -export` would make. */
export function makeP12(commonName: string, passphrase: string): Buffer {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject([{ shortName: 'CN', value: commonName }]);
  cert.setIssuer([{ shortName: 'CN', value: commonName }]);
  cert.sign(key, forge.md.sha256.create());
  return Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' })).getBytes(), 'binary');
}
