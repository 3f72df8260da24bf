// HTTPS fixtures need a certificate: made on the spot with the openssl CLI (Debian ships it), never checked in.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A key and certificate in PEM, as `https.createServer` takes them. */
export interface Certificate {
  key: Buffer;
  cert: Buffer;
}

/**
 * A self-signed certificate (EC P-256, valid one day) naming `hosts` (IP addresses and DNS names; the first is also
 * the subject's CN). Throws, naming the openssl CLI, when the certificate cannot be made.
 */
export function selfSignedCertificate(hosts: readonly string[] = ['127.0.0.1', 'localhost']): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'scrape-test-tls-'));
  const altNames = hosts.map((host) => (isIP(host) ? `IP:${host}` : `DNS:${host}`)).join(',');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${altNames}`],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch (err) {
    throw new Error(`cannot make a self-signed certificate with the openssl CLI (${(err as Error).message})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
