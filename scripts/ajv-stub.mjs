// Stands in for the MCP SDK's Ajv-backed JSON Schema validator in the bundle. The server passes
// its own validator (it sends no elicitation), so Ajv (about 130 KB with its formats) would
// only be parsed at every start for nothing (scripts/build.mjs).
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error('metabob-mcp bundles no Ajv: pass a jsonSchemaValidator');
  }
}
