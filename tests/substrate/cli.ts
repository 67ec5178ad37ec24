// `npm run substrate`: the emulator on 127.0.0.1 for manual use. Prints its URLs and keys
// and the environment to point a server at it; Ctrl-C stops it.
// Flags: --rehost-h1, --flat-only, --discovery-down.
import { startEmulator } from './emulator.ts';

const flags = new Set(process.argv.slice(2));
const emulator = await startEmulator({
  rehostH1: flags.has('--rehost-h1'),
  identityFlatOnly: flags.has('--flat-only'),
  discoveryDown: flags.has('--discovery-down'),
});
const lines = [
  'substrate emulator (tests/substrate) on 127.0.0.1',
  `  discovery     ${emulator.discoveryUrl}`,
  `  identity      ${emulator.identityUrl}`,
  ...Object.entries(emulator.services)
    .filter(([name]) => name !== 'discovery' && name !== 'identity')
    .map(([name, service]) => `  ${name.padEnd(13)} ${service.url}`),
  `  key           ${emulator.key}  (scopes read, write)`,
  `  read-only key ${emulator.readOnlyKey}  (scopes read)`,
  '',
  'Point a server at it:',
  `  DISCOVERY_ENDPOINT=${emulator.discoveryUrl} METABOB_API_KEY=${emulator.key} metabob-mcp`,
  '',
];
process.stdout.write(lines.join('\n') + '\n');
const stop = async () => {
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
