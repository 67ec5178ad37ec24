// A function type whose parameter is a type literal (`type OperationLink = (opts: { next: Next })
// => void`) types the parameters of a function written as one: `({ next }) => next(op)` and
// `(opts) => opts.next()` reach the literal's member under its own alias (a Middleware's `next`
// is the Middleware's), also two functions in (`(): ClientLink => () => ({ next }) => ...`, with
// `ClientLink` returning an OperationLink), and what a call of the member returns is what it
// declares (`next(op).subscribe()`). A function returned by one with no declared type is
// typed by nothing. On fixture tests/fixtures/graph/ts-link-types/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('a function type’s literal parameter types the functions written as that type, two returns in too', async () => {
  assert.deepEqual(await callEdgesOf('ts-link-types'), [
    // `next(op).subscribe()`: what the literal's member declares it returns.
    'src/links.ts::function::chained::27 -> src/types.ts::method::Observed.subscribe::14',
    'src/links.ts::function::chained::27 -> src/types.ts::method::ObservedLink.opts.next::16',
    'src/links.ts::function::loggerLink::5 -> src/types.ts::method::OperationLink.opts.next::6',
    'src/links.ts::function::passThrough::3 -> src/types.ts::method::OperationLink.opts.next::6',
    'src/links.ts::function::retryLink::13 -> src/types.ts::method::OperationLink.opts.next::6',
    'src/links.ts::function::timing::17 -> src/types.ts::method::Middleware.opts.done::10',
    'src/links.ts::function::timing::17 -> src/types.ts::method::Middleware.opts.next::10',
  ]);
});
