// The types another module exports that a JavaScript doc comment names: `@import` tags
// (`@import { Source, Hook as H } from "./types"`, `@import * as types from "./types"`, `@import
// Hook from "./Hook"`), read as the checker reads them, as type-only imports. typescript-jsdoc.ts
// reads the rest of the comment, `import('./x').Foo` in a type among it.

/** A type another module exports, read as a type-only import under `local`, a name no source can write. */
export interface ImportedType {
  source: string;
  imported: string;
  local: string;
}

/**
 * `@import { SourceCode, Language as L } from "./core.js"`, `@import * as types from "./types"`,
 * `@import Hook from "./Hook"`: type-only imports, as the checker reads the tag.
 */
const IMPORT_TAG = /@import\s+(?:\{([^{}]{1,400})\}|\*\s+as\s+([A-Za-z_$][\w$]{0,79})|([A-Za-z_$][\w$]{0,79}))\s+from\s+(['"])([^'"\n]{1,200})\4/g;
/** `Name` or `Name as Local` in an `@import { ... }` list (a comment's line breaks and `*` already gone). */
const IMPORT_SPECIFIER = /^([A-Za-z_$][\w$]{0,79})(?:\s+as\s+([A-Za-z_$][\w$]{0,79}))?$/;

export function importTags(text: string, into: ImportedType[]): void {
  IMPORT_TAG.lastIndex = 0;
  for (let m = IMPORT_TAG.exec(text); m; m = IMPORT_TAG.exec(text)) {
    const source = m[5]!;
    if (m[2]) into.push({ source, imported: '*', local: m[2] });
    else if (m[3]) into.push({ source, imported: 'default', local: m[3] });
    else
      for (const part of m[1]!.replace(/\*/g, ' ').split(',')) {
        const specifier = IMPORT_SPECIFIER.exec(part.trim());
        if (specifier) into.push({ source, imported: specifier[1]!, local: specifier[2] ?? specifier[1]! });
      }
  }
}
