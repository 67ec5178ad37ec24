// What the local store tells the `_meta` envelope: schema_version_at_index for the current
// workspace and binary_drift_warning. Filled in by the store once it is open; until then
// these fields are absent ("not applicable"), never zero.

export interface BinaryDrift {
  stored_version: number;
  running_version: number;
  remediation: string;
}

export interface StoreMeta {
  schemaVersionAtIndex?: number;
  binaryDrift?: BinaryDrift | null;
}

let provider: (() => StoreMeta | undefined) | undefined;

export function setStoreMetaProvider(fn: () => StoreMeta | undefined): void {
  provider = fn;
}

export function storeMeta(): StoreMeta | undefined {
  try {
    return provider?.();
  } catch {
    return undefined;
  }
}
