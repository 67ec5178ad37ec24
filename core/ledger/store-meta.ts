// What the local store tells the `_meta` envelope: schema_version_at_index for the current
// workspace and binary_drift_warning (LocalStoreService.meta). Until the store is open these
// fields are absent ("not applicable"), never zero.

export interface BinaryDrift {
  stored_version: number;
  running_version: number;
  remediation: string;
}

export interface StoreMeta {
  schemaVersionAtIndex?: number;
  binaryDrift?: BinaryDrift | null;
}
