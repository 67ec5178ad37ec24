// The files of one extraction run, handed out to lanes (this thread and the pool's workers).
// Largest first, so the last files a lane takes are short ones and no lane finishes long after
// the others; and by grammar, so a lane keeps to the grammars it has already loaded: loading a
// grammar costs a lane its compile and JIT warm-up, which a grammar few files use never repays.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { grammarForPath } from './grammar-loader.ts';

export class WorkQueue {
  /** Per grammar, the files left, largest last (taken with pop). */
  private readonly byGrammar = new Map<string, string[]>();
  /** Grammars some lane has loaded: another lane takes them only when nothing else is left. */
  private readonly claimed = new Set<string>();
  private readonly sizes = new Map<string, number>();

  constructor(root: string, files: string[], sizes?: ReadonlyMap<string, { size: number }>) {
    const sized = files.map((file) => ({ file, size: sizes?.get(file)?.size ?? sizeOf(join(root, file)) }));
    sized.sort((a, b) => a.size - b.size || (a.file < b.file ? -1 : 1));
    for (const { file, size } of sized) {
      this.sizes.set(file, size);
      this.add(file);
    }
  }

  get length(): number {
    let left = 0;
    for (const list of this.byGrammar.values()) left += list.length;
    return left;
  }

  /**
   * Up to `count` files for a lane that has loaded `loaded`, and no more than `maxBytes` of them
   * past the first: of one grammar, one of its own if any are left, else one no lane has loaded
   * yet (the largest such group), else any.
   */
  take(loaded: Set<string>, count: number, maxBytes = Number.POSITIVE_INFINITY): string[] {
    const grammar = this.pick(loaded);
    if (grammar === undefined) return [];
    loaded.add(grammar);
    this.claimed.add(grammar);
    const list = this.byGrammar.get(grammar)!;
    let n = 0;
    let bytes = 0;
    while (n < count && n < list.length) {
      bytes += this.sizes.get(list[list.length - 1 - n]!) ?? 0;
      if (n > 0 && bytes > maxBytes) break;
      n++;
    }
    return list.splice(list.length - n).reverse();
  }

  /** Files handed back by a lane that died; they go out again first. */
  giveBack(files: string[]): void {
    for (const file of files) this.add(file);
  }

  /** Puts a file last in its grammar's list, the next to be taken. */
  private add(file: string): void {
    const grammar = grammarForPath(file)?.grammar ?? '';
    let list = this.byGrammar.get(grammar);
    if (!list) this.byGrammar.set(grammar, (list = []));
    list.push(file);
  }

  /** Every file not handed out, for the caller's "not done" list. */
  remaining(): string[] {
    return [...this.byGrammar.values()].flat();
  }

  private pick(loaded: Set<string>): string | undefined {
    let unclaimed: string | undefined;
    let any: string | undefined;
    for (const [grammar, list] of this.byGrammar) {
      if (list.length === 0) continue;
      if (loaded.has(grammar)) return grammar;
      if (!this.claimed.has(grammar) && (unclaimed === undefined || list.length > this.byGrammar.get(unclaimed)!.length)) unclaimed = grammar;
      if (any === undefined || list.length > this.byGrammar.get(any)!.length) any = grammar;
    }
    return unclaimed ?? any;
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0; // unreadable: extraction reports it as the file's error
  }
}
