// A JavaScript doc comment's parameter documented as a function (`@param {(err?: Error, sock?:
// Socket) => void} cb`, Closure's `{function(Socket): void}`): the types its own parameters are
// given, by place, which a function passed in that place takes (typescript-jsdoc.ts).

/** How many parameters of a documented callback are read. */
const MAX_CALLBACK_PARAMETERS = 8;
/** `(err?: Error, result?: Request) => void`: TypeScript's function type, as JSDoc admits it. */
const ARROW_TYPE = /^\(([^()]{0,200})\)\s*=>/;
/** `function(Error, Sock): void`: Closure's function type. */
const CLOSURE_TYPE = /^function\s*\(([^()]{0,200})\)/;
/** `err?: Error`: a parameter of an arrow type, its name and type (over several lines too, in a typedef read by counting braces). */
export const ARROW_PARAMETER = /^(?:\.\.\.)?([A-Za-z_$][\w$]{0,79})\??\s*:\s*([^]+)$/;

/**
 * The types a documented callback's parameters are given, by place (`@param {(err?: null | Error,
 * result?: ResolveRequest) => void} callback`, `@param {function(Sock): void} fn`), each read by
 * `typeOf` (typescript-jsdoc.ts jsdocType); undefined for any other type. A parameter whose type holds `<` or `,`
 * ends the list (its commas are not split here).
 */
export function callbackParameterTypes(written: string, typeOf: (type: string) => string | undefined): (string | undefined)[] | undefined {
  const text = written.trim();
  const arrow = ARROW_TYPE.exec(text);
  const closure = arrow ? null : CLOSURE_TYPE.exec(text);
  const list = (arrow ?? closure)?.[1];
  if (list === undefined || list.includes('<') || list.includes('{')) return undefined;
  const types = list
    .split(',')
    .slice(0, MAX_CALLBACK_PARAMETERS)
    .map((part) => {
      const param = part.trim();
      // Closure's `this:` and `new:` name the receiver, no parameter; in an arrow type each place is `name: Type`.
      const type = arrow ? ARROW_PARAMETER.exec(param)?.[2] : /^(this|new)\s*:/.test(param) ? undefined : param.replace(/^\.\.\./, '');
      return type ? typeOf(type) : undefined;
    });
  return types.some((t) => t !== undefined) ? types : undefined;
}
