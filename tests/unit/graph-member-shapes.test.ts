// The graph on a fixture of callable members and locals written in the shapes the TypeScript
// checker resolves calls to, each of which the graph must hold as a node: a member typed through a
// namespace import or by a conditional type whose branches are functions, a constructor type, an
// object type in a cast or with no name to hold it, a union admitting a function type by name, an
// object literal no declaration names, a local assigned `undefined` first or called
// anywhere in its block (its own initializer's callback, a function written above it; a `var` in
// its whole function), a JavaScript class's member declared by `this.x = v`, and `this` typed
// by a `this: T` parameter outside a class; a function written where a named function type is
// expected takes its parameters' types from it; a type alias of an intersection has the members
// of each named type in it.
// Each near miss (a conditional type with a non-function branch, a member never called) stays out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexedFixture } from '../helpers/graph-fixture.ts';

test('callable members and locals in the shapes the checker reaches are graph nodes, and their near misses are not', async () => {
  const graph = (await indexedFixture('ts-member-shapes')).graph!;
  const nodes = [...graph.nodes.values()].filter((n) => n.type !== 'file').map((n) => n.id);
  assert.deepEqual(nodes.sort(), [
    'src/config.ts::function::configure::15',
    'src/config.ts::function::cycle::24',
    // A module-level const whose value is a cast: as any module-level alias is.
    'src/config.ts::function::hook::22',
    // `const stop = subscribe(onEnd)`, called by `onEnd`, written above it in the same block.
    'src/config.ts::function::later.onEnd::41',
    'src/config.ts::function::later.stop::42',
    'src/config.ts::function::later::40',
    // `finish!()` and `(made)()` call the locals inside; `made` holds a `new` value.
    'src/config.ts::function::resolveWith::60',
    'src/config.ts::function::settle.finish::46',
    'src/config.ts::function::settle.made::48',
    'src/config.ts::function::settle::45',
    // `const cleanup = register(() => { cleanup(); })`: called in its own initializer's callback.
    'src/config.ts::function::watch.cleanup::34',
    // `let onFailure: ... | undefined = undefined`, then assigned (line 30) and called; `unused` is never called.
    'src/config.ts::function::watch.onFailure::31',
    'src/config.ts::function::watch.onFailure::33',
    'src/config.ts::function::watch::30',
    'src/config.ts::interface::Config::4',
    'src/config.ts::interface::ResolutionOptions::56',
    'src/config.ts::interface::Session::52',
    // `new (def: unknown) => errors.Shape`: `new config.constr(1)` constructs through it.
    // `children?: errors.Shape | RenderFn | string`: a union admitting a function type by name; `slot`'s admits none.
    'src/config.ts::method::Config.children::10',
    'src/config.ts::method::Config.constr::9',
    // `errors.ErrorMap<string> | undefined` through `import * as errors`; `limit?: errors.Shape` is a class, no method.
    'src/config.ts::method::Config.customError::5',
    // `Persister<number>`, a conditional type with a function either way; `label?: Label<number>` is not.
    'src/config.ts::method::Config.persister::6',
    // `{ new (url: string): errors.Shape }`: an object type with a construct signature.
    'src/config.ts::method::Config.socket::12',
    // `() => Promise<{ render(...) }>`: no name holds the object type, so its method is the alias's.
    'src/config.ts::method::Renderer.render::20',
    // `new Map<string, { handler: () => void; due: number }>()`: the callable member, not `due`.
    'src/config.ts::method::Session.push::53',
    'src/config.ts::method::cycle.handler::25',
    // `... as undefined | { from: ...; size: number }`: the variable the cast initializes holds it.
    'src/config.ts::method::hook.from::22',
    // `make?: { Fn: new () => ... }`: a constructor type in a parameter's object type.
    'src/config.ts::method::settle.make.Fn::45',
    'src/config.ts::type::Renderer::20',
    'src/handle.ts::function::handle::3',
    'src/handle.ts::function::handleAddress::20',
    'src/handle.ts::function::handleDoor::12',
    'src/handle.ts::function::handleEither::8',
    // `var chosen` written in an if block is the function's, so `chosen()` after the block calls it.
    'src/legacy.js::function::pick.chosen::3',
    'src/legacy.js::function::pick::1',
    'src/legacy.js::function::scoped.inner::12',
    'src/legacy.js::function::scoped::10',
    // Literals no declaration names: both branches of a ternary, an assignment to a member, an
    // array's element; `exports.extra = {...}`: the exported object's member, not `skip` on its own.
    'src/legacy.js::function::table::18',
    'src/legacy.js::method::extra.skip::24',
    'src/legacy.js::method::table.close::19',
    'src/legacy.js::method::table.each::21',
    'src/legacy.js::method::table.flush::20',
    'src/legacy.js::method::table.open::19',
    'src/lib.ts::class::Shape::5',
    'src/lib.ts::class::Suspend::9',
    'src/lib.ts::function::once::18',
    'src/lib.ts::method::Shape.constructor::6',
    // `this.thunk = once(thunk)` assigns the parameter property `readonly thunk`: no second member.
    'src/lib.ts::method::Suspend.constructor::10',
    'src/lib.ts::method::Suspend.force::13',
    'src/lib.ts::type::ErrorMap::1',
    'src/lib.ts::type::Label::4',
    'src/lib.ts::type::Persister::2',
    'src/lib.ts::type::RenderFn::3',
    'src/mime.js::class::MimeNode::1',
    // `this._spawn = spawn` and `this.normalize = options.normalize`, each called on `this`; `this.label` is
    // never called, and `this.render = this.render.bind(this)` re-assigns the declared method.
    'src/mime.js::method::MimeNode._spawn::4',
    'src/mime.js::method::MimeNode.constructor::2',
    'src/mime.js::method::MimeNode.header::13',
    'src/mime.js::method::MimeNode.normalize::3',
    'src/mime.js::method::MimeNode.render::9',
    'src/options.ts::interface::BaseOptions::1',
    'src/options.ts::interface::Closer::13',
    'src/options.ts::interface::HttpOptions::5',
    'src/options.ts::interface::Named::23',
    'src/options.ts::interface::Opener::17',
    'src/options.ts::method::BaseOptions.onError::2',
    'src/options.ts::method::Closer.close::14',
    'src/options.ts::method::HttpOptions.responseMeta::6',
    'src/options.ts::method::Named.toString::24',
    'src/options.ts::method::Opener.open::18',
    'src/options.ts::type::Address::27',
    'src/options.ts::type::Door::21',
    'src/options.ts::type::EitherOptions::11',
    'src/options.ts::type::FetchOptions::9',
    'src/proto.ts::interface::Decimal::5',
    'src/proto.ts::interface::Inspectable::1',
    'src/proto.ts::method::DecimalProto.inspect::13',
    'src/proto.ts::method::DecimalProto.plain::16',
    'src/proto.ts::method::DecimalProto.toJSON::10',
    'src/proto.ts::method::Inspectable.toJSON::2',
    'src/visit-types.ts::type::Leave::3',
    'src/visit.ts::function::behavior::43',
    'src/visit.ts::function::loose::14',
    'src/visit.ts::function::makeParse::32',
    'src/visit.ts::function::nested::10',
    'src/visit.ts::function::parse::21',
    'src/visit.ts::function::unbounded::27',
    'src/visit.ts::function::visit::6',
    'src/visit.ts::interface::Behavior::38',
    'src/visit.ts::method::Behavior.onFetch::39',
    'src/visit.ts::method::Behavior.onStop::40',
    'src/visit.ts::method::loose.session.push::14',
    'src/visit.ts::method::untypedBehavior.onFetch::58',
    'src/visit.ts::type::Parse::19',
    'src/visit.ts::type::Unbounded::25',
    'src/visit.ts::type::Visit::4',
  ]);
  const calls = graph.edges.filter((e) => e.type === 'calls').map((e) => `${e.from} -> ${e.to}`);
  // A union (`HttpOptions | BaseOptions`, `(Opener & T) | Closer | null`) is no subtype of its
  // members: no inherits edge. A member called on it is the one a member type declares, first
  // in source order; a name none declares (`door?.lock?.()`) has no edge, nor a member of a union
  // with a part not named (`string | Named`: the call may be the string's).
  const unionCalls = calls.filter((e) => /^src\/handle\.ts::function::handle(Door|Either|Address)::/.test(e));
  assert.deepEqual(unionCalls.sort(), [
    'src/handle.ts::function::handleDoor::12 -> src/options.ts::method::Closer.close::14',
    'src/handle.ts::function::handleDoor::12 -> src/options.ts::method::Opener.open::18',
    'src/handle.ts::function::handleEither::8 -> src/options.ts::method::BaseOptions.onError::2',
  ]);
  const inherits = graph.edges.filter((e) => e.type === 'inherits' && e.from.startsWith('src/options.ts::type')).map((e) => `${e.from} -> ${e.to}`);
  assert.deepEqual(inherits, ['src/options.ts::type::FetchOptions::9 -> src/options.ts::interface::HttpOptions::5']);
  // `loose`'s `session` is typed by an object type in place: its own `push`, not Session's, though Visit's parameter of that name is.
  assert.deepEqual(
    calls.filter((e) => e.startsWith('src/visit.ts::function::loose')),
    ['src/visit.ts::function::loose::14 -> src/visit.ts::method::loose.session.push::14'],
  );
  // `plain()` and OtherProto's `toString()` declare no `this` parameter: their `this.toJSON()` stays
  // unresolved, not Decimal's by a neighbouring method's parameter.
  assert.ok(!calls.some((e) => e.startsWith('src/proto.ts::method::DecimalProto.plain') || e.startsWith('src/proto.ts ->')), calls.join('\n'));
  for (const edge of [
    'src/config.ts::function::configure::15 -> src/config.ts::method::Config.constr::9',
    'src/config.ts::function::configure::15 -> src/config.ts::method::Config.customError::5',
    'src/config.ts::function::configure::15 -> src/config.ts::method::Config.persister::6',
    'src/mime.js::method::MimeNode.render::9 -> src/mime.js::method::MimeNode._spawn::4',
    // `inspect(this: Decimal)`: `this.toJSON()` is Decimal's, through its base interface.
    'src/proto.ts::method::DecimalProto.inspect::13 -> src/proto.ts::method::Inspectable.toJSON::2',
    // `const visit: Visit = (session, depth) => ...`, and through `handlers.Leave`: each parameter
    // is what the function type declares for it, here or imported.
    'src/visit.ts::function::visit::6 -> src/config.ts::method::Session.push::53',
    'src/visit.ts::function::nested::10 -> src/config.ts::method::Session.push::53',
    // `type Parse = <S extends Session>(session: S, ...) => void`: the constraint's.
    'src/visit.ts::function::parse::21 -> src/config.ts::method::Session.push::53',
    // `const makeParse: (label: string) => Parse = (label) => (session) => ...`: the returned arrow is a Parse.
    'src/visit.ts::function::makeParse::32 -> src/config.ts::method::Session.push::53',
    // `(): Behavior => ({ onFetch: (session) => ... })` and `const d: Behavior = { onStop: (session) => ... }`:
    // the member's parameters as Behavior declares them.
    'src/visit.ts::function::behavior::43 -> src/config.ts::method::Session.push::53',
    'src/visit.ts -> src/config.ts::method::Session.push::53',
    // `type FetchOptions = HttpOptions & { req: string }`: the alias has HttpOptions' members and its base's.
    'src/handle.ts::function::handle::3 -> src/options.ts::method::BaseOptions.onError::2',
    'src/handle.ts::function::handle::3 -> src/options.ts::method::HttpOptions.responseMeta::6',
    // `const session = options.session!`: the path the assertion holds, typed where it is declared.
    'src/config.ts::function::resolveWith::60 -> src/config.ts::method::Session.push::53',
    'src/mime.js::method::MimeNode.header::13 -> src/mime.js::method::MimeNode.normalize::3',
  ]) {
    assert.ok(calls.includes(edge), `${edge} in ${calls.join('\n')}`);
  }
  // `type Unbounded = <S>(session: S) => void`: S has no constraint, so `session.push()` reaches nothing.
  assert.ok(!calls.some((e) => e.startsWith('src/visit.ts::function::unbounded')), calls.join('\n'));
  // A literal with no type declared: its members' parameters are nothing.
  assert.ok(!calls.some((e) => e.startsWith('src/visit.ts::method::untypedBehavior')), calls.join('\n'));
});

test('a member named through its holder is named once when the holder is itself a definition', async () => {
  const graph = (await indexedFixture('ts-member-shapes')).graph!;
  const names = [...graph.nodes.values()].map((n) => n.name);
  assert.ok(names.includes('hook.from'));
  assert.ok(!names.some((n) => n.includes('hook.hook')), names.join(', '));
});
