// The `metabob-mcp` entry point: checks the runtime, then hands argv to one subcommand file.
import { runCli } from './cli/main.ts';

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  process.stderr.write(
    `runtime_unsupported: metabob-mcp needs Node.js 20 or later (this is ${process.versions.node}); install Node 20+ and run it again\n`,
  );
  process.exit(1);
}

runCli(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`metabob-mcp: ${(err as Error).stack ?? err}\n`);
    process.exitCode = 1;
  },
);
