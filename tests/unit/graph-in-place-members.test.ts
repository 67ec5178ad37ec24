// JavaScript as sinon and cssom write it: a member of a module read where it is loaded
// (`require('./provider').getDeclaration()`, `require('./provider').tools.reset()`, and what
// `require('./provider').create()` returns) is the module's member, as it is through `const
// provider = require('./provider')`; and in a constructor function, a function assigned through a
// name its body's top binds to `this` (`const sandbox = this; sandbox.getFakes = function
// getFakes() {}`) is a method of its class, as `this.getFakes = ...` is. An alias in a prototype
// method or a lower-case function, or a member of a name bound to anything else, declares
// nothing. On fixture tests/fixtures/graph/js-in-place-members/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test("a module's member called where it is required, and a constructor's methods assigned through its `this` alias", async () => {
  assert.deepEqual(await callEdgesOf('js-in-place-members'), [
    'lib/provider.js::function::create::11 -> lib/provider.js::class::Declaration::1',
    'lib/sandbox.js::method::Sandbox.inject::9 -> lib/sandbox.js::method::Sandbox.getFakes::5',
    'lib/use.js::function::lookup::3 -> lib/provider.js::function::getDeclaration::5',
    // `const declaration = require('./provider.js').create()`: what create returns.
    'lib/use.js::function::render::15 -> lib/provider.js::function::create::11',
    'lib/use.js::function::render::15 -> lib/provider.js::method::Declaration.render::2',
    'lib/use.js::function::reset::7 -> lib/provider.js::function::resetDeclaration::9',
    // `tools.reset` holds resetDeclaration.
    'lib/use.js::function::resetTools::11 -> lib/provider.js::function::resetDeclaration::9',
    'lib/use.js::function::useSandbox::20 -> lib/sandbox.js::function::Sandbox::1',
    'lib/use.js::function::useSandbox::20 -> lib/sandbox.js::method::Sandbox.getFakes::5',
    'lib/use.js::function::useSandbox::20 -> lib/sandbox.js::method::Sandbox.inject::9',
    // `options.restore` is the options object's, `that.later` a prototype method's alias: no methods.
    'lib/use.js::function::useSandbox::20 -> lib/sandbox.js::method::Sandbox.verify::22',
  ]);
});
