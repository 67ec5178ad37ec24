// What a Python annotation types a name with, read from its text: one class (`Store`,
// `mod.Store`, `Store[T]` as Store), and the forms that only add `None` to it, which jedi reads
// as the class: `Optional[Store]`, `typing.Optional[Store]`, `Union[Store, None]`, `Store | None`,
// each quoted (`"Store | None"`) or with the class quoted inside (`Optional["Store"]`); or a
// collection of one class, `Store[]` (COLLECTIONS: `List[Store]`, `Sequence[Store]`,
// `Iterable[Store]`, `Tuple[Store, ...]`), whose elements a loop or an index reads. Anything
// else (`Union[A, B]`, `A | B`, `Dict[K, V]`, `Callable[..., A]`) types nothing.

/** Annotation text read at most (longer ones name no class). */
const MAX_ANNOTATION = 240;
/** A name path as an annotation or a return writes it, each part and the count of parts bounded. */
export const DOTTED_NAME = /^[A-Za-z_]\w{0,79}(?:\.[A-Za-z_]\w{0,79}){0,5}$/;
/** `Optional`, `typing.Optional`, `t.Optional`: the wrapper's name as written before `[`. */
const OPTIONAL = /^(?:[A-Za-z_]\w{0,39}\.)?Optional$/;
const UNION = /^(?:[A-Za-z_]\w{0,39}\.)?Union$/;
/** The generics whose one type argument is what iterating (or indexing) them gives, as `typing` or builtins name them. */
const COLLECTIONS = new Set(
  'List list Tuple tuple Sequence MutableSequence Iterable Iterator Collection Set set FrozenSet frozenset AbstractSet MutableSet Deque deque Reversible AsyncIterable AsyncIterator Generator AsyncGenerator'.split(
    ' ',
  ),
);
/** `typing.List`, `t.Sequence`, `collections.abc.Iterable`: the name a collection generic is written under, its module path dropped. */
function collectionName(wrapper: string): string | undefined {
  const name = wrapper.slice(wrapper.lastIndexOf('.') + 1);
  return COLLECTIONS.has(name) && DOTTED_NAME.test(wrapper) ? name : undefined;
}

/** `text` cut at `separator` where no bracket is open; undefined when the brackets do not balance. */
function topLevelParts(text: string, separator: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') {
      if (--depth < 0) return undefined;
    } else if (c === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  parts.push(text.slice(from));
  return parts;
}

function unquoted(text: string): string {
  const q = text[0];
  return text.length >= 2 && (q === '"' || q === "'") && text.at(-1) === q ? text.slice(1, -1) : text;
}

/** The one part that is not `None`, else undefined. */
function besideNone(parts: string[]): string | undefined {
  const named = parts.filter((p) => p !== 'None');
  return named.length === 1 && parts.length > 1 ? named[0] : undefined;
}

/** The class, or collection of one class (`Store[]`), an annotation's text names (whitespace and all), or undefined. */
export function annotatedType(written: string): string | undefined {
  if (written.length > MAX_ANNOTATION) return undefined;
  let text = unquoted(written.replace(/\s+/g, ''));
  // A wrapper a round: `Optional["Store"]`, `"Optional[Store]"` and `Optional[Store | None]` take two.
  for (let round = 0; round < 3; round++) {
    const alternatives = topLevelParts(text, '|');
    if (!alternatives) return undefined;
    if (alternatives.length > 1) {
      const one = besideNone(alternatives);
      if (!one) return undefined;
      text = unquoted(one);
      continue;
    }
    const open = text.indexOf('[');
    if (open < 0 || !text.endsWith(']')) break;
    const wrapper = text.slice(0, open);
    const inner = text.slice(open + 1, -1);
    if (OPTIONAL.test(wrapper)) text = unquoted(inner);
    else if (collectionName(wrapper)) {
      // `List[Store]`, `Tuple[Store, ...]`, `Generator[Store, None, None]`: the first argument, one class.
      const args = topLevelParts(inner, ',');
      const tuple = /^(?:Tuple|tuple)$/.test(wrapper.slice(wrapper.lastIndexOf('.') + 1));
      if (!args || (tuple && (args.length !== 2 || args[1] !== '...'))) return undefined;
      const element = annotatedType(unquoted(args[0]!));
      return element && !element.endsWith('[]') ? `${element}[]` : undefined;
    } else if (UNION.test(wrapper)) {
      const one = besideNone(topLevelParts(inner, ',') ?? []);
      if (!one) return undefined;
      text = unquoted(one);
    } else {
      // `Store[T]`, `Dict[str, Store]`: the generic's own name, as written.
      text = wrapper;
      break;
    }
  }
  return text !== 'None' && DOTTED_NAME.test(text) ? text : undefined;
}
