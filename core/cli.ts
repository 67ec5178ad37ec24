// The `metabob-mcp` entry point: checks the runtime, then hands argv to one subcommand file.
import { runCli } from './cli/main.ts';
import { EXIT } from './process/exit-code.ts';

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  process.stderr.write(`runtime_unsupported: metabob-mcp needs Node.js 20 or later (this is ${process.versions.node}); install Node 20+ and run it again\n`);
  process.exit(EXIT.failed);
}

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`metabob-mcp: ${(err as Error).stack ?? err}\n`);
    process.exitCode = EXIT.failed;
  },
);
