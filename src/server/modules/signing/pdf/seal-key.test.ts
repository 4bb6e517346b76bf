import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeP12 } from './poppler.fixture';
import { DEVELOPMENT_SEAL_NAME, sealKeyFrom } from './seal-key';

const PASSPHRASE = 'a configured passphrase';
// An EC (P-256) key and certificate, as `openssl pkcs12 -export -passout pass:pw` makes them; forge can read but not make one.
const EC_P12_BASE64 =
  'MIIDbAIBAzCCAzYGCSqGSIb3DQEHAaCCAycEggMjMIIDHzCCAhYGCSqGSIb3DQEHBqCCAgcwggIDAgEAMIIB/AYJKoZIhvcNAQcBMBsGCiqGSIb3DQEMAQMwDQQIUJHJyvNtungCAQGAggHQi13cX0iWCFjwFwmZVhFhXOron2dje9tPlGC3uHfd5kKD+xoCgzfl62sDaOhv56dOhCbs4VMuHSd78H+y2TxlWOZaJjZX94l/DbCMoWAbrADyH47mZOrtZH63WVEtOeONFWBwbiMMc4rP3+7KDUrXbyr9aDa5x4gPMdrigBKN0Fc0+bJN7D9mYjWr5G0YhqXKdOWiaJwDOr6cvU5Kxi39NzScoVm5BPP0bf/kOXaVZGjY5wX3CCMoyqPyfmQ0fpGxMMaYjLu1XkBM+WivCiSDdyzhhvCzTU0ev6vD2GMRWNE7rQKQ4HzKLmj3t3+f/j700bgSWErvhFoM+rKiz7w99wm8cjwS/9MCtAzIcIWeSAE9Qpbzz2tpitZhaRjdj3FhpVFTQ7XCEyasnukJUhJNvRh2DDfO4iSPshT4NwcATJcgFvKAaF3orlMo9qUmaUHRXLsva9QNIWWp/yBI0TdE8wCiBu+bTRm2nsLzsTh/KG3FyKUBhEJfEsfXvIRK1Z9ZgMr3IRPEFNfvFmLXaAtwsrkNNqIasYJjHtBzbsnsL4trSUo/exY+Q7XhUtzqzj8koLPeN0TtlxNMVXSo2XwDxYOVYzhUf/i9ZDFVcgYKBqYwggEBBgkqhkiG9w0BBwGggfMEgfAwge0wgeoGCyqGSIb3DQEMCgECoIGzMIGwMBsGCiqGSIb3DQEMAQMwDQQIst6fqC/5HB0CAQEEgZAOh5Qm+OjHr31kvGHlPgIh1gwKbNxmXwZYf8YKS+mE8ZAzOoC9fL84Omt7wkhyStp+YCr+Idn/UTgewV2ZFQSs183SB0Gj0sumYmfDYJzrXxORIys03wEFQyf9+/SGnTpXpWCQ7LAcRnjqLkQ8XZL6NCA1/ykBZ+7X8hevleajUmJdm8BW4w/QW1nw/oWcV+0xJTAjBgkqhkiG9w0BCRUxFgQUACqrDJwSFldvgwoLFYVxrf9cdHgwLTAhMAkGBSsOAwIaBQAEFGnOh5l+3Xd06VpL4LeUR2pQj0Y5BAicl12iSGQ1sA==';
let configured: Buffer;
beforeAll(() => {
  configured = makeP12('Orchard Mediation Seal', PASSPHRASE);
});

describe('sealKeyFrom', () => {
  it('uses the configured PKCS#12, named by its certificate', async () => {
    const seal = await sealKeyFrom({ SEAL_P12_BASE64: configured.toString('base64'), SEAL_P12_PASSPHRASE: PASSPHRASE });
    expect(seal).toEqual({ p12: configured, passphrase: PASSPHRASE, commonName: 'Orchard Mediation Seal', development: false });
  });

  it('accepts the base64 wrapped over lines, as `base64` prints it', async () => {
    const wrapped = configured.toString('base64').replace(/.{76}/g, '$&\n');
    await expect(sealKeyFrom({ SEAL_P12_BASE64: wrapped, SEAL_P12_PASSPHRASE: PASSPHRASE })).resolves.toMatchObject({ development: false });
  });

  it('says clearly what is wrong with a broken configuration', async () => {
    const base64 = configured.toString('base64');
    await expect(sealKeyFrom({ SEAL_P12_BASE64: 'not base64!', SEAL_P12_PASSPHRASE: PASSPHRASE })).rejects.toThrow('SEAL_P12_BASE64 is not base64');
    await expect(sealKeyFrom({ SEAL_P12_BASE64: base64.slice(0, 400), SEAL_P12_PASSPHRASE: PASSPHRASE })).rejects.toThrow(
      /^SEAL_P12_BASE64 is not a PKCS#12 file that opens with SEAL_P12_PASSPHRASE/,
    );
    await expect(sealKeyFrom({ SEAL_P12_BASE64: base64, SEAL_P12_PASSPHRASE: 'the wrong one' })).rejects.toThrow(/opens with SEAL_P12_PASSPHRASE/);
    await expect(sealKeyFrom({ SEAL_P12_PASSPHRASE: PASSPHRASE })).rejects.toThrow('SEAL_P12_PASSPHRASE is set but SEAL_P12_BASE64 is not');
  });

  it('refuses a PKCS#12 without its private key, without the certificate of that key, or with a key that is not RSA', async () => {
    const open = (p12: Buffer) => forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), PASSPHRASE);
    const certOf = (p12: Buffer) => open(p12).getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]![0].cert!;
    const key = open(configured).getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]![0].key!;
    const p12Of = (privateKey: forge.pki.rsa.PrivateKey | null, cert: forge.pki.Certificate) =>
      Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(privateKey, [cert], PASSPHRASE, { algorithm: '3des' })).getBytes(), 'binary').toString('base64');
    await expect(sealKeyFrom({ SEAL_P12_BASE64: p12Of(null, certOf(configured)), SEAL_P12_PASSPHRASE: PASSPHRASE })).rejects.toThrow(
      'SEAL_P12_BASE64 holds no encrypted private key',
    );
    const anotherCert = certOf(makeP12('Someone Else', PASSPHRASE));
    await expect(sealKeyFrom({ SEAL_P12_BASE64: p12Of(key, anotherCert), SEAL_P12_PASSPHRASE: PASSPHRASE })).rejects.toThrow(
      'SEAL_P12_BASE64 holds no certificate for its private key',
    );
    await expect(sealKeyFrom({ SEAL_P12_BASE64: EC_P12_BASE64, SEAL_P12_PASSPHRASE: 'pw' })).rejects.toThrow(
      'SEAL_P12_BASE64 holds a private key that is not RSA',
    );
  });

  it('without configuration makes one self-signed development pair per process', async () => {
    const first = sealKeyFrom({});
    const second = sealKeyFrom({});
    const seal = await first;
    expect(await second).toBe(seal);
    expect(seal).toMatchObject({ commonName: DEVELOPMENT_SEAL_NAME, development: true });
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(seal.p12.toString('binary'))), seal.passphrase);
    const cert = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]![0].cert!;
    expect(cert.subject.getField('CN').value).toBe(DEVELOPMENT_SEAL_NAME);
    expect(cert.issuer.getField('CN').value).toBe(DEVELOPMENT_SEAL_NAME);
  });
});
