// The code graph on fixture repositories, one per language and import style, parsed by the real
// extractor and resolved by the real resolution pass: the exact calls, imports and inherits edges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LocalIndex } from '../../core/index/local-index.ts';
import { GRAPH_FIXTURES, indexedFixture } from '../helpers/graph-fixture.ts';

async function edgesOf(fixture: string, include?: string[]): Promise<string[]> {
  return (await indexedFixture(fixture, include))
    .graph!.edges.filter((e) => e.type !== 'contains')
    .map((e) => `${e.type} ${e.from} -> ${e.to} ${e.confidence}`)
    .sort();
}

test('TypeScript ESM: named, aliased, default and namespace imports, re-export chains, index files, tsconfig paths, inheritance, import() read in place or bound to a name', async () => {
  assert.deepEqual(await edgesOf('ts-esm'), [
    // `(await import('./math.ts')).add(2, 3)`: a member of the module read where it is loaded;
    // `const log = await import('./lib/log.ts')`, then `log.log()`. `./absent.ts` and a member of
    // what `load()` resolves get none.
    'calls src/lazy.ts::function::lazyArea::2 -> src/lib/log.ts::function::log::1 0.99',
    'calls src/lazy.ts::function::lazyArea::2 -> src/math.ts::function::add::1 0.99',
    'calls src/main.ts::function::run::6 -> src/lib/log.ts::function::log::1 0.99',
    'calls src/main.ts::function::run::6 -> src/math.ts::function::add::1 0.99',
    'calls src/main.ts::function::run::6 -> src/math.ts::function::mul::5 0.99',
    'calls src/main.ts::function::run::6 -> src/shapes/circle.ts::class::Circle::3 0.99',
    'calls src/main.ts::function::run::6 -> src/shapes/circle.ts::method::Circle.area::4 0.99',
    'calls src/main.ts::function::run::6 -> src/shapes/square.ts::class::Square::3 0.99',
    // `const b = new Box(); b.side()`: b is declared a Box (Square re-exported as Box). The
    // receiver of `new Circle().area()` is an expression, not a declared name: no edge.
    'calls src/main.ts::function::run::6 -> src/shapes/square.ts::method::Square.side::4 0.99',
    'calls src/shapes/circle.ts::method::Circle.area::4 -> src/shapes/base.ts::method::Base.describe::2 0.99',
    'imports src/lazy.ts -> src/lib/log.ts 1',
    'imports src/lazy.ts -> src/math.ts 1',
    'imports src/main.ts -> src/lib/log.ts 1',
    'imports src/main.ts -> src/math.ts 1',
    'imports src/main.ts -> src/shapes/index.ts 1',
    'imports src/shapes/circle.ts -> src/shapes/base.ts 1',
    'imports src/shapes/index.ts -> src/shapes/circle.ts 1',
    'imports src/shapes/index.ts -> src/shapes/square.ts 1',
    'imports src/shapes/square.ts -> src/shapes/base.ts 1',
    'inherits src/shapes/circle.ts::class::Circle::3 -> src/shapes/base.ts::class::Base::1 0.99',
    'inherits src/shapes/square.ts::class::Square::3 -> src/shapes/base.ts::class::Base::1 0.99',
  ]);
});

test('CommonJS: destructured require, the module object, module.exports = fn, class methods via this', async () => {
  assert.deepEqual(await edgesOf('cjs'), [
    'calls app.js::method::Service.start::6 -> app.js::method::Service.stop::11 1',
    'calls app.js::method::Service.start::6 -> lib/db.js::function::connect::1 0.99',
    'calls app.js::method::Service.stop::11 -> lib/db.js::function::close::5 0.99',
    'calls app.js::method::Service.stop::11 -> lib/factory.js::function::makeThing::1 0.99',
    'imports app.js -> lib/db.js 1',
    'imports app.js -> lib/factory.js 1',
  ]);
});

test('CommonJS: a name destructured from the module object a require bound calls its export; a name the module does not export gets no edge', async () => {
  assert.deepEqual(await edgesOf('cjs-held'), [
    // `const { close, missing } = db` with `db = require('./lib/db')`: close is the export; missing is none.
    'calls app.js::function::closeAll::6 -> lib/db.js::function::close::5 0.99',
    'imports app.js -> lib/db.js 1',
  ]);
});

test('CommonJS: a local bound to new of a required class (module.exports = C) is declared a C, in a callback too', async () => {
  assert.deepEqual(await edgesOf('cjs-class'), [
    'calls pool.js::function::open::3 -> lib/conn.js::class::Conn::1 0.99',
    'calls pool.js::function::open::3 -> lib/conn.js::method::Conn.close::5 0.99',
    'calls pool.js::function::open::3 -> lib/conn.js::method::Conn.connect::2 0.99',
    'imports pool.js -> lib/conn.js 1',
  ]);
});

test('Python: absolute, relative and package imports, submodules, self methods through a base class', async () => {
  assert.deepEqual(await edgesOf('py-pkg'), [
    'calls shop/models.py::method::Base.save::2 -> shop/models.py::method::Base.validate::5 1',
    'calls shop/models.py::method::Order.total::10 -> shop/models.py::method::Base.save::2 0.99',
    'calls shop/views.py::function::show::7 -> shop/models.py::class::Order::9 0.99',
    // `models.Order().total()`: a class called in place is its instance.
    'calls shop/views.py::function::show::7 -> shop/models.py::method::Order.total::10 0.97',
    'calls shop/views.py::function::show::7 -> shop/utils/money.py::function::fmt::1 0.99',
    'imports shop/__init__.py -> shop/models.py 1',
    'imports shop/views.py -> shop/__init__.py 1',
    'imports shop/views.py -> shop/models.py 1',
    'imports shop/views.py -> shop/utils/money.py 1',
    'inherits shop/models.py::class::Order::9 -> shop/models.py::class::Base::1 1',
  ]);
});

test('Python super() and the two-argument super(Cls, self) both reach the base class method', async () => {
  assert.deepEqual(await edgesOf('py-super'), [
    'calls store/cached.py::method::CachedRepository.close::9 -> store/base.py::method::Repository.close::5 0.99',
    'calls store/cached.py::method::CachedRepository.save::5 -> store/base.py::method::Repository.save::2 0.99',
    'imports store/cached.py -> store/base.py 1',
    'inherits store/cached.py::class::CachedRepository::4 -> store/base.py::class::Repository::1 0.99',
  ]);
});

test('Go and Java (when include names them): packages are directories, imports name packages or classes, methods declared apart from their type', async () => {
  assert.deepEqual(await edgesOf('go-java', ['go', 'java']), [
    'calls main.go::method::Server.Start::10 -> other.go::function::helper::3 0.95',
    // `s.stop()`: s is the method's receiver, declared *Server; stop is declared in other.go.
    'calls main.go::method::Server.Start::10 -> other.go::method::Server.stop::5 0.9',
    'calls main.go::method::Server.Start::10 -> pkg/util/clean.go::function::Clean::3 0.95',
    'calls src/com/acme/App.java::method::App.run::6 -> src/com/acme/Base.java::class::Base::3 0.95',
    'calls src/com/acme/App.java::method::App.run::6 -> src/com/acme/Base.java::method::Base.save::4 0.9',
    'calls src/com/acme/App.java::method::App.run::6 -> src/com/acme/util/Strings.java::method::Strings.trim::4 0.95',
    'imports main.go -> pkg/util/clean.go 1',
    'imports src/com/acme/App.java -> src/com/acme/util/Strings.java 1',
    'inherits src/com/acme/App.java::class::App::5 -> src/com/acme/Base.java::class::Base::3 0.95',
  ]);
});

test('TypeScript declared types: parameter, field, constructor parameter property and new X() receivers, interface members, the members of a type literal, const-bound wrappers and aliases, super() to a base without a constructor', async () => {
  assert.deepEqual(await edgesOf('ts-declared'), [
    // A generic class or interface typed with a workspace type as its argument (`Box<Store>`, `new
    // Box<Store>(s)`, `Pair<string, Store>`): a member typed by the parameter (a callback's, a return,
    // a field) is the argument's; `Box<unknown>` and `Pair<Store, string>`'s `value` reach no `put`.
    'calls src/generic.ts::function::unbound::47 -> src/generic.ts::method::Box.get::11 1',
    'calls src/generic.ts::function::viaCallback::22 -> src/generic.ts::method::Box.use::8 1',
    'calls src/generic.ts::function::viaCallback::22 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/generic.ts::function::viaField::30 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/generic.ts::function::viaInterfaceMember::34 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/generic.ts::function::viaInterfaceMethod::38 -> src/generic.ts::method::Pair.second::19 1',
    'calls src/generic.ts::function::viaInterfaceMethod::38 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/generic.ts::function::viaNew::42 -> src/generic.ts::class::Box::5 1',
    'calls src/generic.ts::function::viaNew::42 -> src/generic.ts::method::Box.get::11 1',
    'calls src/generic.ts::function::viaNew::42 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/generic.ts::function::viaReturn::26 -> src/generic.ts::method::Box.get::11 1',
    'calls src/generic.ts::function::viaReturn::26 -> src/store.ts::method::Store.put::7 0.99',
    // A callback where the parameter is a function type alias (`getter: Getter`) takes Getter's parameters,
    // destructured ones too (`({ store }) =>`), as does an array element destructured; `any` gives none.
    'calls src/getter.ts::function::viaAlias::15 -> src/getter.ts::function::withGetter::9 1',
    'calls src/getter.ts::function::viaAlias::15 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/getter.ts::function::viaDestructured::19 -> src/getter.ts::function::withGetter::9 1',
    'calls src/getter.ts::function::viaDestructured::19 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/getter.ts::function::viaElement::23 -> src/store.ts::method::Store.put::7 0.99',
    // A parameter typed by a type literal: `record.store.put()`, `({ store }: { store: Store | null })`,
    // `const { store } = record`, a callback's `(entry: { store: Store })`; `record.missing` and
    // `other.label` (a string) give no edge.
    'calls src/literal.ts::function::viaCallback::16 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/literal.ts::function::viaDestructured::7 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/literal.ts::function::viaHeldMember::11 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/literal.ts::function::viaMember::3 -> src/store.ts::method::Store.put::7 0.99',
    // A union of one named type and primitives (`Store | boolean`, `string | Key`, `'auto' | Key`) or
    // functions (`Store | (() => void)`): that type's member where none of those has one of the name
    // (`bind`, never `toString`, nor `bind` beside a function); two named types, neither.
    // An array pattern over a collection's path binds its elements (`const [first, , third] = stores`).
    'calls src/patterns.ts::function::viaArrayPattern::3 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/patterns.ts::method::Shelf.viaMemberPattern::12 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/primitive.ts::function::finalize::27 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/primitive.ts::function::flagged::10 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/primitive.ts::function::keyed::15 -> src/primitive.ts::method::Key.bind::7 1',
    // A value declared `Promise<Store>` (`PromiseLike<Store | undefined>`, `Promise<Store[]>`) settles
    // to a Store: what `await` gives and what `.then` hands its callback, a field's and a parameter's;
    // a promise of two types, or of none the workspace declares, types nothing.
    // Awaited in place too: `(await pending).put()`, `(await pool.opened()).put()`.
    'calls src/promised.ts::function::viaCallInPlace::44 -> src/promised.ts::method::Pool.opened::18 1',
    'calls src/promised.ts::function::viaCallInPlace::44 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/promised.ts::function::viaCollection::28 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/promised.ts::function::viaInPlace::40 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/promised.ts::function::viaParameter::23 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/promised.ts::method::Pool.viaAwait::9 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/promised.ts::method::Pool.viaThen::14 -> src/store.ts::method::Store.put::7 0.99',
    // `Record<string, Store>` holds Stores as a map does: an index, `Object.values(...)` in a loop,
    // a callback, an element or a local, the value of `[name, store]` over `Object.entries(...)`; a
    // record of strings, and an entry itself (a pair), type nothing.
    'calls src/records.ts::function::viaEntries::34 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/records.ts::function::viaIndex::15 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/records.ts::function::viaLocal::23 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/records.ts::function::viaLoop::19 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/records.ts::method::Registry.closeAll::6 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/records.ts::method::Registry.first::10 -> src/store.ts::method::Store.put::7 0.99',
    // `private readonly cache = new Store()`: a field initializer runs at class level.
    'calls src/service.ts -> src/store.ts::class::Store::6 0.99',
    'calls src/service.ts::method::Service.constructor::5 -> src/store.ts::class::Base::12 0.99',
    'calls src/service.ts::method::Service.run::8 -> src/store.ts::class::Store::6 0.99',
    // `double` is bound to wrap(...)'s result, `twice` to `double`: each is called as itself.
    'calls src/service.ts::method::Service.run::8 -> src/store.ts::function::double::15 0.99',
    'calls src/service.ts::method::Service.run::8 -> src/store.ts::function::twice::16 0.99',
    // `this.repo: Repository` (an interface): its method signature and its function-typed property.
    'calls src/service.ts::method::Service.run::8 -> src/store.ts::method::Repository.load::3 0.99',
    'calls src/service.ts::method::Service.run::8 -> src/store.ts::method::Repository.save::2 0.99',
    // this.store, this.cache, extra and local are all declared Stores; `untyped` has no declared class: no edge.
    'calls src/service.ts::method::Service.run::8 -> src/store.ts::method::Store.put::7 0.99',
    // `{ retries: 3, ...userOptions }`: the spread's members; a literal with its own method, another
    // typed member or two spreads types nothing.
    'calls src/spread.ts::function::merged::9 -> src/store.ts::method::Repository.save::2 0.99',
    'calls src/spread.ts::function::merged::9 -> src/store.ts::method::Store.put::7 0.99',
    'calls src/spread.ts::function::ownMethod::16 -> src/spread.ts::method::ownMethod.options.save::18 1',
    'calls src/store.ts::function::double::15 -> src/store.ts::function::wrap::14 1',
    'imports src/generic.ts -> src/store.ts 1',
    'imports src/getter.ts -> src/store.ts 1',
    'imports src/literal.ts -> src/store.ts 1',
    'imports src/patterns.ts -> src/store.ts 1',
    'imports src/primitive.ts -> src/store.ts 1',
    'imports src/promised.ts -> src/store.ts 1',
    'imports src/records.ts -> src/store.ts 1',
    'imports src/service.ts -> src/store.ts 1',
    'imports src/spread.ts -> src/store.ts 1',
    'inherits src/service.ts::class::Service::3 -> src/store.ts::class::Base::12 0.99',
  ]);
});

test("TypeScript declared return types and interface property types: a local bound to a call takes the callee's declared return type, or what a one-statement body returns, a receiver path goes through interface properties; an any receiver is not guessed", async () => {
  assert.deepEqual(await edgesOf('ts-returns'), [
    // One-statement bodies with no return type written: `return openStore()`, `() => openStore()`,
    // `get current() { return this.store }`, `held() { return this.store }`, `self() { return this }`;
    // `longer()` (two statements, nothing constructed) is not read, so `.open()` on it has no edge.
    // A ternary of two values typed alike (`first ? a : b`, `first ? openStore() : fallback`, a `new`);
    // `first ? openStore() : row` (a Store or a Row) types nothing.
    'calls src/choice.ts -> src/store.ts::class::Store::5 0.99',
    'calls src/choice.ts::function::callOrPath::12 -> src/store.ts::function::openStore::14 0.99',
    'calls src/choice.ts::function::callOrPath::12 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/choice.ts::function::differentTypes::17 -> src/store.ts::function::openStore::14 0.99',
    'calls src/choice.ts::function::eitherLocal::5 -> src/store.ts::function::openStore::14 0.99',
    'calls src/choice.ts::function::eitherLocal::5 -> src/store.ts::method::Store.open::6 0.99',
    // `kept ? kept : new Store()` is a Store; `first ? new Store() : row` is neither.
    'calls src/choice.ts::function::keptOrNew::23 -> src/store.ts::class::Store::5 0.99',
    'calls src/choice.ts::function::keptOrNew::23 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/choice.ts::function::newOrOther::29 -> src/store.ts::class::Store::5 0.99',
    // `(first ? openStore() : openStore()).find()`: one function called either way.
    'calls src/choice.ts::function::sameCallEitherWay::35 -> src/store.ts::function::openStore::14 0.99',
    'calls src/choice.ts::function::sameCallEitherWay::35 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/inferred.ts -> src/store.ts::function::openStore::14 0.99',
    'calls src/inferred.ts::function::arrowWrapped::8 -> src/store.ts::function::openStore::14 0.99',
    'calls src/inferred.ts::function::wrapped::4 -> src/store.ts::function::openStore::14 0.99',
    'calls src/inferred.ts::method::Keeper.useAll::25 -> src/inferred.ts::function::arrowWrapped::8 1',
    'calls src/inferred.ts::method::Keeper.useAll::25 -> src/inferred.ts::function::wrapped::4 1',
    'calls src/inferred.ts::method::Keeper.useAll::25 -> src/inferred.ts::method::Keeper.held::17 1',
    'calls src/inferred.ts::method::Keeper.useAll::25 -> src/inferred.ts::method::Keeper.self::21 1',
    'calls src/inferred.ts::method::Keeper.useAll::25 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/inferred.ts::method::Keeper.useAll::25 -> src/store.ts::method::Store.open::6 0.99',
    'calls src/inferred.ts::method::Keeper.useLonger::39 -> src/inferred.ts::method::Keeper.longer::34 1',
    // `longer()` returns its local `s`, a Store.
    'calls src/inferred.ts::method::Keeper.useLonger::39 -> src/store.ts::method::Store.open::6 0.99',
    // A declared return of an object type or a union of them (`Promise<{ store: Store } | { cause: string }>`,
    // `{ row: Row } | null`, a method's): the property's type; `item`, a Store or a Row, is neither.
    // A body returning one path from each of its return statements (a nested function's and a
    // comment's aside) is typed as that path; two paths are a choice, typed as both are (Stores).
    'calls src/multi.ts::function::twoPaths::30 -> src/multi.ts::method::Holder.either::19 1',
    'calls src/multi.ts::function::twoPaths::30 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/multi.ts::function::viaReturns::25 -> src/multi.ts::method::Holder.current::7 1',
    'calls src/multi.ts::function::viaReturns::25 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/result.ts::function::conflicting::19 -> src/store.ts::class::Row::1 0.99',
    'calls src/result.ts::function::viaConflict::37 -> src/result.ts::function::conflicting::19 1',
    'calls src/result.ts::function::viaMethod::32 -> src/result.ts::method::Source.read::14 1',
    'calls src/result.ts::function::viaMethod::32 -> src/store.ts::method::Row.save::2 0.99',
    'calls src/result.ts::function::viaNullable::28 -> src/result.ts::function::maybeRow::9 1',
    'calls src/result.ts::function::viaNullable::28 -> src/store.ts::method::Row.save::2 0.99',
    'calls src/result.ts::function::viaPromise::23 -> src/result.ts::function::connect::5 1',
    'calls src/result.ts::function::viaPromise::23 -> src/store.ts::method::Store.find::9 0.99',
    // `static create() { return new this() }`: an instance of the class the static method is on.
    'calls src/static.ts::function::viaStatic::9 -> src/static.ts::method::Plain.create::2 1',
    'calls src/static.ts::function::viaStatic::9 -> src/static.ts::method::Plain.lookup::6 1',
    'calls src/store.ts::function::openAs::18 -> src/store.ts::class::Store::5 1',
    'calls src/store.ts::function::openAs::18 -> src/store.ts::function::openStore::14 1',
    'calls src/store.ts::function::openStore::14 -> src/store.ts::class::Store::5 1',
    'calls src/store.ts::method::Store.open::6 -> src/store.ts::class::Row::1 1',
    // `const [store, row, , count] = await Promise.all([fetchStore(), new Row(), ...])`: each name the awaited element in its place.
    'calls src/tuple.ts::function::awaitedTuple::8 -> src/store.ts::class::Row::1 0.99',
    'calls src/tuple.ts::function::awaitedTuple::8 -> src/store.ts::method::Row.save::2 0.99',
    'calls src/tuple.ts::function::awaitedTuple::8 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/tuple.ts::function::awaitedTuple::8 -> src/tuple.ts::function::fetchStore::3 1',
    'calls src/tuple.ts::function::fetchStore::3 -> src/store.ts::function::openStore::14 0.99',
    // `openAs<(n: number) => void>().open()`: an arrow in the type arguments leaves the path unread (no edge to `open`).
    'calls src/use.ts::function::arrowInTypeArguments::31 -> src/store.ts::function::openAs::18 0.99',
    // store = (holder.store = openStore()): the assignment's value is the call's.
    'calls src/use.ts::function::viaAssignment::21 -> src/store.ts::function::openStore::14 0.99',
    'calls src/use.ts::function::viaAssignment::21 -> src/store.ts::method::Store.open::6 0.99',
    // ctx: Context -> services: Services -> store: Store, so .find() is Store.find.
    'calls src/use.ts::function::viaInterface::11 -> src/store.ts::method::Store.find::9 0.99',
    // `stores.openStore().open()` through `import * as stores`: what the function it names returns.
    'calls src/use.ts::function::viaNamespace::36 -> src/store.ts::function::openStore::14 0.99',
    'calls src/use.ts::function::viaNamespace::36 -> src/store.ts::method::Store.open::6 0.99',
    'calls src/use.ts::function::viaReturn::5 -> src/store.ts::function::openStore::14 0.99',
    // row = store.open() with open(): Row, store = openStore() with openStore(): Store.
    'calls src/use.ts::function::viaReturn::5 -> src/store.ts::method::Row.save::2 0.99',
    'calls src/use.ts::function::viaReturn::5 -> src/store.ts::method::Store.open::6 0.99',
    // `openAs<string>('x').open()`, `openAs<Map<string, Set<number>>>().find()`: type arguments before the call's.
    'calls src/use.ts::function::viaTypeArguments::26 -> src/store.ts::function::openAs::18 0.99',
    'calls src/use.ts::function::viaTypeArguments::26 -> src/store.ts::method::Store.find::9 0.99',
    'calls src/use.ts::function::viaTypeArguments::26 -> src/store.ts::method::Store.open::6 0.99',
    'imports src/choice.ts -> src/store.ts 1',
    'imports src/inferred.ts -> src/store.ts 1',
    'imports src/multi.ts -> src/store.ts 1',
    'imports src/result.ts -> src/store.ts 1',
    'imports src/services.ts -> src/store.ts 1',
    'imports src/tuple.ts -> src/store.ts 1',
    'imports src/use.ts -> src/services.ts 1',
    'imports src/use.ts -> src/store.ts 1',
  ]);
});

test("TypeScript callbacks and collections: a callback parameter takes the type its callee declares (a function of the enclosing one too) or the array element or what a declared promise's then hands it, scoped to its callback; an element by index; for-of elements, find(), calls and aliases in a receiver path, a module-level instance imported through a re-export; an array's own method and an any parameter get no edge", async () => {
  assert.deepEqual(await edgesOf('ts-callbacks'), [
    // `items[i].save()`, `const gate = gates[i + 1]`, `this.items[0].save()`: an element by index;
    // none into a Registry (no collection); a quoted key is the member of that name
    // (`registry['lookup']()`, Registry's `lookup`), not an element.
    'calls src/indexed.ts::function::indexed::4 -> src/item.ts::method::Gate.close::7 0.99',
    'calls src/indexed.ts::function::indexed::4 -> src/item.ts::method::Item.save::2 0.99',
    'calls src/indexed.ts::method::Shelf.first::13 -> src/item.ts::method::Item.save::2 0.99',
    'calls src/indexed.ts::method::Shelf.none::18 -> src/item.ts::method::Registry.lookup::16 0.99',
    'calls src/item.ts -> src/item.ts::class::Registry::13 1',
    'calls src/item.ts::method::Registry.lookup::16 -> src/item.ts::class::Item::1 1',
    // `this.listener = (event) => ...` with `listener: BindingListener` declared in the class: the
    // function's parameters are the alias's (a destructured one too); a field of no function type types none.
    'calls src/listener.ts::method::Destructured.reset::31 -> src/listener.ts::method::Binding.on::2 1',
    'calls src/listener.ts::method::Indexer.attach::23 -> src/listener.ts::class::Binding::1 1',
    'calls src/listener.ts::method::Indexer.attach::23 -> src/listener.ts::method::Indexer.listener::14 1',
    'calls src/listener.ts::method::Indexer.constructor::16 -> src/listener.ts::method::Binding.on::2 1',
    // `openItem().then((item) => item.save())`, openItem declared `Promise<Item>`; a `catch`'s reason gets none.
    'calls src/promised.ts::function::afterOpen::8 -> src/item.ts::method::Item.save::2 0.99',
    'calls src/promised.ts::function::afterOpen::8 -> src/promised.ts::function::openItem::3 1',
    // `const notify = (cb: (gate: Gate) => void) => ...` in the function, then `notify((gate) => gate.close())`.
    'calls src/promised.ts::function::notifyAll.notify::14 -> src/item.ts::class::Gate::6 0.99',
    'calls src/promised.ts::function::notifyAll::13 -> src/item.ts::method::Gate.close::7 0.99',
    'calls src/promised.ts::function::notifyAll::13 -> src/promised.ts::function::notifyAll.notify::14 1',
    'calls src/promised.ts::function::onFailure::19 -> src/promised.ts::function::openItem::3 1',
    'calls src/promised.ts::function::openItem::3 -> src/item.ts::class::Item::1 0.99',
    'calls src/use.ts -> src/item.ts::class::Registry::13 0.99',
    // withSink(run: (sink: Sink, ...) => void): the callback's sink is a Sink.
    'calls src/use.ts::function::callbackParameter::43 -> src/item.ts::function::withSink::28 0.99',
    'calls src/use.ts::function::callbackParameter::43 -> src/item.ts::method::Sink.flush::25 0.99',
    // `export const registry = new Registry()`, imported through index.ts's re-export.
    'calls src/use.ts::function::exportedInstance::47 -> src/item.ts::method::Registry.lookup::16 0.99',
    // reg = this.registry; matches(): Match[], and Match is a type alias whose item is an Item.
    'calls src/use.ts::method::Keeper.aliased::37 -> src/item.ts::method::Item.save::2 0.99',
    'calls src/use.ts::method::Keeper.aliased::37 -> src/item.ts::method::Registry.matches::19 0.99',
    // this.registry.lookup().save(), with lookup(): Item.
    'calls src/use.ts::method::Keeper.chained::33 -> src/item.ts::method::Item.save::2 0.99',
    'calls src/use.ts::method::Keeper.chained::33 -> src/item.ts::method::Registry.lookup::16 0.99',
    'calls src/use.ts::method::Keeper.eachGate::11 -> src/item.ts::method::Gate.close::7 0.99',
    // items: Array<Item>, so the forEach callback's x is an Item; push() on the array is the language's, no edge to Item.push.
    'calls src/use.ts::method::Keeper.eachItem::7 -> src/item.ts::method::Item.save::2 0.99',
    // first = items.find(...): an element.
    'calls src/use.ts::method::Keeper.found::24 -> src/item.ts::method::Item.save::2 0.99',
    // for (const gate of gates), gates: Gate[].
    'calls src/use.ts::method::Keeper.loop::29 -> src/item.ts::method::Gate.close::7 0.99',
    // Two callbacks in one method, both naming their parameter x: each x is its own array's element (Gate.save is not reached).
    'calls src/use.ts::method::Keeper.twoCallbacks::15 -> src/item.ts::method::Gate.close::7 0.99',
    'calls src/use.ts::method::Keeper.twoCallbacks::15 -> src/item.ts::method::Item.save::2 0.99',
    'imports src/index.ts -> src/item.ts 1',
    'imports src/indexed.ts -> src/item.ts 1',
    'imports src/promised.ts -> src/item.ts 1',
    'imports src/use.ts -> src/index.ts 1',
    'imports src/use.ts -> src/item.ts 1',
  ]);
});

test("TypeScript object literals and nested functions: members of a module-level const object and of the object a factory returns are definitions, callers and call targets; a nested function is a caller; a local object literal's member is its own", async () => {
  assert.deepEqual(await edgesOf('ts-objects'), [
    // A function nested in a function is the caller of what it calls.
    'calls src/api.ts::function::createQueue.flush::15 -> src/http.ts::function::request::1 0.99',
    'calls src/api.ts::function::queue::28 -> src/api.ts::function::createQueue::13 1',
    // api.get() on the module-level object literal, in its own file.
    'calls src/api.ts::function::useOwn::30 -> src/api.ts::method::api.get::4 1',
    // Members of the literal are callers: a method, an arrow-valued key, a computed key.
    'calls src/api.ts::method::api.[Symbol.iterator]::8 -> src/http.ts::function::request::1 0.99',
    'calls src/api.ts::method::api.get::4 -> src/http.ts::function::request::1 0.99',
    'calls src/api.ts::method::api.put::7 -> src/http.ts::function::request::1 0.99',
    // `return {...} as const` with a comment after it: still the factory's object.
    'calls src/main.ts::function::counted::14 -> src/api.ts::function::createCounter::34 0.99',
    'calls src/main.ts::function::counted::14 -> src/api.ts::method::createCounter.inc::37 0.99',
    // queue = createQueue(), a factory with no declared return type that returns an object literal: `flush` is the
    // factory's nested function, `schedule` the literal's arrow.
    'calls src/main.ts::function::main::3 -> src/api.ts::function::createQueue.flush::15 0.99',
    // api imported: its members by name; the api.get() inside a callback passed to schedule is main's.
    'calls src/main.ts::function::main::3 -> src/api.ts::method::api.get::4 0.99',
    'calls src/main.ts::function::main::3 -> src/api.ts::method::api.put::7 0.99',
    'calls src/main.ts::function::main::3 -> src/api.ts::method::createQueue.schedule::22 0.99',
    // A local object literal's member, called through it: its own, never another `schedule` by name.
    'calls src/main.ts::function::notAMember::9 -> src/main.ts::method::notAMember.local.schedule::10 1',
    'imports src/api.ts -> src/http.ts 1',
    'imports src/main.ts -> src/api.ts 1',
  ]);
});

test('Python declared types: self.x = X() in __init__, self.x = a parameter declared or constructed by default, parameter annotations, x = X() through a module attribute, a module-level instance imported through a package re-export; an undeclared receiver is not guessed', async () => {
  assert.deepEqual(await edgesOf('py-declared'), [
    'calls inventory/defaults.py -> inventory/models.py::class::Ledger::6 0.99',
    // `self.ledger = ledger` with `ledger: Ledger`, `self.item = item` with `item=Item()`; `self.note` (None) none.
    'calls inventory/register.py::method::Register.__init__::7 -> inventory/models.py::class::Item::1 0.99',
    'calls inventory/register.py::method::Register.close::12 -> inventory/models.py::method::Item.price::2 0.97',
    'calls inventory/register.py::method::Register.close::12 -> inventory/models.py::method::Ledger.record::7 0.97',
    // shared_ledger = Ledger() in defaults.py, re-exported by the package __init__ and imported from it.
    'calls inventory/service.py::function::record_shared::20 -> inventory/models.py::method::Ledger.record::7 0.97',
    'calls inventory/service.py::method::Checkout.__init__::7 -> inventory/models.py::class::Ledger::6 0.99',
    // `inventory.models.Item()`: `import inventory.models` binds inventory, a package re-exporting Item.
    'calls inventory/service.py::method::Checkout.total::10 -> inventory/models.py::class::Item::1 0.99',
    // item: Item and spare = inventory.models.Item() both reach Item.price.
    'calls inventory/service.py::method::Checkout.total::10 -> inventory/models.py::method::Item.price::2 0.97',
    'calls inventory/service.py::method::Checkout.total::10 -> inventory/models.py::method::Ledger.record::7 0.97',
    'imports inventory/__init__.py -> inventory/defaults.py 1',
    'imports inventory/__init__.py -> inventory/models.py 1',
    'imports inventory/defaults.py -> inventory/models.py 1',
    'imports inventory/register.py -> inventory/models.py 1',
    'imports inventory/service.py -> inventory/__init__.py 1',
    'imports inventory/service.py -> inventory/models.py 1',
  ]);
});

test('TypeScript workspace packages: @org/pkg to the sibling package source behind its dist exports, a subpath export, #internal imports, export * as ns, .js specifiers for .ts', async () => {
  assert.deepEqual(await edgesOf('ts-workspace'), [
    'calls packages/app/src/main.ts::function::main::4 -> packages/core/src/index.ts::function::start::3 0.99',
    'calls packages/app/src/main.ts::function::main::4 -> packages/core/src/text.ts::function::upper::1 0.99',
    'calls packages/core/src/index.ts::function::start::3 -> packages/core/src/internal/math.ts::function::clamp::1 0.99',
    'imports packages/app/src/main.ts -> packages/core/src/format.ts 1',
    'imports packages/app/src/main.ts -> packages/core/src/index.ts 1',
    'imports packages/core/src/format.ts -> packages/core/src/text.ts 1',
    'imports packages/core/src/index.ts -> packages/core/src/internal/math.ts 1',
  ]);
});

test('TypeScript callable members: function-typed properties of an interface and of a type, class fields holding or declared as functions, called through a typed receiver, this, and a subclass', async () => {
  assert.deepEqual(await edgesOf('ts-callables'), [
    // `this.x()` on fields holding an arrow, an async arrow, a function expression, and on one declared `() => number`.
    'calls src/emitter.ts::method::Emitter.emit::21 -> src/emitter.ts::method::Emitter.handler::16 1',
    'calls src/emitter.ts::method::Emitter.emit::21 -> src/emitter.ts::method::Emitter.now::17 1',
    'calls src/emitter.ts::method::Emitter.emit::21 -> src/emitter.ts::method::Emitter.run::18 1',
    'calls src/emitter.ts::method::Emitter.emit::21 -> src/emitter.ts::method::Emitter.typed::19 1',
    // `new Emitter().now()`: the receiver is an expression, not a declared name, as for any method: only the constructor.
    'calls src/watch.ts::function::watch::9 -> src/emitter.ts::class::Emitter::15 0.99',
    'calls src/watch.ts::function::watch::9 -> src/emitter.ts::method::Emitter.handler::16 0.99',
    'calls src/watch.ts::function::watch::9 -> src/emitter.ts::method::Emitter.now::17 0.99',
    'calls src/watch.ts::function::watch::9 -> src/emitter.ts::method::Options.notify::10 0.99',
    // `onError: ((error: Error) => void) | null`, called as `store.onError?.(...)`.
    'calls src/watch.ts::function::watch::9 -> src/emitter.ts::method::Store.onError::5 0.99',
    'calls src/watch.ts::function::watch::9 -> src/emitter.ts::method::Store.subscribe::4 0.99',
    // The subclass's `this.handler()` reaches the field its base class holds.
    'calls src/watch.ts::method::Timer.tick::4 -> src/emitter.ts::method::Emitter.handler::16 0.99',
    'imports src/watch.ts -> src/emitter.ts 1',
    'inherits src/watch.ts::class::Timer::3 -> src/emitter.ts::class::Emitter::15 0.99',
  ]);
});

test('TypeScript locals and type literals: a local called in its scope is a function, a callable member of an object type in place (in a union or intersection too), of a local object, typed by a function type of the file or by a union admitting one a method; a type-only import shadows no local, an escaped backtick in a template type no loss', async () => {
  const index = new LocalIndex(GRAPH_FIXTURES + 'ts-locals');
  const result = await index.run({});
  assert.ok(result.ok, result.ok ? '' : result.cause);
  // The template type with `\`` escapes parses whole once masked, so afterHint after it is a node.
  assert.deepEqual(
    index.extractions().map((e) => e.unparsed),
    [undefined, undefined, undefined, undefined, undefined],
  );
  const nodes = [...index.graph!.nodes.values()].filter((n) => n.type !== 'file').map((n) => n.id);
  assert.deepEqual(nodes.sort(), [
    // `encode: Serialize`, `tick?: Clock`, both imported from lib.ts, which declares them function types.
    'src/codec.ts::function::run::10',
    'src/codec.ts::interface::Codec::4',
    'src/codec.ts::method::Codec.encode::5',
    'src/codec.ts::method::Codec.tick::6',
    'src/lib.ts::class::Pool::41',
    'src/lib.ts::function::afterHint::15',
    'src/lib.ts::function::format::7',
    'src/lib.ts::function::make::3',
    'src/lib.ts::interface::Clock::25',
    'src/lib.ts::interface::Provider::29',
    'src/lib.ts::interface::Server::37',
    // `private clock: Clock`, `now: Clock`, `serialize?: Serialize`: typed by a function type this file declares.
    'src/lib.ts::method::Pool.clock::42',
    'src/lib.ts::method::Pool.tick::43',
    'src/lib.ts::method::Provider.now::31',
    'src/lib.ts::method::Provider.serialize::30',
    // `serve: { (port: number): void; ... }`: call signatures only.
    'src/lib.ts::method::Server.serve::38',
    // `type Writer = Pick<Provider, 'label'> & { flush?: () => void; write: ... }`.
    'src/lib.ts::method::Writer.flush::35',
    'src/lib.ts::method::Writer.write::35',
    'src/lib.ts::type::Hint::12',
    'src/lib.ts::type::Serialize::23',
    'src/lib.ts::type::Tagged::19',
    'src/lib.ts::type::Writer::35',
    'src/resources.ts::class::Version::62',
    'src/resources.ts::function::createDeferred::19',
    // `verbose ? (...args) => ... : () => {}`: a function whichever branch is taken.
    'src/resources.ts::function::debug::59',
    // `let teardown: Teardown | null = null`, called by name once narrowed.
    'src/resources.ts::function::fetchJson::74',
    'src/resources.ts::function::load.teardown::32',
    'src/resources.ts::function::load::31',
    'src/resources.ts::function::makeResource::3',
    'src/resources.ts::function::newer::67',
    'src/resources.ts::function::respond::53',
    'src/resources.ts::function::signIn::77',
    'src/resources.ts::function::timerResource::7',
    'src/resources.ts::function::useTimer::38',
    'src/resources.ts::interface::Options::47',
    'src/resources.ts::interface::ProviderOptions::71',
    // `{ map(profile: P): string }['map']`: an object type no name holds, its method the alias's.
    'src/resources.ts::method::Mapper.map::70',
    // `create: TFunction`, `TFunction extends (...args) => unknown`.
    'src/resources.ts::method::Options.create::48',
    // `mapProfile?: Mapper<string>`, Mapper the method `['map']` picks from an object type.
    'src/resources.ts::method::ProviderOptions.mapProfile::72',
    'src/resources.ts::method::Teardown.close::29',
    'src/resources.ts::method::Version.compare::63',
    // Members of `Partial<{ ... }>` a type alias names: typed by a bounded type parameter, by Lazy.
    'src/resources.ts::method::WithContext.createContext::45',
    'src/resources.ts::method::WithRun.run::46',
    // `resolve: resolve!`, a local typed as a function; `size: promise` is not one.
    'src/resources.ts::method::createDeferred.resolve::24',
    // `ref: Lazy<string>`, Lazy a function type inside an intersection.
    'src/resources.ts::method::load.opts.ref::31',
    // The return type's `T & { dispose: () => void }`: what `resource.dispose()` reaches.
    'src/resources.ts::method::makeResource.dispose::3',
    // `meta?: Options<F>['create']`, a callable member picked by its key; `Options<F>['label']` is none.
    'src/resources.ts::method::respond.init.meta::53',
    // The function members of an object literal handed to a call.
    'src/resources.ts::method::timerResource.start::10',
    'src/resources.ts::method::timerResource.stop::13',
    'src/resources.ts::type::Lazy::27',
    'src/resources.ts::type::Mapper::70',
    'src/resources.ts::type::Teardown::29',
    'src/resources.ts::type::WithContext::45',
    'src/resources.ts::type::WithRun::46',
    // A member whose union admits a function (`number | ((n) => number)`), an object type inside
    // a union or an intersection, and a local named as a type-only import and constructed.
    'src/shapes.ts::class::Box::27',
    'src/shapes.ts::function::build.Pool::17',
    'src/shapes.ts::function::build::16',
    'src/shapes.ts::function::lazy::41',
    'src/shapes.ts::function::render::12',
    'src/shapes.ts::interface::Lambda::22',
    'src/shapes.ts::interface::Retry::4',
    // `dehancer: any` called as `this.dehancer(v)`; `stop: Lambda | undefined`, a function with properties. `count` is neither.
    'src/shapes.ts::method::Box.dehancer::28',
    'src/shapes.ts::method::Box.read::31',
    'src/shapes.ts::method::Box.stop::30',
    'src/shapes.ts::method::Retry.delay::5',
    'src/shapes.ts::method::Retry.transform.input::7',
    'src/shapes.ts::method::Verifier.verify::10',
    // `config: Simplify<{ onError?: ... }>` and `opts: { ref: Serialize }`, Serialize imported from lib.ts.
    'src/shapes.ts::method::lazy.config.onError::41',
    'src/shapes.ts::method::lazy.opts.ref::41',
    'src/shapes.ts::method::render.props.children::12',
    'src/shapes.ts::type::Simplify::39',
    'src/shapes.ts::type::Verifier::10',
    // A module-level const bound by a condition, called in the file; `pick` is never called.
    'src/use.ts::function::chosen::18',
    'src/use.ts::function::later::14',
    // `{ onEmpty, onSome, size }: { onEmpty: Lazy; ... }`: the members the body calls, whatever their type.
    'src/use.ts::function::match.onEmpty::28',
    'src/use.ts::function::match.onSome::28',
    'src/use.ts::function::match::28',
    'src/use.ts::function::open::40',
    // A loop's element and a local declared with no value, each called.
    'src/use.ts::function::runAll.hook::48',
    'src/use.ts::function::runAll.last::47',
    'src/use.ts::function::runAll::46',
    'src/use.ts::function::top::21',
    'src/use.ts::function::useIt.double::4',
    'src/use.ts::function::useIt::3',
    'src/use.ts::interface::Await::38',
    'src/use.ts::interface::Op::32',
    // `extends Op<'await', { f(n: number): number; label: string }>`.
    'src/use.ts::method::Await.f::38',
    // A local object's function members, named through it.
    'src/use.ts::method::open.handlers.close::41',
    'src/use.ts::method::open.handlers.error::41',
    // `options: { onDone: (n) => void; label: string }`: the callable member only; an array element's too.
    'src/use.ts::method::useIt.options.onDone::3',
    'src/use.ts::method::useIt.pending.resolve::3',
    'src/use.ts::type::Lazy::25',
  ]);
  assert.deepEqual(await edgesOf('ts-locals'), [
    'calls src/codec.ts::function::run::10 -> src/codec.ts::method::Codec.encode::5 1',
    'calls src/codec.ts::function::run::10 -> src/codec.ts::method::Codec.tick::6 1',
    'calls src/lib.ts::function::afterHint::15 -> src/lib.ts::function::format::7 1',
    'calls src/lib.ts::method::Pool.tick::43 -> src/lib.ts::method::Pool.clock::42 1',
    'calls src/resources.ts::function::load::31 -> src/resources.ts::function::load.teardown::32 1',
    'calls src/resources.ts::function::load::31 -> src/resources.ts::method::load.opts.ref::31 1',
    // `new Version().compare(b)`: the class constructed in place.
    'calls src/resources.ts::function::newer::67 -> src/resources.ts::class::Version::62 1',
    'calls src/resources.ts::function::newer::67 -> src/resources.ts::method::Version.compare::63 1',
    'calls src/resources.ts::function::respond::53 -> src/resources.ts::method::respond.init.meta::53 1',
    // `await fetchJson<T>(u)`: the grammar makes the await the callee; the call is fetchJson's.
    'calls src/resources.ts::function::signIn::77 -> src/resources.ts::function::fetchJson::74 1',
    'calls src/resources.ts::function::signIn::77 -> src/resources.ts::method::ProviderOptions.mapProfile::72 1',
    'calls src/resources.ts::function::timerResource::7 -> src/resources.ts::function::makeResource::3 1',
    'calls src/resources.ts::function::useTimer::38 -> src/resources.ts::function::createDeferred::19 1',
    'calls src/resources.ts::function::useTimer::38 -> src/resources.ts::function::timerResource::7 1',
    // `createDeferred<number>().resolve(1)`: the member of the literal the factory returns, type arguments aside.
    'calls src/resources.ts::function::useTimer::38 -> src/resources.ts::method::createDeferred.resolve::24 1',
    // `timerResource` returns `makeResource({ start() {...} }, ...)`: the literal's members are what it returns.
    'calls src/resources.ts::function::useTimer::38 -> src/resources.ts::method::timerResource.start::10 1',
    // `import type { Pool }` brings no value: `new Pool()` reaches the local.
    'calls src/shapes.ts::function::build::16 -> src/shapes.ts::function::build.Pool::17 1',
    // `config: Simplify<{ onError?: ... }>`: typed by the alias, whose members are the ones written in place.
    'calls src/shapes.ts::function::lazy::41 -> src/shapes.ts::method::lazy.config.onError::41 1',
    'calls src/shapes.ts::function::lazy::41 -> src/shapes.ts::method::lazy.opts.ref::41 1',
    'calls src/shapes.ts::function::render::12 -> src/shapes.ts::method::render.props.children::12 1',
    'calls src/shapes.ts::method::Box.read::31 -> src/shapes.ts::method::Box.dehancer::28 1',
    'calls src/shapes.ts::method::Box.read::31 -> src/shapes.ts::method::Box.stop::30 1',
    // A local named as an import is no node: `format()` still reaches the import.
    'calls src/use.ts::function::later::14 -> src/lib.ts::function::format::7 0.99',
    'calls src/use.ts::function::match::28 -> src/use.ts::function::match.onEmpty::28 1',
    'calls src/use.ts::function::match::28 -> src/use.ts::function::match.onSome::28 1',
    'calls src/use.ts::function::open::40 -> src/use.ts::method::open.handlers.close::41 1',
    'calls src/use.ts::function::runAll::46 -> src/use.ts::function::runAll.hook::48 1',
    'calls src/use.ts::function::runAll::46 -> src/use.ts::function::runAll.last::47 1',
    'calls src/use.ts::function::top::21 -> src/use.ts::function::chosen::18 1',
    // The call in the binding's value belongs to the binding, as at module level.
    'calls src/use.ts::function::useIt.double::4 -> src/lib.ts::function::make::3 0.99',
    'calls src/use.ts::function::useIt::3 -> src/lib.ts::function::make::3 0.99',
    'calls src/use.ts::function::useIt::3 -> src/use.ts::function::useIt.double::4 1',
    'calls src/use.ts::function::useIt::3 -> src/use.ts::method::useIt.options.onDone::3 1',
    'imports src/codec.ts -> src/lib.ts 1',
    'imports src/shapes.ts -> src/lib.ts 1',
    'imports src/use.ts -> src/lib.ts 1',
    // `type Tagged = Hint<...>`: an alias naming one type has its members, as an interface extending it would.
    'inherits src/lib.ts::type::Tagged::19 -> src/lib.ts::type::Hint::12 1',
    // `type Writer = Pick<Provider, 'label'> & {...}`: the members Pick keeps are Provider's.
    'inherits src/lib.ts::type::Writer::35 -> src/lib.ts::interface::Provider::29 1',
    'inherits src/use.ts::interface::Await::38 -> src/use.ts::interface::Op::32 1',
  ]);
});
