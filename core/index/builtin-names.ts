// Names a bare call reaches without any import: language built-ins and globals. A by-name
// fallback never links these to a same-named workspace function (precision over recall:
// a wrong edge misleads more than a missing one): `format(x)` in Python is the built-in, not django/utils/dateformat.py's format.
import type { LanguageId } from './extract-types.ts';

const PYTHON = new Set(
  ('abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod ' +
    'enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance ' +
    'issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr ' +
    'reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__').split(' '),
);

const JAVASCRIPT = new Set(
  ('Array ArrayBuffer BigInt Boolean DataView Date Error EvalError Function Map Number Object Promise Proxy RangeError ' +
    'ReferenceError RegExp Set String Symbol SyntaxError TypeError URIError URL URLSearchParams WeakMap WeakSet ' +
    'clearInterval clearTimeout decodeURI decodeURIComponent encodeURI encodeURIComponent eval fetch isFinite isNaN ' +
    'parseFloat parseInt queueMicrotask require setImmediate setInterval setTimeout structuredClone').split(' '),
);

export function isBuiltinCall(language: LanguageId, name: string): boolean {
  return language === 'python' ? PYTHON.has(name) : language === 'go' || language === 'java' || language === 'rust' ? false : JAVASCRIPT.has(name);
}
