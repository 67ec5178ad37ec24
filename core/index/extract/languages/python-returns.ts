// What a Python function returns, for a name bound to its call (`retries = Retry.from_int(r)`):
// its annotation (`-> Retry`), else what its own return statements construct: `cls(...)` in a
// classmethod (the class it is called on, taken as the class that declares it), or `X(...)` of
// one capitalized name in every return that returns a value (typed only when X is a class, as
// `x = X()` is), or `self` in every such return of a method (RECEIVER_ITSELF: the instance it is
// called on, as `with Plain() as p` reads `__enter__`; so is `-> T` where the method declares
// `self: T`). Nothing else is read.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import { matchesWithin, spend } from './inference-budget.ts';
import { RECEIVER_ITSELF } from '../../extract-types.ts';
import { DOTTED_NAME } from './python-annotations.ts';

/** Nodes read per function body (a node's children counted when it is read). */
const MAX_NODES = 4_000;
const NESTED_SCOPES = new Set(['function_definition', 'class_definition', 'lambda']);
/**
 * `return cls(` or `return X(` / `return m.X(` with X capitalized, as class names are written:
 * a body without one returns no constructed class, and is not read (most are not). Linear: one
 * literal, then runs of word characters and dots that cannot overlap.
 */
const CONSTRUCTING_RETURN = /\breturn[ \t]+(?:cls|(?:[a-z_]\w*\.)*[A-Z]\w*)[ \t]*\(/g;
/** `return self` on its own (not `return self.x` or `return self()`): a method returning its instance, as a context manager's `__enter__` or a fluent method does. */
const RETURNS_SELF = /\breturn[ \t]+self\b(?![ \t]*[.([])/g;

/** The type a function's calls return, and whether it is a constructor's name to be checked as a class. */
export function returnedTypeOf(fn: Node, f: FileContext, typeName: (node: Node | null) => string | undefined): { type: string; call: boolean } | undefined {
  const annotated = typeName(fn.childForFieldName('return_type'));
  // `def __enter__(self: T) -> T`: a type variable bound to the receiver returns the receiver.
  if (annotated && annotated === selfAnnotation(fn)) return { type: RECEIVER_ITSELF, call: false };
  if (annotated) return { type: annotated, call: false };
  const body = fn.childForFieldName('body');
  const cls = classmethodOwner(fn, f);
  if (!body) return undefined;
  const constructs = matchesWithin(f.b, f.source, CONSTRUCTING_RETURN, body.startIndex, body.endIndex);
  const itself = !constructs && isMethod(fn) && matchesWithin(f.b, f.source, RETURNS_SELF, body.startIndex, body.endIndex);
  if (!constructs && !itself) return undefined;
  let found: string | undefined;
  let read = 0;
  const pending: Node[] = [body];
  for (let n = pending.pop(); n; n = pending.pop()) {
    read += 1 + n.namedChildCount;
    if (read > MAX_NODES || !spend(f.b, f.source, { nodes: 1 + n.namedChildCount })) return undefined;
    if (n.type === 'return_statement') {
      const value = n.namedChild(0);
      if (!value || value.type === 'none') continue;
      if (itself) {
        // Every return that returns a value returns `self`: the instance the method is called on.
        if (value.type !== 'identifier' || value.text !== 'self') return undefined;
        found = RECEIVER_ITSELF;
        continue;
      }
      const callee = value.type === 'call' ? value.childForFieldName('function') : null;
      // `self.m(...)` is a method of the instance, whose return this does not follow.
      const written =
        callee?.text === 'cls' && cls ? cls : callee && DOTTED_NAME.test(callee.text) && !callee.text.startsWith('self.') ? callee.text : undefined;
      if (!written || (found !== undefined && found !== written)) return undefined;
      found = written;
      continue;
    }
    for (const child of n.namedChildren) if (child && !NESTED_SCOPES.has(child.type)) pending.push(child);
  }
  return found ? { type: found, call: found !== RECEIVER_ITSELF } : undefined;
}

/** What a method's first parameter, `self`, is annotated with (`self: T`), as written. */
function selfAnnotation(fn: Node): string | undefined {
  const first = fn.childForFieldName('parameters')?.namedChild(0);
  if (first?.type !== 'typed_parameter' || first.namedChild(0)?.text !== 'self') return undefined;
  return first.childForFieldName('type')?.text.replace(/\s+/g, '');
}

/** Whether a function's first parameter is `self`, annotated or not (`self: "Query"`): a method of an instance. */
function isMethod(fn: Node): boolean {
  const first = fn.childForFieldName('parameters')?.namedChild(0);
  const name = first?.type === 'typed_parameter' ? first.namedChild(0) : first;
  return name?.type === 'identifier' && name.text === 'self';
}

/** The class a `@classmethod` is declared in; undefined for any other function. */
function classmethodOwner(fn: Node, { parentOf }: FileContext): string | undefined {
  const decorated = parentOf(fn);
  if (decorated?.type !== 'decorated_definition') return undefined;
  if (!decorated.namedChildren.some((d) => d?.type === 'decorator' && d.text.replace(/\s+/g, '') === '@classmethod')) return undefined;
  const block = parentOf(decorated);
  const cls = block && parentOf(block);
  return cls?.type === 'class_definition' ? cls.childForFieldName('name')?.text : undefined;
}
