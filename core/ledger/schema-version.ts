// The local store's schema version compiled into this binary (META-ENVELOPE
// §schema_version). Bumped with every migration in core/ledger/.
export const SCHEMA_VERSION = 1;
