// Faster paths through web-tree-sitter's node reads, installed once per thread as the runtime
// loads (grammar-loader.ts). Extraction reads a syntax tree through the library's `Node`, and
// each read crosses into WebAssembly: the node is written into a transfer buffer word by word,
// then the answer is read back. On effect's and rxjs's sources (615 files) one extraction made
// 2.5 million `typeId` reads, 1.0 million `endIndex` reads and 650,000 `childForFieldName` calls,
// and a CPU profile had the library's word writer and reader (`setValue`, `getValue`, which
// parse a type string on every call) at a fifth of the time outside the parse itself.
// SPEC §init_workspace: the index's cold time is held against a parse of the same files.
//
// Nothing here changes what a read answers:
// - a 32-bit word is written to and read from the runtime's own heap view, as the library's
//   little-endian path does, only on a little-endian machine (elsewhere its path is kept);
// - a node's type, end and namedness are read once per node object and kept on it: they are
//   fixed for the tree the node came from, as the start the library already keeps on it is;
// - a field name is found by a map from name to field id instead of a search of the list.
import type { Node } from 'web-tree-sitter';

/** The parts of the Emscripten module (web-tree-sitter's runtime) these paths read and replace. */
interface RuntimeWords {
  setValue?: unknown;
  getValue?: unknown;
  HEAP32?: unknown;
}

type SetValue = (ptr: number, value: number, type?: string) => void;
type GetValue = (ptr: number, type?: string) => number;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Replaces the runtime's word writer and reader with ones that take the `i32` case straight to
 * its heap view. The view is read from the module on every call: the runtime replaces it when
 * its memory grows.
 */
export function installWordAccess(runtime: RuntimeWords): boolean {
  const slowSet = runtime.setValue;
  const slowGet = runtime.getValue;
  if (!LITTLE_ENDIAN || typeof slowSet !== 'function' || typeof slowGet !== 'function') return false;
  if (!(runtime.HEAP32 instanceof Int32Array)) return false;
  const set = slowSet as SetValue;
  const get = slowGet as GetValue;
  runtime.setValue = (ptr: number, value: number, type = 'i8') => {
    if (type === 'i32') (runtime.HEAP32 as Int32Array)[ptr >> 2] = value;
    else set(ptr, value, type);
  };
  runtime.getValue = (ptr: number, type = 'i8') => (type === 'i32' ? (runtime.HEAP32 as Int32Array)[ptr >> 2]! : get(ptr, type));
  return true;
}

/** The node reads kept per node object once read. */
const KEPT_READS = ['typeId', 'endIndex', 'isNamed'] as const;

interface NodeClass {
  prototype: object;
}

/** Read tables of the languages seen: field id by field name. */
type FieldIds = Map<string, number>;

/**
 * Installs the kept reads and the field lookup on the library's Node class. Returns false, and
 * changes nothing, when the class does not have the shape these paths were written against (a
 * later web-tree-sitter): the index then reads nodes the library's own way.
 */
export function installNodeReads(NodeClass: NodeClass): boolean {
  const proto = NodeClass.prototype as Record<string, unknown>;
  const getters = KEPT_READS.map((name) => Object.getOwnPropertyDescriptor(proto, name)?.get);
  const childForFieldId = proto.childForFieldId;
  if (getters.some((g) => typeof g !== 'function') || typeof childForFieldId !== 'function') return false;
  KEPT_READS.forEach((name, i) => {
    const read = getters[i]!;
    const kept = Symbol(name);
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: Record<symbol, unknown>) {
        let value = this[kept];
        if (value === undefined) this[kept] = value = read.call(this);
        return value;
      },
    });
  });
  const byLanguage = new WeakMap<object, FieldIds>();
  const fieldIdsOf = (language: { fields: ReadonlyArray<string | null> }): FieldIds => {
    let ids = byLanguage.get(language);
    if (!ids) {
      ids = new Map();
      // The library answers a name's first id (`indexOf`); so does the map.
      language.fields.forEach((field, id) => {
        if (field !== null && !ids!.has(field)) ids!.set(field, id);
      });
      byLanguage.set(language, ids);
    }
    return ids;
  };
  const byId = childForFieldId as (this: Node, id: number) => Node | null;
  proto.childForFieldName = function childForFieldName(this: Node, fieldName: string): Node | null {
    const id = fieldIdsOf(this.tree.language).get(fieldName);
    return id === undefined ? null : byId.call(this, id);
  };
  return true;
}
