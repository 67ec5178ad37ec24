// Python receivers that call on the way (python-chains.ts): `get_transport().close()`,
// `Transport.make().close()`, `self._pool.get().close()`, each call typed by what its callee is
// annotated or written to return, and a class called in place (`Transport().close()`) its
// instance. A callee with no declared return, or one that is itself a call, types nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("Python: a method called on what a function, a classmethod, a member's method or a class called in place returns reaches that class's method; an undeclared return and a called call reach none", async () => {
  assert.deepEqual(await callEdgesOf('py-chains'), [
    // `Transport().close()` and `models.Pool().get().close()`.
    'client.py::function::constructed::21 -> models.py::class::Pool::10',
    'client.py::function::constructed::21 -> models.py::class::Transport::1',
    'client.py::function::constructed::21 -> models.py::method::Pool.get::11',
    'client.py::function::constructed::21 -> models.py::method::Transport.close::6',
    // `untyped(Transport()).close()`, `factory()().close()` and `get_transport().missing()`: the calls alone.
    'client.py::function::near_misses::26 -> models.py::class::Transport::1',
    'client.py::function::near_misses::26 -> models.py::function::get_transport::15',
    'client.py::function::near_misses::26 -> models.py::function::untyped::19',
    'client.py::function::through_classmethod::17 -> models.py::method::Transport.close::6',
    'client.py::function::through_classmethod::17 -> models.py::method::Transport.make::3',
    'client.py::function::through_function::13 -> models.py::function::get_transport::15',
    'client.py::function::through_function::13 -> models.py::method::Transport.close::6',
    'client.py::method::Client.through_member::9 -> models.py::method::Pool.get::11',
    'client.py::method::Client.through_member::9 -> models.py::method::Transport.close::6',
    'models.py::function::get_transport::15 -> models.py::class::Transport::1',
    'models.py::method::Pool.get::11 -> models.py::class::Transport::1',
  ]);
});

test('Python: `a if c else b` holds the one class both branches reach (a None branch aside), and a name bound to a class is the class; branches of two classes hold none', async () => {
  assert.deepEqual(await callEdgesOf('py-choices'), [
    // `_Segment = Segment` then `_Segment.line()`, a classmethod.
    'live.py::function::aliased::16 -> models.py::method::Segment.line::17',
    // `c = (Console() if flag else None)`.
    'live.py::function::chosen::21 -> models.py::class::Console::1',
    'live.py::function::chosen::21 -> models.py::method::Console.print::2',
    'live.py::method::Live.__init__::7 -> models.py::class::SystemPager::11',
    'live.py::method::Live.__init__::7 -> models.py::function::get_console::21',
    // `self.console = console if console is not None else get_console()`: both a Console; `self.pager`
    // (SystemPager() or an Optional[Pager]) is two classes, so `self.pager.show()` reaches none.
    'live.py::method::Live.refresh::11 -> models.py::method::Console.print::2',
    'models.py::function::get_console::21 -> models.py::class::Console::1',
  ]);
});

test("Python: `with X() as x` (and `async with`) holds what X.__enter__ (__aenter__) declares or returns, `return self` and `-> T` with `self: T` being the instance, as a fluent method's is (its `self` annotated or not); a tuple target holds none", async () => {
  assert.deepEqual(await callEdgesOf('py-with'), [
    'models.py::function::create_group::58 -> models.py::class::Group::17',
    // `with Scope() as scope`, `__enter__ -> "Scope"`.
    'tasks.py::function::annotated::4 -> models.py::class::Scope::6',
    'tasks.py::function::annotated::4 -> models.py::method::Scope.cancel::13',
    // `q.narrowed("a").run()`, `narrowed(self: "Query", ...)` returning `self`.
    'tasks.py::function::annotated_self::30 -> models.py::method::Query.narrowed::63',
    'tasks.py::function::annotated_self::30 -> models.py::method::Query.run::67',
    // `async with create_group() as tg`, `__aenter__ -> "Group"`.
    'tasks.py::function::awaited::9 -> models.py::function::create_group::58',
    'tasks.py::function::awaited::9 -> models.py::method::Group.start_soon::24',
    // `f.again().done()`, `again` returning `self`.
    'tasks.py::function::fluent::19 -> models.py::method::Fluent.again::51',
    'tasks.py::function::fluent::19 -> models.py::method::Fluent.done::54',
    // `with Bound() as b`, `def __enter__(self: T) -> T`: the receiver; `with held as (x, y)` names no one value.
    'tasks.py::function::near_misses::23 -> models.py::class::Bound::39',
    'tasks.py::function::near_misses::23 -> models.py::method::Bound.go::46',
    // `with Plain() as p`, an unannotated `__enter__` returning `self`.
    'tasks.py::function::written::14 -> models.py::class::Plain::28',
    'tasks.py::function::written::14 -> models.py::method::Plain.go::35',
  ]);
});
