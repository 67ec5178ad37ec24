// Two server processes with different identities on two clones of one repository (a real bare
// remote), against the substrate emulator: the SPEC §claim_finding race, shared by the e2e test
// and scripts/bench/claim-race.ts.
import { commitFiles, git, tempDir, tempRepo } from '../helpers/git.ts';
import type { Emulator } from '../substrate/emulator.ts';
import { startServer, type ServerUnderTest, type ToolReply } from '../substrate/server-fixture.ts';

export interface Clone {
  dir: string;
  server: ServerUnderTest;
  vesselId: string;
}

export interface TwoClones {
  bare: string;
  a: Clone;
  b: Clone;
  close(): Promise<void>;
}

function cloneOf(bare: string): string {
  const dir = tempDir('metabob-clone-');
  git(dir, 'clone', '-q', bare, '.');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'user.email', 'test@example.invalid');
  git(dir, 'config', 'commit.gpgsign', 'false');
  return dir;
}

/** A bare remote holding one commit of `files`, two clones of it, and a server on each. */
export async function twoClones(
  emulator: Emulator,
  files: Record<string, string>,
  keys: { a: string; b: string } = { a: emulator.key, b: emulator.key },
): Promise<TwoClones> {
  const bare = tempDir('metabob-bare-');
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  const seed = tempRepo();
  commitFiles(seed, files, 'initial');
  git(seed, 'remote', 'add', 'origin', bare);
  git(seed, 'push', '-q', 'origin', 'main');
  const env = (vesselId: string, key: string) => ({ METABOB_API_KEY: key, DISCOVERY_ENDPOINT: emulator.discoveryUrl, VESSEL_ID: vesselId });
  const [dirA, dirB] = [cloneOf(bare), cloneOf(bare)];
  const [serverA, serverB] = await Promise.all([startServer(env('vessel-a', keys.a), { cwd: dirA }), startServer(env('vessel-b', keys.b), { cwd: dirB })]);
  return {
    bare,
    a: { dir: dirA, server: serverA, vesselId: 'vessel-a' },
    b: { dir: dirB, server: serverB, vesselId: 'vessel-b' },
    async close() {
      await Promise.all([serverA.close(), serverB.close()]);
    },
  };
}

export type { ToolReply };

export function call(server: ServerUnderTest, name: string, args: Record<string, unknown>): Promise<ToolReply> {
  return server.call(name, args);
}

/** What a claim_finding reply says happened, from its first word (SPEC §call-log reportResult's outcomes). */
export function claimOutcome(text: string): string {
  if (text.startsWith('Claimed ')) return 'claimed';
  if (text.startsWith('Renewed ')) return 'renewed';
  if (text.startsWith('Released ')) return 'released';
  return /^([a-z_]+):/.exec(text)?.[1] ?? 'unknown';
}

export interface RaceRound {
  outcomes: [string, string];
  /** Who holds it by the reply of each side: exactly one of them must. */
  holders: string[];
  ms: number;
}

/**
 * concept-db writes held this long before they land, so both sides' first reads finish before
 * either claim is stored and both write a claim: the rule, not the pre-read, settles the round.
 */
export const SAME_MOMENT_WRITE_MS = 100;

export function holdWrites(emulator: Emulator, ms = SAME_MOMENT_WRITE_MS): void {
  emulator.setSwitch('latencyMs', { ...emulator.switches.latencyMs, concept_create_write: ms });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One round: both sides claim the finding (each by its own name for it) at the same moment,
 * each after a random 0-`jitterMs` start so neither side is always first.
 */
export async function raceRound(two: TwoClones, ids: { a: string; b: string }, jitterMs = 10): Promise<RaceRound & { replies: [ToolReply, ToolReply] }> {
  const started = performance.now();
  const claimAfterJitter = async (server: ServerUnderTest, id: string) => {
    await pause(Math.random() * jitterMs);
    return call(server, 'claim_finding', { problem_id: id, minutes: 30 });
  };
  const replies = await Promise.all([claimAfterJitter(two.a.server, ids.a), claimAfterJitter(two.b.server, ids.b)]);
  const ms = performance.now() - started;
  const outcomes = [claimOutcome(replies[0].text), claimOutcome(replies[1].text)] as [string, string];
  const holders = [outcomes[0] === 'claimed' ? two.a.vesselId : undefined, outcomes[1] === 'claimed' ? two.b.vesselId : undefined].filter(
    (h): h is string => !!h,
  );
  return { outcomes, holders, ms, replies };
}
