// The graph on fixtures of bindings whose type the code states without an annotation: a
// CommonJS module object called through its default export, returns that construct one class,
// a let only ever constructed as one class, JSDoc types in JavaScript, destructured names, a
// `??` fallback (Python: `x or X()`), and a callback handed to a constructor. Each fixture holds
// the near misses that must stay unresolved beside the cases that resolve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsdocType } from '../../core/index/extract/languages/typescript-jsdoc.ts';
import { indexedFixture } from '../helpers/graph-fixture.ts';

async function callsOf(fixture: string): Promise<string[]> {
  return (await indexedFixture(fixture))
    .graph!.edges.filter((e) => e.type === 'calls')
    .map((e) => `${e.from} -> ${e.to} ${e.confidence}`)
    .sort();
}

test('JavaScript: a required module object called through its default export, a return of one constructed class, a let only ever constructed as one class, JSDoc types, a member a constructor assigns a documented parameter; two classes, a reassigned parameter and a mixed let stay untyped', async () => {
  assert.deepEqual(await callsOf('cjs-typed'), [
    // `require('../')` is index.js, whose `{ parse, diff }` are themselves modules: each called as its default export.
    'bin/cli.js::function::main::2 -> functions/diff.js::function::diff::3 0.99',
    'bin/cli.js::function::main::2 -> functions/parse.js::function::parse::3 0.99',
    // `/** @param {SemVer} semver */ constructor (semver) { this.semver = semver }`: the member is a
    // SemVer; `either` ({Range|SemVer}) and the undocumented `plain` are none, so `.test` gets no edge.
    'classes/comparator.js::method::Comparator.test::15 -> classes/semver.js::method::SemVer.compare::2 0.99',
    // `parse(a)` returns the argument, a new SemVer or null: a SemVer. `pick(a)` returns two classes: no edge.
    'functions/diff.js::function::diff::3 -> classes/semver.js::method::SemVer.compare::2 0.99',
    'functions/diff.js::function::diff::3 -> functions/parse.js::function::parse::3 0.99',
    'functions/diff.js::function::diff::3 -> functions/pick.js::function::pick::4 0.99',
    // `@param {SemVer} version` and `@returns {SemVer}`; `{SemVer|Range}` is two types and reads as none.
    'functions/doc.js::function::bump::7 -> classes/semver.js::method::SemVer.compare::2 0.99',
    'functions/doc.js::function::user::13 -> classes/semver.js::method::SemVer.compare::2 0.99',
    'functions/doc.js::function::user::13 -> functions/doc.js::function::bump::7 1',
    // `{import('../classes/cache').Cache}`, a `@typedef` naming it and `@this {import(...).Cache}`:
    // the module's exported Cache; `{import('../classes/semver')}` the module's whole export, the
    // SemVer class; a name the module does not export is none.
    // `{Map<string, Cache>}` a map of Caches; `@returns {Promise<Cache>}` what `await load()` gives.
    'functions/imported-doc.js::function::clearAll::28 -> classes/cache.js::method::Cache.clear::3 0.99',
    'functions/imported-doc.js::function::lookup::7 -> classes/cache.js::method::Cache.clear::3 0.99',
    'functions/imported-doc.js::function::lookup::7 -> classes/cache.js::method::Cache.get::2 0.99',
    'functions/imported-doc.js::function::loose::21 -> classes/semver.js::method::SemVer.compare::2 0.99',
    'functions/imported-doc.js::function::onReset::13 -> classes/cache.js::method::Cache.clear::3 0.99',
    'functions/imported-doc.js::function::useLoaded::37 -> classes/cache.js::method::Cache.get::2 0.99',
    'functions/imported-doc.js::function::useLoaded::37 -> functions/imported-doc.js::function::load::33 1',
    // `@param {Cache} options.cache`: a property of the parameter; `options.label` (a string) is none.
    'functions/imported-doc.js::function::withOptions::48 -> classes/cache.js::method::Cache.clear::3 0.99',
    'functions/parse.js::function::parse::3 -> classes/semver.js::class::SemVer::1 0.99',
    'functions/pick.js::function::pick::4 -> classes/range.js::class::Range::1 0.99',
    'functions/pick.js::function::pick::4 -> classes/semver.js::class::SemVer::1 0.99',
    // `node` is also assigned `parent.child()`: `node.test` gets no edge.
    'functions/satisfy.js::function::either::13 -> classes/range.js::class::Range::1 0.99',
    // `let rangeObj = null; rangeObj = new Range(...)`, then called inside a callback.
    'functions/satisfy.js::function::max::2 -> classes/range.js::class::Range::1 0.99',
    'functions/satisfy.js::function::max::2 -> classes/range.js::method::Range.test::2 0.99',
    // `range` is a parameter: `range.test` gets no edge.
    'functions/satisfy.js::function::satisfies::8 -> classes/range.js::class::Range::1 0.99',
  ]);
});

test('JavaScript: a function exported by assignment returns the one class its body constructs, and a member a constructor assigns a call is what the call returns; a function constructing two classes returns neither', async () => {
  assert.deepEqual(await callsOf('cjs-exported'), [
    'parser.js::function::create::18 -> parser.js::function::Parser::3 1',
    'parser.js::function::either::23 -> parser.js::class::Other::10 1',
    'parser.js::function::either::23 -> parser.js::function::Parser::3 1',
    'parser.js::function::make::21 -> parser.js::function::Parser::3 1',
    'use.js::function::viaArrow::14 -> parser.js::function::make::21 0.99',
    'use.js::function::viaArrow::14 -> parser.js::method::Parser.parse::6 0.99',
    'use.js::function::viaDestructured::10 -> parser.js::function::create::18 0.99',
    'use.js::function::viaDestructured::10 -> parser.js::method::Parser.parse::6 0.99',
    // `parsers.either(true)` may be a Parser or an Other: its `parse` is neither's.
    'use.js::function::viaEither::18 -> parser.js::function::either::23 0.99',
    'use.js::function::viaNamespace::5 -> parser.js::function::create::18 0.99',
    'use.js::function::viaNamespace::5 -> parser.js::method::Parser.parse::6 0.99',
    'use.js::method::Holder.constructor::23 -> parser.js::function::create::18 0.99',
    'use.js::method::Holder.run::27 -> parser.js::method::Parser.parse::6 0.99',
  ]);
});

test('TypeScript: destructured names hold their member types, a ?? fallback holds the left side type, a callback handed to new X() is typed by the constructor past its this parameter, a nullable annotation types its one class, a nested function returning one name returns its type, a const annotated with a function type (or agreeing overloads) returns what it declares; a name the type does not declare stays untyped', async () => {
  assert.deepEqual(await callsOf('ts-bindings'), [
    // `Gen.runFork(1)`, `Gen.dual(1, 2)` through `import * as Gen`: typed by the function type each const is annotated with.
    'ns.ts::function::fork::3 -> gen.ts::function::runFork::25 0.99',
    'ns.ts::function::fork::3 -> gen.ts::method::Subscriber.next::16 0.99',
    'ns.ts::function::twice::8 -> gen.ts::function::dual::26 0.99',
    'ns.ts::function::twice::8 -> gen.ts::method::Subscriber.next::16 0.99',
    'use.ts::function::code::4 -> gen.ts::method::CodeGen.if::2 0.99',
    'use.ts::function::code::4 -> gen.ts::method::Encoder.encode::7 0.99',
    'use.ts::function::of::12 -> gen.ts::class::Observable::18 0.99',
    'use.ts::function::of::12 -> gen.ts::method::Subscriber.next::16 0.99',
    // `let subject$: Subscriber<void> | null`, returned by the nested `get`: `get().next()` is Subscriber's.
    'use.ts::function::repeat.get::21 -> gen.ts::class::Subscriber::15 0.99',
    'use.ts::function::repeat::19 -> gen.ts::method::Subscriber.next::16 0.99',
    'use.ts::function::repeat::19 -> use.ts::function::repeat.get::21 1',
  ]);
});

test("JSDoc types read as a plain name, a collection or promise of one, or another module's named type or whole export as an import; a union of two or a record reads as none", () => {
  assert.equal(jsdocType('Sender'), 'Sender');
  assert.equal(jsdocType('?ns.Sender'), 'ns.Sender');
  assert.equal(jsdocType('Sender|null|undefined'), 'Sender');
  assert.equal(jsdocType('Sender[]'), 'Sender[]');
  assert.equal(jsdocType('Array<Sender>'), 'Sender[]');
  assert.equal(jsdocType('Sender='), 'Sender');
  assert.equal(jsdocType('Sender|Receiver'), undefined);
  assert.equal(jsdocType('{a: number}'), undefined);
  assert.equal(jsdocType("import('./sender')"), undefined);
  const imports: Array<{ source: string; imported: string; local: string }> = [];
  assert.equal(jsdocType("import('./sender').Sender", 40, imports), '#t40');
  assert.equal(jsdocType('import("../lib/x").Receiver[]', 90, imports), '#t90[]');
  // The module's whole export (`module.exports = Sender`), type arguments passed over.
  assert.equal(jsdocType("import('./sender')", 120, imports), '#t120');
  assert.equal(jsdocType('import("./hook")<T, R>', 125, imports), '#t125');
  assert.equal(jsdocType("import('./sender').Sender|Receiver", 130, imports), undefined);
  assert.deepEqual(imports, [
    { source: './sender', imported: 'Sender', local: '#t40' },
    { source: '../lib/x', imported: 'Receiver', local: '#t90' },
    { source: './sender', imported: 'default', local: '#t120' },
    { source: './hook', imported: 'default', local: '#t125' },
  ]);
  // Without a list to bind it in, an import type reads as none.
  assert.equal(jsdocType("import('./sender').Sender"), undefined);
  // Collections and promises of one type, in both generic spellings; a map of one argument and a
  // nested generic read as none.
  const generics: Array<[string, string | undefined]> = [
    ['Set.<Sender>', 'Sender[]'],
    ['Map<string, Sender>', 'Sender[]'],
    ['Object.<string, Sender>', 'Sender[]'],
    ['Promise<Sender[]>', 'Sender[]'],
    ['Promise<Sender>', 'Sender'],
    ['Map<Sender>', undefined],
    ['Promise<Array<Sender>>', undefined],
  ];
  for (const [written, form] of generics) assert.equal(jsdocType(written), form, written);
});

test('Python: self.x = arg or X() holds an X, self.y = arg and X() is not typed; a name bound to a classmethod returning cls() or to a function annotated -> X holds an X; a parameter holds its default and a name the value it is bound to, None and class-body names aside', async () => {
  assert.deepEqual(await callsOf('py-defaults'), [
    'grant.py::method::Grant.__init__::5 -> validator.py::class::RequestValidator::1 0.99',
    'grant.py::method::Grant.validate::11 -> validator.py::method::RequestValidator.validate_scopes::2 0.97',
    // `alias = default_validator`, a module-level RequestValidator() imported.
    'use.py::function::check_alias::22 -> validator.py::method::RequestValidator.validate_scopes::2 0.97',
    // `built = build()`, annotated `-> RequestValidator`.
    'use.py::function::check_built::9 -> validator.py::function::build::10 0.99',
    'use.py::function::check_built::9 -> validator.py::method::RequestValidator.validate_scopes::2 0.97',
    // `validator=RequestValidator()`: the default constructed (the graph places a default's call in its function).
    'use.py::function::check_constructed::18 -> validator.py::class::RequestValidator::1 0.99',
    'use.py::function::check_constructed::18 -> validator.py::method::RequestValidator.validate_scopes::2 0.97',
    // `validator=default_validator`.
    'use.py::function::check_default::14 -> validator.py::method::RequestValidator.validate_scopes::2 0.97',
    // `made = RequestValidator.default()`, a classmethod returning `cls()`.
    'use.py::function::check_made::4 -> validator.py::method::RequestValidator.default::6 0.99',
    'use.py::function::check_made::4 -> validator.py::method::RequestValidator.validate_scopes::2 0.97',
    'validator.py -> validator.py::class::RequestValidator::1 1',
    'validator.py::function::build::10 -> validator.py::function::make_any::14 1',
  ]);
});

test("Python: a name or self.x bound to a call of a method of this instance holds what the method is annotated to return; an unannotated method and another object's method type nothing", async () => {
  assert.deepEqual(await callsOf('py-self-returns'), [
    'client.py::method::Client.__init__::5 -> client.py::method::Client._init_transport::10 1',
    'client.py::method::Client.__init__::5 -> client.py::method::Client._untyped::16 1',
    'client.py::method::Client._init_transport::10 -> transport.py::class::Transport::1 0.99',
    // `loose = self._untyped()` and `self._loose`: no annotation, no edge; `self._other`, `made`: not this instance's methods.
    'client.py::method::Client.near_misses::24 -> client.py::method::Client._untyped::16 1',
    'client.py::method::Client.send::19 -> client.py::method::Client._transport_for::13 1',
    // `self._transport = self._init_transport()` (-> Transport) and `transport = self._transport_for(url)` (-> "Transport").
    'client.py::method::Client.send::19 -> transport.py::method::Transport.close::5 0.97',
    'client.py::method::Client.send::19 -> transport.py::method::Transport.handle::2 0.97',
  ]);
});

test("Python: a name assigned in a function holds that value from the assignment on, as jedi reads a function in order: a parameter keeps its annotation above a reassignment, each rebinding types the lines after it, and a name bound to a method's call holds its declared return, a rebinding from its own method reading the name as it was", async () => {
  assert.deepEqual(await callsOf('py-reassigned'), [
    // `t.handle(1)` above `t = Pattern()` is the parameter's Transport; `t.close()` below it is a Pattern's, which has none.
    // `q = p.narrow()` with `p: Pattern` and `narrow() -> "Pattern"`; `p = p.narrow()` reads p as it was the line before.
    'flow.py::function::from_method::19 -> models.py::method::Pattern.matches::10 0.97',
    'flow.py::function::from_method::19 -> models.py::method::Pattern.narrow::13 0.97',
    'flow.py::function::reassigned::4 -> models.py::class::Pattern::9 0.99',
    'flow.py::function::reassigned::4 -> models.py::method::Pattern.matches::10 0.97',
    'flow.py::function::reassigned::4 -> models.py::method::Transport.handle::2 0.97',
    // `p = Pattern()` then `p.matches("y")`, `p = Transport()` then `p.close()`.
    'flow.py::function::rebound::11 -> models.py::class::Pattern::9 0.99',
    'flow.py::function::rebound::11 -> models.py::class::Transport::1 0.99',
    'flow.py::function::rebound::11 -> models.py::method::Pattern.matches::10 0.97',
    'flow.py::function::rebound::11 -> models.py::method::Transport.close::5 0.97',
    'flow.py::function::rebound_from_itself::24 -> models.py::class::Pattern::9 0.99',
    'flow.py::function::rebound_from_itself::24 -> models.py::method::Pattern.matches::10 0.97',
    'flow.py::function::rebound_from_itself::24 -> models.py::method::Pattern.narrow::13 0.97',
  ]);
});
