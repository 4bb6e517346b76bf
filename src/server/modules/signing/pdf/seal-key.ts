// The key and certificate that seal a finished document (issue 26): a PKCS#12 file from configuration, or, when none
// is configured, a self-signed pair made once per process so that development and tests seal without any setup.
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { APP_NAME } from '../../../../common/constants';

export interface SealKey {
  /** The PKCS#12 (.p12/.pfx) bytes: the private key and its certificate, as P12Signer reads them. */
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject CN: what a PDF reader shows as the signer. */
  commonName: string;
  /** A self-signed pair made by this process: sealed documents verify here, but no reader trusts its issuer. */
  development: boolean;
}

export interface SealEnv {
  SEAL_P12_BASE64?: string;
  SEAL_P12_PASSPHRASE?: string;
}

export const DEVELOPMENT_SEAL_NAME = `${APP_NAME} development seal`;

let developmentSeal: Promise<SealKey> | undefined;

/**
 * The seal to use: the configured PKCS#12 when SEAL_P12_BASE64 is set (checked now, so that a bad file stops the
 * server at start rather than failing the first document to be sealed), else the development pair.
 */
export async function sealKeyFrom(env: SealEnv): Promise<SealKey> {
  if (env.SEAL_P12_BASE64) return configuredSeal(env.SEAL_P12_BASE64, env.SEAL_P12_PASSPHRASE ?? '');
  if (env.SEAL_P12_PASSPHRASE) throw new Error('SEAL_P12_PASSPHRASE is set but SEAL_P12_BASE64 is not: set both, or neither for a development seal');
  developmentSeal ??= makeDevelopmentSeal();
  return developmentSeal;
}

function configuredSeal(base64: string, passphrase: string): SealKey {
  const compact = base64.replace(/\s+/g, '');
  // Buffer.from skips characters that are not base64 instead of failing, which would hide a truncated or mangled value.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new Error('SEAL_P12_BASE64 is not base64 (encode the .p12 file, e.g. `base64 -w0 seal.p12`)');
  const p12 = Buffer.from(compact, 'base64');
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`SEAL_P12_BASE64 is not a PKCS#12 file that opens with SEAL_P12_PASSPHRASE (${why})`);
  }
  // P12Signer reads the key from a shrouded (encrypted) key bag only, and signs with the certificate that matches it.
  const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0];
  if (!keyBag) throw new Error('SEAL_P12_BASE64 holds no encrypted private key (export the .p12 with its private key)');
  // forge decodes RSA keys and certificates only, and leaves any other kind (EC, Ed25519) empty in its bag.
  const key = keyBag.key;
  if (!key) throw new Error('SEAL_P12_BASE64 holds a private key that is not RSA: the seal signs with RSA only');
  const certificates = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const certificate = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
  });
  if (!certificate) throw new Error('SEAL_P12_BASE64 holds no certificate for its private key (export the .p12 with its certificate)');
  return { p12, passphrase, commonName: commonNameOf(certificate), development: false };
}

function commonNameOf(certificate: forge.pki.Certificate): string {
  const cn = certificate.subject.getField('CN') as { value: string } | null;
  return cn?.value ?? certificate.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', ');
}

async function makeDevelopmentSeal(): Promise<SealKey> {
  // node:crypto makes the RSA key natively and off the event loop; forge, pure JavaScript, would take seconds.
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: a leading 0x01 keeps the DER integer from reading as negative.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const subject = [
    { shortName: 'CN', value: DEVELOPMENT_SEAL_NAME },
    { shortName: 'O', value: APP_NAME },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  // The passphrase only guards the bytes while they sit in this process's memory.
  const passphrase = randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  return { p12, passphrase, commonName: DEVELOPMENT_SEAL_NAME, development: true };
}
