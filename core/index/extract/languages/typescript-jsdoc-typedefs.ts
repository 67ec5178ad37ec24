// Types a JavaScript doc comment defines on its own, as a TypeScript `type` or interface would be
// (the checker exports a module's typedefs): `@typedef {Object} Options` with its `@property`
// tags, a function type (`@callback Done` with its `@param` tags, `@typedef {(err: Error,
// sock: Socket) => void} Done`), and an alias of one named type (`@typedef {Source} Alias`,
// `@typedef {Source & { map?: Fn }} Alias`). Each is a `type` definition over the comment; the
// tags' types are read by typescript-jsdoc.ts.
import type { Node } from 'web-tree-sitter';
import type { FileContext } from './language-module.ts';
import type { ObjectType, ParameterLiteral } from './typescript-jsdoc-objects.ts';
import { TYPE_NAME } from './typescript-jsdoc-unions.ts';

/**
 * `@typedef {Object} ConfigLoaderOptions` and `@property {WarningService} [warningService]`: a type
 * of this module whose members are typed as an interface's, so `options.warningService.emit()` on
 * a parameter documented `{ConfigLoaderOptions}` reaches WarningService's `emit`.
 */
export function defineRecord(comment: Node, record: { name: string; members: Map<string, string> }, { b }: FileContext): void {
  b.define(comment, 'type', record.name);
  b.addExport(record.name, record.name);
  // Inside the comment, so the type defined over it owns them.
  for (const [member, type] of record.members) b.declareType('member', member, type, comment, false, comment.startIndex + 1);
}

/**
 * `@callback Done` with `@param {Error} err` and `@param {Socket} sock`: a function type of this
 * module whose parameters are typed by place (`Done(1)` is Socket, as `type Done = (err: Error,
 * sock: Socket) => void` declares), so a function passed where a parameter is documented `{Done}`
 * takes them.
 */
export function defineFunctionType(
  comment: Node,
  name: string,
  parameters: (string | undefined)[],
  { b }: FileContext,
  span?: [number, number],
  literals: ParameterLiteral[] = [],
): void {
  const def = b.define(comment, 'type', name);
  // Beside another type in the comment (defineObjectType): over its own tag.
  if (span) [def.start, def.end] = span;
  b.addExport(name, name);
  // `@typedef {(arg: { report: Report, utils: Utils }) => void} JsdocVisitor`: the literal a
  // parameter is written as holds its members under the parameter's name (`arg.utils`), inside the
  // type, as `type JsdocVisitor = (arg: {...}) => void` declares them (typescript-contextual.ts
  // declareFunctionTypeSignature), read where a value is typed `{:JsdocVisitor.arg`.
  for (const literal of literals) defineMembers(comment, def.start + 1, literal, b, `${literal.parameter}.`);
  // Before the comment, so the module (or what encloses it), not the type itself, holds them.
  parameters.forEach((type, j) => {
    if (type) b.declareType('local', `${name}(${j})`, type, comment, false, comment.startIndex - 1);
  });
}

/**
 * `@typedef {Source & { streamChunks?: Fn }} SourceMaybeWithStreamChunks`: a type of this module
 * with the members of the one type it names, as `type Alias = Source & {...}` has (typescript-heritage.ts
 * aliasHeritage), so a parameter documented `{SourceMaybeWithStreamChunks}` reaches Source's methods.
 */
export function defineAlias(comment: Node, name: string, of: string, { b }: FileContext): void {
  const def = b.define(comment, 'type', name);
  b.addExport(name, name);
  b.inherits(def, of, 'extends');
}

/**
 * `@typedef {{ error: LogFunction, fn: (p: string) => string, cache: Map<string, Entry> }} Logger`:
 * a type of this module with the members `type Logger = { ... }` declares (typescript-members.ts
 * property_signature). `callable`: the members written as function types, methods of the type;
 * `typed`: the others' types as typescript-jsdoc.ts read them, each declared, and a method when
 * its name is a function type (memberIfCallableType), so `logger.error()` on a parameter
 * documented `{Logger}` reaches Logger's `error`. The members sit inside the comment, empty, so
 * the type defined over it owns them.
 */
export function defineObjectType(comment: Node, object: ObjectType, { b }: FileContext, ownSpan: boolean): void {
  const def = b.define(comment, 'type', object.name);
  b.addExport(object.name, object.name);
  // Beside a function type in the comment: over its own tag, which then holds the members.
  if (ownSpan) [def.start, def.end] = object.span;
  // `@typedef {BasicUtils & { getTags: GetTags }} Utils`: BasicUtils's members too, as an alias's (defineAlias).
  if (object.base) b.inherits(def, object.base, 'extends');
  defineMembers(comment, def.start + 1, object, b);
}

/** An object type's members, placed empty at `inside` the type that owns them, each `prefix.`ed when given. */
function defineMembers(comment: Node, inside: number, object: Pick<ObjectType, 'callable' | 'typed'>, b: FileContext['b'], prefix = ''): void {
  for (const member of object.callable) b.memberAt(comment, inside, `${prefix}${member}`);
  for (const [member, type] of object.typed) {
    b.declareType('member', `${prefix}${member}`, type, comment, false, inside);
    if (IMPORTED_TYPE.test(type) || TYPE_NAME.test(type)) b.memberAt(comment, inside, `${prefix}${member}`, type);
  }
}

/** The local an imported type is read under (`#t<at>`, typescript-jsdoc.ts jsdocType): one name too, as a callable type could be. */
const IMPORTED_TYPE = /^#t\d{1,9}$/;
