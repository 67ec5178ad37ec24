// Scripts' shared global scope: in a language whose files are scripts unless they import or
// export (JavaScript and TypeScript, whose extractions list them: FileExtraction.scriptGlobals), every script's top-level
// declarations are globals the other scripts call by bare name, as concatenated or `vm`-loaded
// sources do (uglify-js's lib/) and as the TypeScript checker reads a program of such files.
// A bare call in a script that nothing in its own file or imports answers reaches the one top-
// level function or class of that name another script declares; two or more, none (SPEC
// §init_workspace: an edge must be earned, never a guess between candidates).
import type { FileExtraction } from './extract-types.ts';
import type { DefRef } from './symbol-table.ts';

export class ScriptGlobals {
  /** Per name: the scripts' top-level definitions, built on first use. */
  private byName: Map<string, DefRef[]> | undefined;

  constructor(private readonly extractions: FileExtraction[]) {}

  /**
   * The one top-level function or class named `name` in a script other than `f`, when `f` is a
   * script (its extraction lists the globals it declares); undefined for none or several. Asked
   * for each bare call nothing else answers, so it counts without a copy of the list.
   */
  reach(f: number, name: string): DefRef | undefined {
    if (this.extractions[f]!.scriptGlobals === undefined) return undefined;
    let found: DefRef | undefined;
    for (const ref of (this.byName ??= this.index()).get(name) ?? []) {
      if (ref.file === f) continue;
      if (found) return undefined;
      found = ref;
    }
    return found;
  }

  private index(): Map<string, DefRef[]> {
    const byName = new Map<string, DefRef[]>();
    this.extractions.forEach((ext, file) => {
      for (const def of ext.scriptGlobals ?? []) {
        const name = ext.definitions[def]!.name;
        let refs = byName.get(name);
        if (!refs) byName.set(name, (refs = []));
        refs.push({ file, def });
      }
    });
    return byName;
  }
}
