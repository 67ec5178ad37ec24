// What this process trusts (SPEC §Trust): the bundled roots, the OS store (read once;
// METABOB_NO_SYSTEM_CA=1 skips it) and NODE_EXTRA_CA_CERTS, read here rather than left to the
// runtime, so an `env` passed per request is honoured and every runtime behaves the same.
import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { log } from '../log.ts';

// Where distributions keep the OS trust store as one PEM bundle.
const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Alpine, Arch
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/pki/tls/cacert.pem', // OpenELEC
  '/etc/ssl/cert.pem', // macOS, BSDs
];

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

// Process cache: the system trust store is read once per process.
let systemCas: string[] | undefined;

// @anchor systemCaAdditions
/** The OS store's certificates, read once per process (SPEC §Trust). */
export function systemCaAdditions(): string[] {
  if (systemCas) return systemCas;
  systemCas = [];
  for (const path of SYSTEM_BUNDLES) {
    try {
      systemCas = readFileSync(path, 'utf8').match(PEM_BLOCK) ?? [];
      if (systemCas.length > 0) break;
    } catch {
      // not this distribution's layout
    }
  }
  return systemCas;
}

function extraCas(path: string): string[] {
  try {
    const pems = readFileSync(path, 'utf8').match(PEM_BLOCK) ?? [];
    if (pems.length === 0) log.warn(`NODE_EXTRA_CA_CERTS=${path} holds no PEM certificate; ignored`);
    return pems;
  } catch (err) {
    log.warn(`NODE_EXTRA_CA_CERTS=${path} could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'}); ignored`);
    return [];
  }
}

// Process cache: one TLS context per CA set.
const contexts = new Map<string, SecureContext>();

/** Where each trusted certificate comes from, for doctor and for tests. */
export function trustedCaSources(env: NodeJS.ProcessEnv = process.env): { bundled: string[]; system: string[]; extra: string[] } {
  const extraPath = env.NODE_EXTRA_CA_CERTS?.trim() || '';
  return {
    bundled: [...rootCertificates],
    system: env.METABOB_NO_SYSTEM_CA === '1' ? [] : systemCaAdditions(),
    extra: extraPath ? extraCas(extraPath) : [],
  };
}

// @anchor trusted-cas
/** The secure context holding every CA this process trusts for the given environment. */
export function trustedContext(env: NodeJS.ProcessEnv = process.env): SecureContext {
  const key = `${env.METABOB_NO_SYSTEM_CA === '1' ? 'nosys' : 'sys'}\0${env.NODE_EXTRA_CA_CERTS?.trim() || ''}`;
  const cached = contexts.get(key);
  if (cached) return cached;
  const sources = trustedCaSources(env);
  const context = createSecureContext({ ca: [...sources.bundled, ...sources.system, ...sources.extra] });
  contexts.set(key, context);
  return context;
}
