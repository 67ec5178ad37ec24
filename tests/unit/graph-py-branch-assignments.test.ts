// A Python name assigned in a function holds the value from the statement after the assignment
// (its right side reads the name as it was), and one assigned in an `if` branch holds it in the
// rest of that branch and after the `if`, never in the `elif` and `else` branches after it, as
// jedi reads a function's names. On fixture tests/fixtures/graph/py-branch-assignments/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a branch's assignment holds in that branch and after the if, not in the branches after it", async () => {
  assert.deepEqual(await callEdgesOf('py-branch-assignments'), [
    'response.py::function::after_if::21 -> headers.py::class::HeaderDict::1',
    'response.py::function::after_if::21 -> headers.py::method::HeaderDict.items::5',
    // `value.items()` in the `elif`: not the `if` branch's HeaderDict.
    'response.py::function::elif_branch::29 -> headers.py::class::HeaderDict::1',
    // `headers.items()` in the `else`: nothing.
    'response.py::function::else_branch::4 -> headers.py::method::HeaderDict.from_httplib::9',
    // `headers = HeaderDict(headers.items())`: the right side's `headers` is the one before.
    'response.py::function::own_right_side::14 -> headers.py::class::HeaderDict::1',
    'response.py::function::within_branch::38 -> headers.py::class::HeaderDict::1',
    'response.py::function::within_branch::38 -> headers.py::method::HeaderDict.items::5',
  ]);
});
