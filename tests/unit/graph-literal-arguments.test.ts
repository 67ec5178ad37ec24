// Functions written in an object literal handed to a call, on fixture
// tests/fixtures/graph/ts-literal-arguments/: each plain parameter is what the member of the
// callee's parameter type declares at that place (`defineTool({ handle(args, ctx) {...} })` with
// `defineTool(tool: ToolDefinition<A>)` and `handle(args: A, ctx: Context)`), as the checker types
// it contextually: a method, a function-typed property with a destructured parameter, a
// function expression, a literal passed second or to a constructor. The exact call edges, and
// the near misses that get none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a function in a literal argument takes its parameters from the member the callee's parameter type declares; an annotated parameter, an undeclared member, a cast literal and an untyped callee do not", async () => {
  assert.deepEqual(await callEdgesOf('ts-literal-arguments'), [
    // Module-level calls: `register('second', {...})`, `new Server({...})`, `loose({...})`.
    'src/tools.ts -> src/define.ts::class::Server::33',
    'src/tools.ts -> src/define.ts::function::loose::40',
    'src/tools.ts -> src/define.ts::function::register::28',
    // `extra` is no member of ToolDefinition, and `{...} as never` is typed by its cast: no `now` edge.
    'src/tools.ts::function::annotated::30 -> src/define.ts::function::defineTool::23',
    'src/tools.ts::function::cast::39 -> src/define.ts::function::defineTool::23',
    'src/tools.ts::function::first::4 -> src/define.ts::function::defineTool::23',
    'src/tools.ts::function::held::52 -> src/define.ts::function::defineTool::23',
    // `ctx: { services: Other }` keeps its own annotation, a type literal whose `services` is
    // Other: Other's `now`, never the Services one ToolDefinition's Context would give.
    'src/tools.ts::method::annotated.handle::32 -> src/define.ts::method::Other.now::8',
    // `check: (args, { services }) => services.now() > 0`: the property's function type.
    'src/tools.ts::method::first.check::10 -> src/define.ts::method::Services.now::2',
    // `async handle(args, ctx) { ctx.services.now() }`.
    'src/tools.ts::method::first.handle::6 -> src/define.ts::method::Services.now::2',
    // `handle: async function (args, ctx)` in register's second argument.
    'src/tools.ts::method::handle::16 -> src/define.ts::method::Services.now::2',
    // `new Server({ handle: async (args, ctx) => ... })`: the constructor's parameter.
    'src/tools.ts::method::handle::24 -> src/define.ts::method::Services.now::2',
    // `const services = ctx.services; services.now()`: a local of the method reads its parameter.
    'src/tools.ts::method::held.handle::54 -> src/define.ts::method::Services.now::2',
  ]);
});
