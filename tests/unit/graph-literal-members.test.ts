// An object literal's member written `key: new X()` is an X (`garage.engine.start()`), in a
// module-level or a local literal; `this.wheels = [new Wheel()]` is an array of Wheel. An annotated
// literal is typed by its annotation; a member holding an untyped call's result types nothing. On
// fixture tests/fixtures/graph/js-literal-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a literal’s constructed members and a member array of constructed values type the calls made on them', async () => {
  assert.deepEqual(await callEdgesOf('js-literal-members'), [
    'src/car.js -> src/parts.js::class::Engine::1',
    // `loan.engine` holds what `found()` returns, which declares nothing: no `start` edge.
    'src/car.js::function::borrowed::26 -> src/car.js::function::found::22',
    'src/car.js::function::drive::5 -> src/parts.js::class::Wheel::7',
    // `garage.engine.start()` (module level) and `spare.wheel.spin()` (a local literal).
    'src/car.js::function::drive::5 -> src/parts.js::method::Engine.start::2',
    'src/car.js::function::drive::5 -> src/parts.js::method::Wheel.spin::8',
    'src/car.js::method::Car.constructor::12 -> src/parts.js::class::Wheel::7',
    // `this.wheels.forEach((w) => w.spin())`.
    'src/car.js::method::Car.roll::16 -> src/parts.js::method::Wheel.spin::8',
    'src/typed.ts -> src/typed.ts::class::Special::7',
    // `const holder: Holder = { job: new Special() }`: Holder's `job` is a Base.
    'src/typed.ts::function::work::20 -> src/typed.ts::method::Base.run::2',
  ]);
});
