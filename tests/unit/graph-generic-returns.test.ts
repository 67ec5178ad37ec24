// A local bound to a call of a generic function or method whose declared return is a bare type
// parameter (`identity<T>(x: T): T`, `first<T>(xs: T[]): T`, `create<T>(c: new () => T): T`,
// `make<T>(): T`, `container.get<T>(token: new () => T): T`) is typed by what binds that
// parameter at the call, as the checker infers it: the argument passed, an element of it, an
// instance of the class passed, or the type argument written. An argument that is itself a call
// binds it by the call's declared return; an object type as the type argument names nothing. On fixture tests/fixtures/graph/ts-generic-returns/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a generic callee’s result is typed by the argument or type argument that binds its return', async () => {
  assert.deepEqual(await callEdgesOf('ts-generic-returns'), [
    'src/container.ts -> src/container.ts::class::Container::26',
    'src/use.ts::function::byArgument::3 -> src/container.ts::function::identity::10',
    'src/use.ts::function::byArgument::3 -> src/container.ts::method::Store.open::2',
    'src/use.ts::function::byClass::13 -> src/container.ts::function::create::18',
    'src/use.ts::function::byClass::13 -> src/container.ts::method::Repo.find::7',
    'src/use.ts::function::byConstructed::30 -> src/container.ts::class::Store::1',
    'src/use.ts::function::byConstructed::30 -> src/container.ts::function::identity::10',
    'src/use.ts::function::byConstructed::30 -> src/container.ts::method::Store.open::2',
    'src/use.ts::function::byElement::8 -> src/container.ts::function::first::14',
    'src/use.ts::function::byElement::8 -> src/container.ts::method::Store.close::3',
    'src/use.ts::function::byMethod::23 -> src/container.ts::method::Container.get::27',
    'src/use.ts::function::byMethod::23 -> src/container.ts::method::Container.resolve::31',
    'src/use.ts::function::byMethod::23 -> src/container.ts::method::Repo.find::7',
    'src/use.ts::function::byMethod::23 -> src/container.ts::method::Store.close::3',
    'src/use.ts::function::byTypeArgument::18 -> src/container.ts::function::make::22',
    'src/use.ts::function::byTypeArgument::18 -> src/container.ts::method::Repo.find::7',
    // `unbound`: an object type as the type argument binds no workspace type (no `open` edge);
    // `first(stores.slice(1))` is bound by what `slice` returns, an array of Store.
    'src/use.ts::function::unbound::38 -> src/container.ts::function::first::14',
    'src/use.ts::function::unbound::38 -> src/container.ts::method::Container.resolve::31',
    'src/use.ts::function::unbound::38 -> src/container.ts::method::Store.close::3',
  ]);
});
