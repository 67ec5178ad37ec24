// The graph on a fixture of definitions that hold a function by naming another value, each of
// which the TypeScript checker resolves calls to:
// - a member of the object type an interface's `extends` hands a type argument, typed by an
//   imported callable interface; a member typed `typeof f`; a class's static field naming a function;
// - an exported const choosing between two paths; JavaScript members assigned a choice between
//   two functions (constructor, prototype, `exports.x`);
// - a member of the literal an arrow handed to a call returns, cast to a function type;
// - a named function expression calling itself; a local an effect generator's `yield*` binds, then called.
// And the calls that reach them, with three ways a receiver is typed: a decorated constructor
// parameter that is a property too; a function returned under a declared function type, whose
// parameters are that type's; a type parameter's constraint, which types what the parameter names;
// a `using` declaration of what a factory returns, when it returns a call handed its literal; a
// function written as a value of a `Record<string, Handler>` literal, its destructured parameters too;
// a name narrowed by a user-defined type guard (`if (isContext(x))`), declared or cast to its type;
// a static of what a CommonJS module exports as a whole (`require('./duplex').from`); a value
// sharing its name with an interface, as a type and as a receiver, also through a namespace import;
// a callback written as a branch of a choice that is an argument.
// Each near miss (a member typed by a name that is no function type, a static field holding a
// number, a choice between numbers, a function expression never calling its name) stays out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexedFixture } from '../helpers/graph-fixture.ts';

test('definitions that name a function held elsewhere are graph nodes, and their near misses are not', async () => {
  const graph = (await indexedFixture('ts-member-aliases')).graph!;
  const nodes = [...graph.nodes.values()].filter((n) => n.type !== 'file').map((n) => n.id);
  assert.deepEqual(
    nodes.sort(),
    [
      'src/context.ts::class::Context::1',
      'src/context.ts::method::Context.find::2',
      'src/server.ts::class::Server::5',
      'src/server.ts::method::Server.constructor::6',
      'src/server.ts::method::Server.start::8',
      'src/op.ts::class::Enum::29',
      // `static create = createEnum` and `static readonly fallback = Enum.create`; `static limit = 3` is not.
      'src/op.ts::method::Enum.create::30',
      'src/op.ts::method::Enum.fallback::32',
      'src/op.ts::function::createEnum::25',
      'src/op.ts::function::schedule::17',
      'src/op.ts::interface::Fallback::8',
      // `condition: Predicate<string>` in `extends Op<..., {...}>`: Predicate has a call signature; Shape has none.
      'src/op.ts::method::Fallback.condition::10',
      'src/op.ts::interface::FrameProvider::19',
      // `requestFrame: typeof requestFrame`, `schedule?: typeof schedule`; `delegate: number` is not.
      'src/op.ts::method::FrameProvider.requestFrame::20',
      'src/op.ts::method::FrameProvider.schedule::21',
      'src/op.ts::interface::Op::3',
      'src/predicate.ts::interface::Predicate::1',
      'src/predicate.ts::interface::Shape::4',
      // `export const internalCall = c ? standard.call : forced.call`; `threshold` chooses numbers.
      'src/runtime.ts::function::internalCall::5',
      // Not exported, yet called in the file: a local called by name.
      'src/runtime.ts::function::privateCall::7',
      // `declare const standard: { call: (f) => void }`: the paths the choice is between.
      'src/runtime.ts::method::standard.call::2',
      'src/runtime.ts::method::forced.call::3',
      'src/runtime.ts::function::drain::17',
      // `function loop(restore) { ... loop(restore + 1) }`: `unused` never calls its name.
      'src/runtime.ts::function::drain.loop::19',
      'src/runtime.ts::function::middleware::12',
      // `interruptChildren: undefined as ((fiber) => void) | undefined`; `limit: 1` is not.
      'src/runtime.ts::method::middleware.interruptChildren::13',
      'src/template.ts::class::Chain::21',
      'src/template.ts::function::asArrow::11',
      'src/template.ts::function::asTemplate::5',
      'src/template.ts::function::each::29',
      'src/template.ts::function::plain::33',
      'src/template.ts::function::untyped::15',
      'src/template.ts::method::Chain.constructor::22',
      'src/template.ts::method::Chain.run::24',
      'src/template.ts::type::Template::3',
      // `const write = yield* Socket.writer`, called after; `unused` is never called.
      'src/effects.ts::function::program::4',
      'src/effects.ts::function::program.write::5',
      // JavaScript members assigned a choice between functions: `this._write = c ? fastWrite : slowWrite`
      // in a constructor function, `Stream.prototype.end = ...`, `exports.pick = ...`; not `count`'s numbers.
      'src/stream.js::function::Stream::1',
      'src/stream.js::function::fastWrite::6',
      'src/stream.js::function::slowWrite::8',
      'src/stream.js::function::pick::12',
      'src/stream.js::method::Stream._write::2',
      'src/stream.js::method::Stream.end::10',
      'src/compose.js::function::compose::3',
      'src/runner.ts::class::Runner::3',
      'src/runner.ts::function::alternativeRunner::18',
      'src/runner.ts::function::consequenceRunner::9',
      'src/runner.ts::method::Runner.constructor::4',
      'src/constructor.ts::function::$constructor::6',
      'src/constructor.ts::interface::$constructor::1',
      'src/constructor.ts::method::$constructor.init::3',
      'src/schema-type.ts::function::$ZodType::7',
      'src/schema-type.ts::interface::$ZodType::3',
      'src/schema-use.ts::function::initNamed::4',
      'src/schema-use.ts::function::initThroughNamespace::8',
      'src/duplex.js::function::Duplex::1',
      'src/duplex.js::method::Duplex.from::7',
      'src/guards.ts::function::isContext::5',
      'src/guards.ts::function::isContextLike::9',
      'src/narrowed.ts::function::negated::15',
      'src/narrowed.ts::function::viaCast::10',
      'src/narrowed.ts::function::viaDeclaration::3',
      'src/narrowed.ts::method::negated.thing.find::15',
      'src/handler-types.ts::interface::Scope::3',
      'src/handler-types.ts::type::Handler::8',
      'src/handlers.ts::function::destructuredHandlers::7',
      'src/handlers.ts::function::plainHandlers::3',
      'src/handlers.ts::function::renamedHandlers::11',
      'src/handlers.ts::function::untyped::23',
      // A factory's literal with its own types written: its member, and the object type's method.
      'src/handlers.ts::method::untyped.loose::25',
      'src/handlers.ts::method::untyped.loose.ctx.find::25',
      'src/ping.ts::function::withPing::3',
      'src/resource.ts::function::makeResource::1',
      'src/resource.ts::function::timerResource::5',
      // The return type's `dispose: () => void`, and the member of the literal `makeResource` is handed.
      'src/resource.ts::method::makeResource.dispose::1',
      'src/resource.ts::method::timerResource.start::9',
      'src/use.ts::function::use::5',
    ].sort(),
  );
  const calls = graph.edges.filter((e) => e.type === 'calls').map((e) => `${e.from} -> ${e.to}`);
  for (const edge of [
    'src/use.ts::function::use::5 -> src/op.ts::method::Fallback.condition::10',
    'src/use.ts::function::use::5 -> src/op.ts::method::FrameProvider.requestFrame::20',
    'src/use.ts::function::use::5 -> src/op.ts::method::FrameProvider.schedule::21',
    'src/use.ts::function::use::5 -> src/op.ts::method::Enum.create::30',
    'src/use.ts::function::use::5 -> src/runtime.ts::function::internalCall::5',
    'src/runtime.ts::function::drain.loop::19 -> src/runtime.ts::function::drain.loop::19',
    // `constructor(@inject("ctx") private readonly ctx: Context)`: a decorated parameter property types `this.ctx`.
    'src/server.ts::method::Server.start::8 -> src/context.ts::method::Context.find::2',
    // A function returned where the enclosing one declares `Template`: its `ctx` is Template's parameter.
    'src/template.ts::function::asTemplate::5 -> src/context.ts::method::Context.find::2',
    'src/template.ts::function::asArrow::11 -> src/context.ts::method::Context.find::2',
    // `C extends Context`: `this.context: C` and the elements of `all: C[]` are Contexts where called.
    'src/template.ts::method::Chain.run::24 -> src/context.ts::method::Context.find::2',
    'src/template.ts::function::each::29 -> src/context.ts::method::Context.find::2',
    // `using ping = timerResource(ms)`, a factory returning `makeResource({ start() {...} }, ...)`.
    'src/ping.ts::function::withPing::3 -> src/resource.ts::method::timerResource.start::9',
    // The values of a literal typed `Record<string, Handler>` (returned under it, or declared with
    // it) take Handler's parameters, destructured ones too (`{ ctx }`, `{ ctx: context }`).
    'src/handlers.ts::function::plainHandlers::3 -> src/context.ts::method::Context.find::2',
    'src/handlers.ts::function::destructuredHandlers::7 -> src/context.ts::method::Context.find::2',
    'src/handlers.ts::function::renamedHandlers::11 -> src/context.ts::method::Context.find::2',
    'src/handlers.ts -> src/context.ts::method::Context.find::2',
    // `if (isContext(thing))`, with `thing is Context` declared by the guard or by a cast to its type.
    'src/narrowed.ts::function::viaDeclaration::3 -> src/context.ts::method::Context.find::2',
    'src/narrowed.ts::function::viaCast::10 -> src/context.ts::method::Context.find::2',
    // `const Duplex = require('./duplex'); Duplex.from(x)`: a static of what the module exports as a whole.
    'src/compose.js::function::compose::3 -> src/duplex.js::method::Duplex.from::7',
    // `export const $ZodType: core.$constructor<T> = ...` beside `export interface $ZodType`, and
    // the same names for `$constructor`: a type names the interface, a value the const; reached
    // by its own name and through a namespace import.
    'src/schema-use.ts::function::initNamed::4 -> src/constructor.ts::method::$constructor.init::3',
    'src/schema-use.ts::function::initThroughNamespace::8 -> src/constructor.ts::method::$constructor.init::3',
    // A callback in either branch of a choice handed to `new Runner(...)`, a comment before it too.
    'src/runner.ts::function::consequenceRunner::9 -> src/context.ts::method::Context.find::2',
    'src/runner.ts::function::alternativeRunner::18 -> src/context.ts::method::Context.find::2',
  ]) {
    assert.ok(calls.includes(edge), `${edge} in ${calls.join('\n')}`);
  }
  // `Duplex.absent()` names nothing the module or its export holds.
  assert.deepEqual(
    calls.filter((e) => e.startsWith('src/compose.js')),
    ['src/compose.js::function::compose::3 -> src/duplex.js::method::Duplex.from::7'],
  );
  // `if (!isContext(thing))` narrows nothing.
  assert.ok(!calls.includes('src/narrowed.ts::function::negated::15 -> src/context.ts::method::Context.find::2'), calls.join('\n'));
  // `{ ctx }: { ctx: { find(...) } }` is typed where it is written, not by Handler: its `find` is that literal's member.
  assert.deepEqual(
    calls.filter((e) => e.startsWith('src/handlers.ts::function::untyped') || e.startsWith('src/handlers.ts::method::untyped')),
    ['src/handlers.ts::method::untyped.loose::25 -> src/handlers.ts::method::untyped.loose.ctx.find::25'],
  );
});
