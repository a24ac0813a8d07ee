/**
 * A self-signed certificate for an HTTPS host on 127.0.0.1 (client ID metadata documents must be https), made
 * with openssl in a temp dir; `remove` deletes it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoopbackCert {
  key: string;
  cert: string;
  remove(): void;
}

export function loopbackCert(prefix: string): LoopbackCert {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  const curve = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  execFileSync('openssl', ['req', '-x509', ...curve, '-nodes', '-days', '1', ...subject, '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  return {
    key: readFileSync(key, 'utf8'),
    cert: readFileSync(cert, 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
