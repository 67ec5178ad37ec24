// A nested object pattern binds each name to the member its keys reach (`{ options: { batch } }`
// in a parameter under a type literal or a named type, with a default, and in a declarator), and a
// member typed by a type literal written in its owner (`hooks: { useDispatch(): number }`) is
// reached through its path, a local bound to the path, or a pattern. A computed key types nothing. On fixture
// tests/fixtures/graph/ts-nested-destructuring/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('nested patterns and members of type literals reach the members the checker names', async () => {
  assert.deepEqual(await callEdgesOf('ts-nested-destructuring'), [
    'src/use.ts::function::fromAlias::39 -> src/types.ts::method::Options.hooks.useSelector::8',
    'src/use.ts::function::fromDeclarator::16 -> src/types.ts::method::Options.hooks.useSelector::8',
    'src/use.ts::function::fromLiteral::4 -> src/types.ts::method::Options.batch::11',
    'src/use.ts::function::fromLiteral::4 -> src/types.ts::method::Options.hooks.useDispatch::7',
    'src/use.ts::function::fromNamed::10 -> src/types.ts::method::Hooks.useStore::2',
    'src/use.ts::function::fromNamed::10 -> src/types.ts::method::Options.run::12',
    'src/use.ts::function::fromPath::26 -> src/types.ts::method::Hooks.useStore::2',
    'src/use.ts::function::fromPath::26 -> src/types.ts::method::Options.hooks.useDispatch::7',
  ]);
});
