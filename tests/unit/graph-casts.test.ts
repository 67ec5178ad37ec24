// Declared types a value carries where it is written, on fixture tests/fixtures/graph/ts-casts/:
// a cast (`as T`, `satisfies T`), the casts of a ternary's branches where they agree, the
// mapped types that keep a type's members (`Partial<T>`), the variable an assignment
// expression writes, a non-null operand, an annotated destructured parameter, an awaited declared promise and a
// namespace inside a type's path. The exact call edges, and the near misses that get none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('the types values carry where they are written (casts, wrappers, assignments, destructured and awaited values, namespaces, function-typed consts, fields, array literals) type the calls on them; differing casts, mixed arrays and `as const` do not', async () => {
  assert.deepEqual(await callEdgesOf('ts-casts'), [
    // `self: S.Schema<A>` is the file's interface Schema, not the one namespace Annotations nests below it.
    'src/annotate.ts::function::annotate::3 -> src/annotations.ts::method::Schema.annotations::2',
    'src/block.ts::function::openBuilder::16 -> src/block.ts::class::Builder::7',
    // `make` is Options' `create: BuilderCreator`, a function type alias declared to return Builder.
    'src/creator.ts::function::configure::10 -> src/block.ts::method::Builder.declareType::8',
    // `make(1)` itself calls the member `make` holds: Options' function-typed `create`.
    'src/creator.ts::function::configure::10 -> src/creator.ts::method::Options.create::6',
    // A callback's parameter typed by a type parameter another argument binds: an element of the
    // getter `builders` (`resolveList(list: readonly T[], ...)`), `one` itself (`withValue(value: T, ...)`),
    // or the class the argument constructs (`withValue(new Builder(), ...)`).
    'src/generic.ts::method::Registry.built::39 -> src/block.ts::class::Builder::7',
    'src/generic.ts::method::Registry.built::39 -> src/block.ts::method::Builder.declareType::8',
    'src/generic.ts::method::Registry.built::39 -> src/generic.ts::function::withValue::7',
    'src/generic.ts::method::Registry.eachOf::24 -> src/block.ts::method::Builder.declareType::8',
    'src/generic.ts::method::Registry.eachOf::24 -> src/generic.ts::function::resolveList::3',
    // `produced(fn: (made: T) => void)`: no argument binds T, so `made.declareType()` has no edge.
    'src/generic.ts::method::Registry.none::34 -> src/generic.ts::function::produced::11',
    'src/generic.ts::method::Registry.one::29 -> src/block.ts::method::Builder.declareType::8',
    'src/generic.ts::method::Registry.one::29 -> src/generic.ts::function::withValue::7',
    // `if (value instanceof Builder)`, `if (other && other instanceof Builder)`; `||` narrows nothing.
    'src/narrow.js::function::alone::4 -> src/block.ts::method::Builder.declareType::8',
    'src/narrow.js::function::operand::8 -> src/block.ts::method::Builder.declareType::8',
    // `observer!.next()`, and `+due - clock!.now()`, which the grammar reads as `(+due - clock)!.now()`.
    'src/non-null.ts::function::both::12 -> src/types.ts::method::Observer.next::2',
    // `const found = registry.get(key)!`: the map's value, through the `!` after the call.
    'src/non-null.ts::function::fromMap::18 -> src/types.ts::method::Observer.error::3',
    'src/non-null.ts::function::remaining::7 -> src/non-null.ts::method::Clock.now::4',
    // `const builder = await openBuilder()`, declared `Promise<Builder | undefined>`.
    'src/params.ts::function::awaited::16 -> src/block.ts::function::openBuilder::16',
    'src/params.ts::function::awaited::16 -> src/block.ts::method::Builder.declareType::8',
    'src/params.ts::function::chained::22 -> src/block.ts::function::openBuilder::16',
    // `({ b, source: text }: Context)`: b is Context's `b: Builder`.
    'src/params.ts::function::handler::10 -> src/block.ts::method::Builder.declareType::8',
    // `Block.Block.Reducer<Z>`: the namespace Block inside block.ts, imported as Block.
    'src/params.ts::function::reduce::5 -> src/block.ts::method::Reducer.emptyCase::3',
    // `withBuilder: <A>(body: (builder: Builder, depth: number) => A) => A`: the callback's `builder`.
    // Field initializers run at class level: their calls are the file's.
    'src/runtime.ts -> src/block.ts::class::Builder::7',
    // `readonly declared = this.source.declareType()`, `readonly own = this.label()`: `this` is the instance.
    'src/runtime.ts -> src/block.ts::method::Builder.declareType::8',
    'src/runtime.ts -> src/runtime.ts::function::makeBuilder::24',
    'src/runtime.ts -> src/runtime.ts::function::withBuilderImpl::3',
    'src/runtime.ts -> src/runtime.ts::method::Eager.label::44',
    'src/runtime.ts::function::makeBuilder::24 -> src/block.ts::class::Builder::7',
    'src/runtime.ts::function::run::8 -> src/block.ts::method::Builder.declareType::8',
    'src/runtime.ts::function::run::8 -> src/runtime.ts::function::withBuilder::6',
    'src/runtime.ts::function::withBuilderImpl::3 -> src/block.ts::class::Builder::7',
    // `readonly builder = makeBuilder()` (declared `: Builder`) and `readonly cast = ... as Builder`.
    'src/runtime.ts::method::Holder.useCalled::15 -> src/block.ts::method::Builder.declareType::8',
    'src/runtime.ts::method::Holder.useCast::19 -> src/block.ts::method::Builder.declareType::8',
    // `const { source } = this`: the class's field `source: Builder`.
    'src/runtime.ts::method::Reader.read::31 -> src/block.ts::method::Builder.declareType::8',
    // `(next ? ({ next } as Partial<TapObserver<number>>) : plain).finalize()`.
    'src/use.ts::function::branches::18 -> src/types.ts::method::TapObserver.finalize::7',
    // `value as Observer<number>`, `value as unknown as SubjectLike<number>` (the outer cast).
    'src/use.ts::function::cast::4 -> src/types.ts::method::Observer.next::2',
    'src/use.ts::function::cast::4 -> src/types.ts::method::SubjectLike.subscribe::11',
    // `[new Builder(), new Builder()]`: an array of Builder; `[new Builder(), new Date()]` none.
    'src/use.ts::function::elements::48 -> src/block.ts::class::Builder::7',
    'src/use.ts::function::elements::48 -> src/block.ts::method::Builder.declareType::8',
    // `const dest = (subject = subject ?? connector())`: `subject`'s declared SubjectLike, next from its base.
    'src/use.ts::function::held::27 -> src/types.ts::method::Observer.next::2',
    // `(value as TapObserver<number>).finalize()`: the type cast to in place.
    'src/use.ts::function::inPlace::42 -> src/types.ts::method::TapObserver.finalize::7',
    // `Partial<TapObserver<number>>`, `Readonly<Required<Observer<number>>>`: the members kept.
    'src/use.ts::function::wrapped::11 -> src/types.ts::method::Observer.error::3',
    'src/use.ts::function::wrapped::11 -> src/types.ts::method::TapObserver.finalize::7',
    // `Plan.Plan.Visitor`: the namespace merged with the type Plan.
    'src/walk.ts::function::walk::3 -> src/plan.ts::method::Visitor.visit::6',
  ]);
});
