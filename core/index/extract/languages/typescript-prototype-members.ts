// `Gen.prototype.toPublic = function () { ...; this._pub = new Key(); return this._pub }` in
// JavaScript: the checker declares a constructor function's members by the assignments to `this`
// in the constructor and in its prototype's methods, a member's type the union of what they all
// assign. A method's `this.x = new X()` types the member (as the constructor's own does,
// typescript-assignments.ts) only where the file assigns `this.x` nothing but `new X(...)`,
// `null` or `undefined`, so the union is X: one `this._key = key` of an untyped parameter makes it `any`.
// A method's `this._encoder = encoder.create()` types it by what that call returns, where the file
// assigns it nothing but that one call, `null` or `undefined`.
import type { Node } from 'web-tree-sitter';
import type { ExtractionBuilder } from '../extraction-builder.ts';
import type { FileContext } from './language-module.ts';

/** `Gen.prototype.toPublic`: a capitalised name's prototype method, as assigned. */
const PROTOTYPE_METHOD = /^[A-Z][\w$]{0,79}\.prototype\.[\w$]{1,80}$/;
/** `this.x = new X(`, `this.x = null`, `this.x = encoder.create(`, `this.x = <anything else>`: one linear scan of the file. */
const THIS_ASSIGNMENT = /(?<![\w$.])this\.([\w$]{1,80})[ \t]*=(?![=>])[ \t]*(?:new[ \t]+([\w$.]{1,160})|(null|undefined)(?![\w$])|([\w$.]{1,160})\()?/g;

/** Whether `binder` (the function around a `this.x = ...`) is `Gen.prototype.m = function () {...}`. */
export function isPrototypeMethod(binder: Node | undefined, parentOf: FileContext['parentOf']): boolean {
  if (binder?.type !== 'function_expression') return false;
  const assignment = parentOf(binder);
  const left = assignment?.type === 'assignment_expression' ? assignment.childForFieldName('left') : null;
  return left?.type === 'member_expression' && left.endIndex - left.startIndex <= 170 && PROTOTYPE_METHOD.test(left.text);
}

/** Per file (its builder): each member name `this.x = ...` assigns -> the classes constructed into it, or null when anything else is. */
const assignedMembers = new WeakMap<ExtractionBuilder, Map<string, Set<string> | null>>();

/** Whether every `this.<name> = ...` in the file assigns `new <type>(...)` (or, for a type `path()`, calls that path), `null` or `undefined`. */
export function onlyConstructedAs(b: ExtractionBuilder, source: string, name: string, type: string): boolean {
  let members = assignedMembers.get(b);
  if (!members) {
    members = new Map();
    for (const m of source.matchAll(THIS_ASSIGNMENT)) {
      const member = m[1]!;
      if (m[3]) {
        if (!members.has(member)) members.set(member, new Set());
        continue;
      }
      const known = members.get(member);
      // A call is recorded as the type it is declared under (`encoder.create()`, typescript-assignments.ts assignedCallType).
      const type = m[2] ?? (m[4] && m[4] !== 'new' ? `${m[4]}()` : undefined);
      if (type && known !== null) members.set(member, (known ?? new Set()).add(type));
      else members.set(member, null);
    }
    assignedMembers.set(b, members);
  }
  const classes = members.get(name);
  return classes !== null && classes !== undefined && classes.size === 1 && classes.has(type);
}
