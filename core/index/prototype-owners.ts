// JavaScript's classes declared apart from their methods: `Gen.prototype.add = function () {}`
// and `Gen.from = ...` are methods of the top-level class or function named Gen, and a function
// with such methods is a class to the checker (an ES5 constructor function). Read once per file's
// extraction (an extraction is never changed once made; callable-members.ts copies one it extends).
import type { FileExtraction } from './extract-types.ts';
import { languageTraits } from './extract/languages/registry.ts';

interface PrototypeOwners {
  /** The top-level classes and functions by name (the first of a name). */
  byName: Map<string, number>;
  /** The names methods are declared apart from, or assigned on `this` within. */
  withMethods: Set<string>;
}

const owners = new WeakMap<FileExtraction, PrototypeOwners>();

function prototypeOwnersOf(ext: FileExtraction): PrototypeOwners {
  let found = owners.get(ext);
  if (found) return found;
  const read: PrototypeOwners = { byName: new Map(), withMethods: new Set() };
  ext.definitions.forEach((d, i) => {
    // `function WebGLOutput() { this.begin = function () {} }`: a method the function's own body
    // assigns on `this` makes it a constructor function too, as the checker reads it.
    if (d.kind === 'method' && d.parent !== null && d.parentName !== undefined) {
      const owner = ext.definitions[d.parent];
      if (owner?.kind === 'function' && owner.parent === null && owner.name === d.parentName) read.withMethods.add(d.parentName);
    }
    if (d.parent !== null) return;
    if ((d.kind === 'function' || d.kind === 'class') && !read.byName.has(d.name)) read.byName.set(d.name, i);
    if (d.kind === 'method' && d.parentName !== undefined) read.withMethods.add(d.parentName);
  });
  owners.set(ext, (found = read));
  return found;
}

/** The class or constructor function a JavaScript method declared apart from it belongs to (`Gen` for `Gen.prototype.add`). */
export function detachedOwner(ext: FileExtraction, def: number): number | undefined {
  const d = ext.definitions[def];
  if (!d || !languageTraits(ext.language)?.prototypeClasses || d.kind !== 'method' || d.parent !== null || d.parentName === undefined) return undefined;
  return prototypeOwnersOf(ext).byName.get(d.parentName);
}

/** Whether a definition is a JavaScript constructor function: a top-level function with methods declared apart from it. */
export function isConstructorFunction(ext: FileExtraction, def: number): boolean {
  const d = ext.definitions[def];
  return (
    Boolean(languageTraits(ext.language)?.prototypeClasses) && d?.kind === 'function' && d.parent === null && prototypeOwnersOf(ext).withMethods.has(d.name)
  );
}
