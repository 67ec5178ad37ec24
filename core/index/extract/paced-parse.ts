// Parsing on a thread that must keep answering (the server's: SPEC §init_workspace, a lane of
// the index runs there beside the workers). tree-sitter parses a 200 KB file in one call of
// 100-600 ms; given a time slicer, the parse is cancelled from its progress callback when the
// slice is due and resumed after a turn of the event loop (tree-sitter keeps a cancelled
// parse's state and carries on from it on the next call with the same input). The tree is the
// one a single call builds.
import type { Parser, Tree } from 'web-tree-sitter';
import type { TimeSlicer } from './time-slices.ts';

// Per thread, like the parsers it guards (grammar-loader.ts): a parse paused on a parser must
// end before any other parse on this thread starts, or that one would resume it.
let parsing: Promise<unknown> = Promise.resolve();

/**
 * `parser.parse(source, old)`, in slices when a slicer is given; parses on this thread run one
 * after another. `old`: a tree edited to match `source`, whose unchanged parts are reused.
 */
export function parseSource(parser: Parser, source: string, slicer?: TimeSlicer, old?: Tree): Promise<Tree | null> {
  const run = parsing.then(() => (slicer ? parseInSlices(parser, source, slicer, old) : parser.parse(source, old)));
  parsing = run.catch(() => undefined);
  return run;
}

async function parseInSlices(parser: Parser, source: string, slicer: TimeSlicer, old?: Tree): Promise<Tree | null> {
  // Where the input's last token ends, in the UTF-16 bytes the progress state counts. A parse
  // resumed twice and then cancelled again once it has read that far (its last reductions and
  // the tree's balancing) came back as a different tree from web-tree-sitter 0.25 (a
  // `module.exports = { a, b, c, d, e }` whose shorthand key held the keys after it), so from
  // there it runs to the end in one call.
  const end = 2 * source.trimEnd().length;
  for (;;) {
    let cancelled = false;
    const tree = parser.parse(source, old ?? null, { progressCallback: (state) => (cancelled = state.currentOffset < end && slicer.due()) });
    if (tree) return tree;
    if (!cancelled) {
      parser.reset();
      return null;
    }
    await slicer.pause();
  }
}
