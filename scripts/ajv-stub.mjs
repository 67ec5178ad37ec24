// Stands in for the MCP SDK server's runtime shims (`@modelcontextprotocol/server/_shims`) in
// the bundle. Their Node flavour is the process object and an Ajv-backed JSON Schema validator;
// the server passes its own validator (it sends no elicitation), so Ajv (about 130 KB with its
// formats) would only be parsed at every start for nothing (scripts/build.mjs).
import process from 'node:process';

export class DefaultJsonSchemaValidator {
  constructor() {
    throw new Error('metabob-mcp bundles no Ajv: pass a jsonSchemaValidator');
  }
}

export { process };
