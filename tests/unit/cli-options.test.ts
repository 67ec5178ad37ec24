// The option declarations of core/cli/options.ts: what parseArgs (strict) reads by them, the
// synopsis and help rows they print, and the one usage line for each kind of bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionRows, optionsSynopsis, parseOptions, UsageError, type OptionSchema } from '../../core/cli/options.ts';

const SCHEMA = {
  endpoint: { type: 'string', value: 'URL', group: 'address', description: 'the endpoint' },
  'discovery-endpoint': { type: 'string', value: 'URL', group: 'address', description: 'discovery itself' },
  check: { type: 'boolean', required: true, description: 'run the check' },
  json: { type: 'boolean', description: 'one JSON object' },
  'api-key': { type: 'string', value: 'KEY', synopsis: false, description: 'the key' },
  trust: { type: 'boolean', alone: true, description: 'the other form' },
} as const satisfies OptionSchema;

const FIX = 'demo takes ...';

function usageLineOf(argv: string[]): string {
  try {
    parseOptions(SCHEMA, argv, FIX);
  } catch (err) {
    assert.ok(err instanceof UsageError, String(err));
    return err.message;
  }
  assert.fail(`accepted ${argv.join(' ')}`);
}

test('values are typed by the declaration: booleans false when absent, strings undefined; positionals and -- kept in order', () => {
  const parsed = parseOptions(SCHEMA, ['a', '--endpoint', 'http://h:1', '--json', '--api-key=-starts-with-dash', '--', '--check'], FIX);
  assert.deepEqual(parsed.flags, {
    endpoint: 'http://h:1',
    'discovery-endpoint': undefined,
    check: false,
    json: true,
    'api-key': '-starts-with-dash',
    trust: false,
  });
  assert.deepEqual(parsed.positionals, ['a', '--check']);
  assert.equal(parsed.help, false);
  assert.equal(parseOptions(SCHEMA, ['-h'], FIX).help, true);
  assert.equal(parseOptions(SCHEMA, ['--help'], FIX).help, true);
});

test('each kind of bad input is one line naming the fix, never echoing a value', () => {
  assert.equal(usageLineOf(['--frob']), `unknown flag --frob; ${FIX}`);
  assert.equal(usageLineOf(['--frob=secret-value']), `unknown flag --frob; ${FIX}`);
  assert.equal(usageLineOf(['-x']), `unknown flag -x; ${FIX}`);
  assert.equal(usageLineOf(['--endpoint']), '--endpoint needs a value: --endpoint URL');
  assert.equal(usageLineOf(['--json=yes']), '--json takes no value; pass --json alone');
  const ambiguous = usageLineOf(['--api-key', '--json']);
  assert.equal(ambiguous, '--api-key needs a value, and the next argument starts with "-": --api-key KEY, or --api-key=VALUE for a value that starts with "-"');
  const secret = usageLineOf(['--api-key', '-mbk_secret_123']);
  assert.ok(!secret.includes('mbk_secret_123'), secret);
  for (const line of [ambiguous, secret]) assert.ok(!line.includes('\n'));
});

test('the synopsis: groups as alternatives, required options bare, a form taken alone last, unlisted options only when asked', () => {
  assert.equal(optionsSynopsis(SCHEMA), '[--endpoint URL | --discovery-endpoint URL] --check [--json] | --trust');
  assert.equal(optionsSynopsis(SCHEMA, { all: true }), '[--endpoint URL | --discovery-endpoint URL] --check [--json] [--api-key KEY] | --trust');
  assert.equal(optionsSynopsis({}), '');
});

test('the help rows list every option and --help, descriptions aligned', () => {
  assert.deepEqual(optionRows(SCHEMA), [
    '  --endpoint URL            the endpoint',
    '  --discovery-endpoint URL  discovery itself',
    '  --check                   run the check',
    '  --json                    one JSON object',
    '  --api-key KEY             the key',
    '  --trust                   the other form',
    '  -h, --help                show this help',
  ]);
});
