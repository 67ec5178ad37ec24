// The substrate emulator (READING-NOTES §the substrate; ../shared/substrate-contract.md):
// discovery, identity and producer stubs on 127.0.0.1, with fault switches. Tests use
// startEmulator(); `npm run substrate` runs it for manual use (cli.ts).
import { randomBytes } from 'node:crypto';
import { DiscoveryEmulator, type VesselRow } from './discovery.ts';
import { IdentityEmulator, type KeyRecord } from './identity.ts';
import { conceptDb } from './concept-db.ts';
import { ConceptStore } from './concept-store.ts';
import { join } from 'node:path';
import { gapStore } from './gap-store.ts';
import { activityApi, goalHost } from './goal-host.ts';
import { defaultSwitches, type SwitchName, type Switches } from './switches.ts';
import type { EmulatedService } from './http-kit.ts';

export interface EmulatorOptions {
  /** Start with discovery not accepting connections (a substrate that comes up later). */
  discoveryDown?: boolean;
  /** Identity listens on discovery's port + 1 and /bootstrap advertises http://127.0.0.1:8101 (census H1). */
  rehostH1?: boolean;
  /** identity answers only the flat form. */
  identityFlatOnly?: boolean;
  switches?: Partial<Switches>;
  /** concept-db keeps its rows in <stateDir>/concept-db.json, so an emulator started again on it has them. */
  stateDir?: string;
}

export interface Emulator {
  discoveryUrl: string;
  identityUrl: string;
  /** A key with scopes [read, write]. */
  key: string;
  /** A key with scopes [read]. */
  readOnlyKey: string;
  identity: IdentityEmulator;
  discovery: DiscoveryEmulator;
  services: Record<'discovery' | 'identity' | 'concept-db' | 'goal-host' | 'activity-api' | 'development-vessel', EmulatedService>;
  switches: Switches;
  /** concept-db's rows (for seeding and assertions); durable when started with stateDir. */
  concepts: ConceptStore;
  setSwitch<K extends SwitchName>(name: K, value: Switches[K]): void;
  addKey(key: string, record?: Partial<KeyRecord>): void;
  revokeKey(key: string): void;
  /** Brings a service down (connect_refused) or back up on the same port. */
  setUp(service: keyof Emulator['services'], up: boolean): Promise<void>;
  stop(): Promise<void>;
}

function newKey(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const switches: Switches = { ...defaultSwitches(), ...(options.switches ?? {}) };
  const identity = new IdentityEmulator();
  identity.flatOnly = options.identityFlatOnly ?? false;
  const concepts = new ConceptStore(options.stateDir ? join(options.stateDir, 'concept-db.json') : undefined);
  const producers = {
    'concept-db': conceptDb(identity, switches, concepts),
    'goal-host': goalHost(identity, switches),
    'activity-api': activityApi(identity, switches),
    'development-vessel': gapStore(identity, switches),
  };
  const row = (name: keyof typeof producers, shapes: string[], resolveEndpoint: string, timeout?: number): VesselRow => ({
    vesselId: `${name}-emulated`,
    vesselName: name,
    shapes,
    service: producers[name],
    resolve_endpoint: resolveEndpoint,
    ...(timeout ? { resolve_timeout_ms: timeout } : {}),
    protocol: 'http',
  });
  const vessels: VesselRow[] = [
    row(
      'concept-db',
      [
        'conceptSearch',
        'conceptGraph',
        'relatedConcepts',
        'conceptUsageStats',
        'conceptSequence',
        'concept_create_write',
        'conceptLink_write',
        'conceptUsage_write',
      ],
      '/v2/impulses/resolve',
      30_000,
    ),
    row(
      'goal-host',
      ['goalDispatchAsync', 'goalWalkState', 'activeDispatches', 'solicitationResponse_write', 'solicitationHeartbeat_write', 'poolImpulse_write'],
      '/resolve',
      60_000,
    ),
    row('activity-api', ['executionTraceList', 'activityExecutionTrace', 'goal_verification_label_write'], '/v2/impulses/resolve', 10_000),
    row('development-vessel', ['substrateGap', 'substrateGap_write'], '/v2/impulses/resolve'),
  ];
  const discovery = new DiscoveryEmulator(switches, vessels, () => identity.service.url);

  for (const p of Object.values(producers)) await p.listen(0);
  if (options.rehostH1) {
    // The H1 layout: identity at discovery's port + 1, advertised at the fleet-internal :8101.
    for (let tries = 0; ; tries++) {
      await discovery.service.listen(0);
      try {
        await identity.service.listen(discovery.service.port + 1);
        break;
      } catch (err) {
        await discovery.service.down();
        (discovery.service as { port: number }).port = 0;
        if (tries > 20) throw err;
      }
    }
    switches.advertisedIdentity ??= 'http://127.0.0.1:8101';
  } else {
    await identity.service.listen(0);
    await discovery.service.listen(0);
  }
  if (options.discoveryDown) await discovery.service.down();

  const key = newKey('mbk_full');
  const readOnlyKey = newKey('mbk_read');
  const addKey = (k: string, record: Partial<KeyRecord> = {}) =>
    identity.keys.set(k, {
      orgId: 'org_emulated',
      userId: 'user_emulated',
      keyId: `key_${identity.keys.size + 1}`,
      scopes: ['read', 'write'],
      accountId: 'accounts:emulated',
      ...record,
    });
  addKey(key);
  addKey(readOnlyKey, { scopes: ['read'] });

  const services = { discovery: discovery.service, identity: identity.service, ...producers };
  return {
    discoveryUrl: discovery.service.url,
    identityUrl: identity.service.url,
    key,
    readOnlyKey,
    identity,
    discovery,
    services,
    switches,
    concepts,
    setSwitch(name, value) {
      switches[name] = value;
    },
    addKey,
    revokeKey(k) {
      const record = identity.keys.get(k);
      if (record) record.revoked = true;
    },
    async setUp(name, up) {
      if (up) await services[name].listen();
      else await services[name].down();
    },
    async stop() {
      await Promise.all(Object.values(services).map((s) => s.down()));
    },
  };
}

/** Runs `fn` against a fresh emulator on 127.0.0.1 and stops it afterwards, whatever `fn` does. */
export async function withEmulator(fn: (emulator: Emulator) => Promise<void>, options: EmulatorOptions = {}): Promise<void> {
  const emulator = await startEmulator(options);
  try {
    await fn(emulator);
  } finally {
    await emulator.stop();
  }
}
