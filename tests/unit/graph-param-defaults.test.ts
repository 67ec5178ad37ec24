// A parameter with no declared type takes its default value's type, as the checker infers it: a
// constructed class, a call's declared return, in the JavaScript grammar (`plain(service = new
// Service())`, an arrow's, a constructor's destructured `{ service = new Service() } = {}`) and in
// the TypeScript one (a destructured default, annotated or not). `undefined` types nothing. On
// fixture tests/fixtures/graph/param-defaults/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a parameter’s default value types the calls made on it', async () => {
  assert.deepEqual(await callEdgesOf('param-defaults'), [
    'src/linter.js::function::arrow::18 -> src/service.ts::class::Service::1',
    'src/linter.js::function::arrow::18 -> src/service.ts::method::Service.start::2',
    'src/linter.js::function::called::21 -> src/service.ts::function::make::10',
    'src/linter.js::function::called::21 -> src/service.ts::method::Service.stop::5',
    'src/linter.js::function::plain::14 -> src/service.ts::class::Service::1',
    'src/linter.js::function::plain::14 -> src/service.ts::method::Service.stop::5',
    'src/linter.js::method::Linter.constructor::8 -> src/service.ts::class::Service::1',
    'src/linter.js::method::Linter.constructor::8 -> src/service.ts::method::Service.start::2',
    'src/service.ts::function::make::10 -> src/service.ts::class::Service::1',
    'src/typed.ts::function::destructured::3 -> src/service.ts::class::Service::1',
    'src/typed.ts::function::destructured::3 -> src/service.ts::method::Service.stop::5',
    'src/typed.ts::function::untyped::7 -> src/service.ts::class::Service::1',
    'src/typed.ts::function::untyped::7 -> src/service.ts::method::Service.start::2',
  ]);
});
